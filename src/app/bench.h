#pragma once
// Benchmark support. Absolute timings mean little across machines, so every figure a sample
// reports is also given as a fraction of what this device does on two simple kernels,
// measured in the same run (a roofline calibration):
//   copy: bytes read + bytes written per second, in GB/s: the faster of a copy kernel
//         (16-byte accesses, four in flight per invocation) and glCopyBufferSubData, over
//         buffers far larger than any cache
//   fma:  independent chains of fused multiply-adds, in GFLOP/s (2 FLOPs per FMA)
// A roofline is a ceiling: a figure above 1.0 of it means the calibration fell short of the
// device, and the report flags it.
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "gl/profiler.h"

namespace cs {

struct Calibration {
    double copyGBps = 0.0;        // the roofline: the faster of the two copies below
    double shaderCopyGBps = 0.0;  // calibrate_copy.comp
    double apiCopyGBps = 0.0;     // glCopyBufferSubData
    double fmaGflops = 0.0;
    // How much the repeats of a measurement varied: (slowest - fastest) / median time, of
    // the copy taken as the roofline and of the FMA kernel.
    double copySpread = 0.0, fmaSpread = 0.0;
};

// Runs the two calibration kernels on the current context (a second or so), timed the
// way `method` says.
Calibration calibrateDevice(GpuProfiler::Method method);

struct PassStats {
    double medianMs = 0, minMs = 0, maxMs = 0;
    int samples = 0;
};
PassStats summarize(std::vector<double> ms);

// Milliseconds of `dispatch` over `repeats` runs after one warm-up, timed the way `method`
// says (waits for the GPU: for benchmarks that sweep sizes, not for frames).
PassStats gpuTimes(const std::function<void()>& dispatch, GpuProfiler::Method method,
                   int repeats = 5);
// Their median.
double medianGpuMs(const std::function<void()>& dispatch, GpuProfiler::Method method,
                   int repeats = 5);

// The same for CPU work, such as a reference implementation timed beside the GPU's: the
// median milliseconds of `repeats` runs after one warm-up.
double medianCpuMs(const std::function<void()>& work, int repeats = 5);

// Whether this driver's GL_TIME_ELAPSED queries time compute dispatches (a few ms to find out).
GpuProfiler::Method detectTimingMethod();

// One figure of merit: e.g. "invert bandwidth", 12.3 "GB/s", 0.41 of "copy".
struct BenchFigure {
    std::string name;
    double value = 0.0;
    std::string unit;
    double fraction = 0.0;  // value / the calibration figure named by `of`
    std::string of;         // "copy" or "fma"; empty when the figure has no roofline
    // Above 1.0 of its roofline: the calibration fell short of what this device does.
    bool aboveRoofline() const { return !of.empty() && fraction > 1.0; }
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
