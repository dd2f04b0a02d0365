#pragma once
// The flocking sample's timings of whole steps: the --bench sweep, one step of each search,
// all_pairs and grid, timed at growing flock sizes, and the overlay's "compare searches".
// main.cpp loads flocks, runs steps and gives each search's roofline formula; these time the
// steps and make the figures.
#include <functional>
#include <vector>

#include "bench/profiler.h"
#include "bench/report.h"
#include "gl/gl.h"

namespace flocking {

struct Sweep {
    int largest = 0;      // the largest flock
    double budgetMs = 0;  // a search stops growing once its next step would take longer
    // The roofline formulas of a step of n members: all_pairs' FLOPs, the grid's bytes.
    std::function<double(double n)> allPairsFlops, gridBytes;
    std::function<void(int n)> load;      // makes a flock of n members the state
    std::function<void(bool grid)> step;  // one untimed step of a search from that state
    cs::GpuProfiler::Method timing;
};

// For N = 4096, 16384, 65536, ... up to `largest` (or `largest` alone, below 4096): one step
// of each search, timed the way `timing` says, the median of 5, or of 1 where a step takes
// over 200 ms. A search stops growing once its next step would take over `budgetMs` (all
// pairs grow as N², the grid as N), which keeps a CPU renderer's sweep short and a GPU's
// dispatches clear of display watchdogs. Per N: each search's steps/s and its fraction of
// its roofline (all_pairs of the FMA rate, the grid of the copy bandwidth), and the grid's
// speed-up.
std::vector<cs::BenchFigure> runSweep(const Sweep& sweep, const cs::Calibration& calibration);

// What "compare searches" measured: one step of all_pairs `ms[0]` and of grid `ms[1]`, at
// `count` members.
struct Comparison {
    double ms[2] = {0, 0};
    GLuint count = 0;
};

// One untimed step of each search from the current state (`step(grid)`), each timed as a
// whole the way `timing` says.
Comparison compareSearches(const std::function<void(bool grid)>& step, GLuint count,
                           cs::GpuProfiler::Method timing);

}  // namespace flocking
