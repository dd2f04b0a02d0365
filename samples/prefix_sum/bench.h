#pragma once
// The prefix_sum sample's --bench sweep: the library's two scans over growing arrays, timed
// side by side and beside std::inclusive_scan on one CPU core with the same data, and each
// checked against it.
#include <cstdint>
#include <vector>

#include "bench/profiler.h"
#include "bench/report.h"

namespace prefix_sum {

struct SweepTimes {
    int log2 = 0;  // the array held 2^log2 elements
    // Medians: cs::GpuScan's single pass and reduce-then-scan, and std::inclusive_scan.
    double singlePassMs = 0, reduceThenScanMs = 0, cpuMs = 0;
    // The single pass's look-back per tile, from one more run with its counters compiled in
    // (cs::SinglePassOptions::countLookBack): mean and maximum over the tiles.
    double meanSteps = 0, meanPolls = 0, meanFallbacks = 0;
    std::uint32_t maxSteps = 0, maxPolls = 0, maxFallbacks = 0;
};

// Appends the look-back counts of one size to `figures`: mean and maximum per tile.
void appendLookBackFigures(const SweepTimes& times, std::vector<cs::BenchFigure>& figures);

// Scans 2^16, 2^18, ... 2^maxLog2 random uint32s from `seed` with both of cs::GpuScan's
// algorithms, timed the way `method` says, and with std::inclusive_scan. With `stopWhenSlow`,
// the sweep also stops before a size whose GPU scans would take more than a few seconds,
// judging by the size before (a CPU renderer such as llvmpipe stops after 2^24 or 2^26). From
// 2^26 up it prints every timed run on stderr, so that their spread shows. Throws cs::Error
// where a GPU scan differs from the CPU's.
std::vector<SweepTimes> benchSweep(int maxLog2, bool stopWhenSlow, std::uint32_t seed,
                                   cs::GpuProfiler::Method method);

}  // namespace prefix_sum
