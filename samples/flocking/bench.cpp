#include "bench.h"

#include "bench/calibration.h"

namespace flocking {

std::vector<SweepTimes> benchSweep(int largest, double budgetMs,
                                   const std::function<void(int)>& load,
                                   const std::function<void(bool grid)>& step,
                                   cs::GpuProfiler::Method method) {
    std::vector<SweepTimes> times;
    double lastMs[2] = {0, 0};  // the last time of each search; -1 once it stopped
    int lastCount = 0;
    for (int n = largest < 4096 ? largest : 4096; n <= largest; n *= 4) {
        const double growth = lastCount > 0 ? double(n) / lastCount : 1.0;
        SweepTimes t;
        t.count = n;
        for (bool grid : {false, true}) {
            double& last = lastMs[grid];
            if (last < 0 || last * (grid ? growth : growth * growth) > budgetMs) {
                last = -1;
                continue;
            }
            if (!t.allPairsMs && !t.gridMs) load(n);
            auto run = [&] { step(grid); };
            double ms = cs::medianGpuMs(run, method, 1);
            if (ms < 200.0) ms = cs::medianGpuMs(run, method, 5);
            (grid ? t.gridMs : t.allPairsMs) = last = ms;
        }
        if (!t.allPairsMs && !t.gridMs) break;
        times.push_back(t);
        lastCount = n;
    }
    return times;
}

}  // namespace flocking
