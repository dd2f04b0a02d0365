#pragma once
// Benchmark support. Absolute timings mean little across machines, so every figure a sample
// reports is also given as a fraction of what this device does on two simple kernels,
// measured in the same run (a roofline calibration):
//   copy: a plain SSBO-to-SSBO copy, in GB/s (bytes read + bytes written per second)
//   fma:  independent chains of fused multiply-adds, in GFLOP/s (2 FLOPs per FMA)
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "gl/profiler.h"

namespace cs {

struct Calibration {
    double copyGBps = 0.0;
    double fmaGflops = 0.0;
};

// Runs the two calibration kernels on the current context (a second or so), timed the
// way `method` says.
Calibration calibrateDevice(GpuProfiler::Method method);

// Median milliseconds of `dispatch` over `repeats` runs after one warm-up, timed the way
// `method` says (waits for the GPU: for benchmarks that sweep sizes, not for frames).
double medianGpuMs(const std::function<void()>& dispatch, GpuProfiler::Method method,
                   int repeats = 5);

// The same for CPU work, such as a reference implementation timed beside the GPU's: the
// median milliseconds of `repeats` runs after one warm-up.
double medianCpuMs(const std::function<void()>& work, int repeats = 5);

// Whether this driver's GL_TIME_ELAPSED queries time compute dispatches (a few ms to find out).
GpuProfiler::Method detectTimingMethod();

struct PassStats {
    double medianMs = 0, minMs = 0, maxMs = 0;
    int samples = 0;
};
PassStats summarize(std::vector<double> ms);

// One figure of merit: e.g. "invert bandwidth", 12.3 "GB/s", 0.41 of "copy".
struct BenchFigure {
    std::string name;
    double value = 0.0;
    std::string unit;
    double fraction = 0.0;  // value / the calibration figure named by `of`
    std::string of;         // "copy" or "fma"; empty when the figure has no roofline
};

// `bytes` moved (read + written) in `ms`, as GB/s and a fraction of the copy bandwidth.
BenchFigure bandwidthFigure(const std::string& name, double bytes, double ms,
                            const Calibration& calibration);
// `flops` done in `ms`, as GFLOP/s and a fraction of the FMA rate.
BenchFigure flopsFigure(const std::string& name, double flops, double ms,
                        const Calibration& calibration);

struct BenchReport {
    std::string sample, device, glVersion;
    std::string timing;  // how pass times were measured (GpuProfiler::methodName)
    std::map<std::string, std::string> params;
    Calibration calibration;
    std::vector<std::pair<std::string, PassStats>> passes;
    std::vector<BenchFigure> figures;
};

std::string benchText(const BenchReport& report);
std::string benchJson(const BenchReport& report);

}  // namespace cs
