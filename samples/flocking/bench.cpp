#include "bench.h"

#include <string>

#include "bench/calibration.h"

namespace flocking {
namespace {

struct SweepTimes {
    int count = 0;
    // One step of each search, median; 0 where the search was not timed at this size.
    double allPairsMs = 0, gridMs = 0;
};

std::vector<SweepTimes> timeSteps(const Sweep& sweep) {
    std::vector<SweepTimes> times;
    double lastMs[2] = {0, 0};  // the last time of each search; -1 once it stopped
    int lastCount = 0;
    for (int n = sweep.largest < 4096 ? sweep.largest : 4096; n <= sweep.largest; n *= 4) {
        const double growth = lastCount > 0 ? double(n) / lastCount : 1.0;
        SweepTimes t;
        t.count = n;
        for (bool grid : {false, true}) {
            double& last = lastMs[grid];
            if (last < 0 || last * (grid ? growth : growth * growth) > sweep.budgetMs) {
                last = -1;
                continue;
            }
            if (!t.allPairsMs && !t.gridMs) sweep.load(n);
            auto run = [&] { sweep.step(grid); };
            double ms = cs::medianGpuMs(run, sweep.timing, 1);
            if (ms < 200.0) ms = cs::medianGpuMs(run, sweep.timing, 5);
            (grid ? t.gridMs : t.allPairsMs) = last = ms;
        }
        if (!t.allPairsMs && !t.gridMs) break;
        times.push_back(t);
        lastCount = n;
    }
    return times;
}

}  // namespace

std::vector<cs::BenchFigure> runSweep(const Sweep& sweep, const cs::Calibration& calibration) {
    std::vector<cs::BenchFigure> figures;
    for (const SweepTimes& t : timeSteps(sweep)) {
        const std::string n = " N=" + std::to_string(t.count);
        if (t.allPairsMs > 0) {
            figures.push_back({"all_pairs steps/s" + n, 1e3 / t.allPairsMs, "steps/s", 0, ""});
            figures.push_back(cs::flopsFigure("all_pairs" + n, sweep.allPairsFlops(t.count),
                                              t.allPairsMs, calibration));
        }
        if (t.gridMs > 0) {
            figures.push_back({"grid steps/s" + n, 1e3 / t.gridMs, "steps/s", 0, ""});
            figures.push_back(
                cs::bandwidthFigure("grid" + n, sweep.gridBytes(t.count), t.gridMs, calibration));
        }
        if (t.allPairsMs > 0 && t.gridMs > 0)
            figures.push_back({"grid/all_pairs" + n, t.allPairsMs / t.gridMs, "x", 0, ""});
    }
    return figures;
}

Comparison compareSearches(const std::function<void(bool grid)>& step, GLuint count,
                           cs::GpuProfiler::Method timing) {
    Comparison compared;
    for (bool grid : {false, true})
        compared.ms[grid] = cs::medianGpuMs([&] { step(grid); }, timing, 1);
    compared.count = count;
    return compared;
}

}  // namespace flocking
