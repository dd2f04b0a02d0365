#pragma once
// The cloth sample's --bench sweep: thesis Figure 13 as data (ms per step on the GPU and on
// one CPU thread for growing grids, and their ratio), for every solver variant, and how well
// XPBD's two solvers converge for the time they take. main.cpp loads and steps its GPU state
// and gives the bytes each variant moves (its roofline formula); the sweep times both sides.
#include <functional>
#include <string>
#include <vector>

#include "app/params.h"
#include "bench/profiler.h"
#include "bench/report.h"
#include "cloth.h"
#include "gl/uniform_block.h"

namespace cloth {

// The four ways to step: springs gathered or coloured, XPBD by Jacobi or coloured.
struct Variant {
    std::string name;  // as main.cpp names its pass, e.g. "springs gather"
    Solver solver;
    bool colouring;
};
extern const Variant kVariants[4];

// The name of the variant `m` steps with, which names its pass time in the overlay and in
// --bench: one of kVariants', or "springs naive" for the racing scatter.
std::string variantName(const Method& m);

// points x substeps per second, as a fraction of what the copy bandwidth allows at
// `bytesPerPoint` per point and substep.
cs::BenchFigure throughputFigure(const std::string& name, double pointSubsteps,
                                 double bytesPerPoint, double ms, const cs::Calibration& c);

// What the sweeps need of the sample, which owns the GPU state and the roofline formula.
struct Sweep {
    Physics base;   // the sample's parameters: every variant's other numbers
    Method method;  // the sample's solver and substeps
    float dt;       // seconds per step
    // The block the passes read: each variant's numbers go up there before its steps, and the
    // sample's values are put back.
    cs::UniformBlock<Physics>* block;
    int largest = 0;         // the largest grid edge; 0: 256 on a CPU renderer, else 1024
    float highestStiffness;  // the convergence sweep's stiffness
    // The bytes a variant must move per point and substep (the roofline formula).
    std::function<double(const Variant&)> bytesPerPoint{};
    // Makes `points` (width x height) the state that step() steps, pinned as they say.
    std::function<void(const std::vector<Point>& points, int width, int height)> loadGrid{};
    // One step by `method` on the GPU, of the numbers in `block`.
    std::function<void(const Method& method)> step{};
    cs::GpuProfiler::Method timing{};
    // The frames' own steps, where they ran one of kVariants on the GPU: `method` on a
    // columns x rows grid, ms per step (their median); ms < 0: none.
    struct Frames {
        int columns = 0, rows = 0;
        double ms = -1.0;
    } frames{};
};

// First the frames' steps, as "<variant> <columns>x<rows>", against the roofline. Then the
// grid sweep: for n = 8, 16, 32, ... up to the largest edge, every variant with `base`'s
// other numbers: "<variant> n=<n> gpu" and "cpu" in ms per step (the median of 5 steps, or
// of 1 where one takes over 200 ms), "cpu/gpu" (above 1: the GPU is faster), and the GPU's
// throughput against its roofline (bytesPerPoint(variant)).
//
// Then XPBD per millisecond: a 32 x 32 cloth (or the largest edge, if smaller) hanging from
// two corners at the highest stiffness, with 1 to 32 substeps, coloured and Jacobi: the RMS
// stretch of its springs over the second half of its first second (0 for a converged solve),
// and the GPU ms per step it costs.
std::vector<cs::BenchFigure> runSweep(const Sweep& sweep, const cs::Calibration& calibration);

// The RMS relative stretch of every spring: 0 when each has its rest length.
double rmsStretch(const CpuCloth& cloth);

// The sweep's --bench-max flag, declared (active only with --bench, `benchmarking`).
int& declareBenchMax(cs::Params& flags, std::function<bool()> benchmarking);

}  // namespace cloth
