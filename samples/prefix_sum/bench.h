#pragma once
// The prefix_sum sample's --bench sweep: the library's two scans over growing arrays, timed
// side by side and beside std::inclusive_scan on one CPU core with the same data, and each
// checked against it.
#include <cstdint>
#include <vector>

#include "bench/profiler.h"

namespace prefix_sum {

struct SweepTimes {
    int log2 = 0;  // the array held 2^log2 elements
    // Medians: cs::GpuScan's single pass and reduce-then-scan, and std::inclusive_scan.
    double singlePassMs = 0, reduceThenScanMs = 0, cpuMs = 0;
};

// Scans 2^16, 2^18, ... 2^maxLog2 random uint32s from `seed` with both of cs::GpuScan's
// algorithms, timed the way `method` says, and with std::inclusive_scan. With `stopWhenSlow`,
// the sweep also stops before a size whose GPU scans would take more than a few seconds,
// judging by the size before (a CPU renderer such as llvmpipe stops after 2^24 or 2^26). Throws
// cs::Error where a GPU scan differs from the CPU's.
std::vector<SweepTimes> benchSweep(int maxLog2, bool stopWhenSlow, std::uint32_t seed,
                                   cs::GpuProfiler::Method method);

}  // namespace prefix_sum
