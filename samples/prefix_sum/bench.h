#pragma once
// The prefix_sum sample's --bench sweep: the library scan over growing arrays, timed beside
// std::inclusive_scan on one CPU core with the same data, and checked against it.
#include <cstdint>
#include <vector>

#include "bench/profiler.h"

namespace prefix_sum {

struct SweepTimes {
    int log2 = 0;                 // the array held 2^log2 elements
    double gpuMs = 0, cpuMs = 0;  // medians of cs::GpuScan and of std::inclusive_scan
};

// Scans 2^16, 2^18, ... 2^maxLog2 random uint32s from `seed`, with cs::GpuScan timed the way
// `method` says, and with std::inclusive_scan. Throws cs::Error where the two differ.
std::vector<SweepTimes> benchSweep(int maxLog2, std::uint32_t seed, cs::GpuProfiler::Method method);

}  // namespace prefix_sum
