#pragma once
// The flocking sample's --bench sweep: one step of each search, all_pairs and grid, timed at
// growing flock sizes.
#include <functional>
#include <vector>

#include "bench/profiler.h"

namespace flocking {

// 4096, 16384, 65536, 262144, 1048576, up to `largest` (or `largest` alone, below 4096). A
// CPU renderer (llvmpipe, softpipe) stops at 16384, where one all_pairs step already takes
// a second, unless `largest` was asked for.
std::vector<int> benchSizes(int largest, bool asked);

struct SweepTimes {
    int count = 0;
    double allPairsMs = 0, gridMs = 0;  // one step, median
};

// For each size: load(n) makes a flock of n members, then step(grid) runs one untimed step
// of the search, which is timed here the way `method` says: the median of 5, or of 1 where a
// step takes over 200 ms.
std::vector<SweepTimes> benchSweep(const std::vector<int>& sizes,
                                   const std::function<void(int)>& load,
                                   const std::function<void(bool grid)>& step,
                                   cs::GpuProfiler::Method method);

}  // namespace flocking
