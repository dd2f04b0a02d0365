#include "bench.h"

#include <algorithm>
#include <string>

#include "bench/calibration.h"
#include "gl/info.h"

namespace flocking {

std::vector<int> benchSizes(int largest, bool asked) {
    const std::string device = cs::deviceName();
    const bool cpuRenderer = device.find("llvmpipe") != std::string::npos ||
                             device.find("softpipe") != std::string::npos;
    if (cpuRenderer && !asked) largest = std::min(largest, 16384);
    std::vector<int> sizes;
    for (int n = 4096; n <= largest; n *= 4) sizes.push_back(n);
    if (sizes.empty()) sizes.push_back(largest);
    return sizes;
}

std::vector<SweepTimes> benchSweep(const std::vector<int>& sizes,
                                   const std::function<void(int)>& load,
                                   const std::function<void(bool grid)>& step,
                                   cs::GpuProfiler::Method method) {
    std::vector<SweepTimes> times;
    for (int n : sizes) {
        load(n);
        SweepTimes t;
        t.count = n;
        for (bool grid : {false, true}) {
            auto run = [&] { step(grid); };
            double ms = cs::medianGpuMs(run, method, 1);
            if (ms < 200.0) ms = cs::medianGpuMs(run, method, 5);
            (grid ? t.gridMs : t.allPairsMs) = ms;
        }
        times.push_back(t);
    }
    return times;
}

}  // namespace flocking
