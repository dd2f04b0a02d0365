#pragma once
// The nbody sample's --bench sweep: both step kernels at every work-group size, for each N of
// --bench-sizes, beside a plain single-threaded CPU loop with the same arithmetic. The sample
// owns the buffers, the programs and the FLOP count; the sweep is handed them in a Sweep.
#include <functional>
#include <string>
#include <vector>

#include "bench/calibration.h"
#include "bodies.h"
#include "gl/program.h"

namespace nbody {

// What the sweep runs, as the command line chose it.
struct SweepChoice {
    std::vector<int> bodyCounts;  // none: 4096, 16384, 65536 (4096, 8192 on a CPU renderer)
    // Names of kernels.h; none: every kernel (naive and tiled on a CPU renderer).
    std::vector<std::string> kernels;
};

// "--bench-sizes 4096,16384" and "--bench-kernels naive,tiled_4bodies": the body counts of the
// sweep, each in [1, 1048576], and its kernels, each a name of stepKernelNames(); none for "".
// Throws cs::UsageError naming the item that is neither.
SweepChoice parseSweep(const std::string& sizesText, const std::string& kernelsText);

struct Sweep {
    SweepChoice choice;
    std::vector<int> localSizes;  // the work-group sizes to build each kernel with
    double flopsPerInteraction;
    float softeningSqr;  // the steps' eps^2, which the CPU reference uses too
    // Makes `bodies` (a Plummer sphere of each N) the state that dispatchStep steps.
    std::function<void(const std::vector<Body>& bodies)> loadBodies;
    // The step program of `kernel` (a name of kernels.h) with the work-group size `localSize`.
    std::function<cs::Program(const std::string& kernel, int localSize)> stepProgram;
    // One dispatch of `program` that leaves the state as it was, so that every repeat is alike.
    std::function<void(const cs::Program& program)> dispatchStep;
    cs::GpuProfiler::Method timing;
};

// For each N: the GFLOP/s of each kernel at every work-group size (the median of 5
// dispatches, or of 1 where one takes over 200 ms), as fractions of the FMA rate; the CPU
// reference's GFLOP/s; and the ratios best tiled / best naive and best tiled / CPU, where
// best tiled is the best of tiled.comp and its variants.
std::vector<cs::BenchFigure> runSweep(const Sweep& sweep, const cs::Calibration& calibration);

}  // namespace nbody
