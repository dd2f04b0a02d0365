#pragma once
// What --bench reports: per-pass GPU times, and figures of merit as fractions of the device's
// own copy bandwidth and FMA rate (bench/calibration.h measures those), as text for the
// terminal and as JSON for scripts/bench.
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace cs {

struct Calibration {
    double copyGBps = 0.0;        // the roofline: the faster of the two copies below
    double shaderCopyGBps = 0.0;  // calibrate_copy.comp, its fastest variant
    double apiCopyGBps = 0.0;     // glCopyBufferSubData, its fastest variant
    std::string copyWay;          // which variant and size copyGBps is, e.g. "kernel x4, ..."
    // Every variant's first measurement (bench/calibration.h: CopyVariant), name and GB/s.
    std::vector<std::pair<std::string, double>> copyVariants;
    // With CS_BENCH_COPY_SIZES set (bench/calibration.h): every variant at each size.
    struct CopyAtSize {
        std::string variant;
        int mib = 0;  // per buffer
        double gbps = 0.0;
    };
    std::vector<CopyAtSize> copySizes;
    double fmaGflops = 0.0;
    // How much the repeats of a measurement varied: (slowest - fastest) / median time, of
    // the copy taken as the roofline and of the FMA kernel.
    double copySpread = 0.0, fmaSpread = 0.0;
    int fmaRuns = 0;  // the timed runs the FMA rate is the median of
};

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
