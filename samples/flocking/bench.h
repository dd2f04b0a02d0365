#pragma once
// The flocking sample's --bench sweep: one step of each search, all_pairs and grid, timed at
// growing flock sizes.
#include <functional>
#include <vector>

#include "bench/profiler.h"

namespace flocking {

struct SweepTimes {
    int count = 0;
    // One step of each search, median; 0 where the search was not timed at this size.
    double allPairsMs = 0, gridMs = 0;
};

// For N = 4096, 16384, 65536, ... up to `largest` (or `largest` alone, below 4096):
// load(N) makes a flock of N members, then step(grid) runs one untimed step of a search,
// which is timed here the way `method` says: the median of 5, or of 1 where a step takes
// over 200 ms. A search stops growing once its next step would take over `budgetMs` (all
// pairs grow as N², the grid as N), which keeps a CPU renderer's sweep short and a GPU's
// dispatches clear of display watchdogs.
std::vector<SweepTimes> benchSweep(int largest, double budgetMs,
                                   const std::function<void(int)>& load,
                                   const std::function<void(bool grid)>& step,
                                   cs::GpuProfiler::Method method);

}  // namespace flocking
