#pragma once
// The prefix_sum sample's --bench sweep: the library's two scans over growing arrays, timed
// side by side and beside std::inclusive_scan on one CPU core with the same data, and each
// checked against it; with --bench-variants, every variant of the single pass as well.
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "bench/profiler.h"
#include "bench/report.h"

namespace prefix_sum {

// The single pass's look-back per tile, from one more run with its counters compiled in
// (cs::SinglePassOptions::countLookBack): mean and maximum over the tiles.
struct LookBackSummary {
    double meanSteps = 0, meanPolls = 0, meanFallbacks = 0;
    std::uint32_t maxSteps = 0, maxPolls = 0, maxFallbacks = 0;
};

// One variant of the single pass (cs::SinglePassOptions, cs::GpuScan::setCoalesced) at one size.
struct VariantTimes {
    std::string name;  // e.g. "window 32, atomic reads, 128x8, coalesced"
    double ms = 0;     // median
    LookBackSummary lookBack;
    bool lookedBack = true;  // false for tiles scanned alone: no look-back to count
};

struct SweepTimes {
    int log2 = 0;  // the array held 2^log2 elements
    // Medians: cs::GpuScan's single pass and reduce-then-scan, and std::inclusive_scan.
    double singlePassMs = 0, reduceThenScanMs = 0, cpuMs = 0;
    // The copy roofline at this size: a copy of the 4 * 2^log2 bytes of the array, in GB/s
    // (bytes read + bytes written), measured in the same sweep in the scans' own buffers, from
    // the input to the output (cs::copyGBpsBetween).
    double copyGBps = 0;
    LookBackSummary singlePassLookBack;
    std::vector<VariantTimes> variants;  // with --bench-variants, from 2^20 up
    // From 2^20 up: the single pass with each tile scanned alone, no look-back
    // (cs::SinglePassOptions::tilesAlone), median; else 0. What the look-back costs is the
    // difference from singlePassMs.
    double tilesAloneMs = 0;
    // With --bench-variants, from 2^20 up: reduce-then-scan with coalesced tiles, median; else 0.
    double reduceThenScanCoalescedMs = 0;
};

// Scans 2^16, 2^18, ... 2^maxLog2 random uint32s from `seed` with both of cs::GpuScan's
// algorithms, timed the way `method` says, and with std::inclusive_scan; with `variants`, from
// 2^20 up also each variant of the single pass (variantOptions() in bench.cpp). With
// `stopWhenSlow`, the sweep also stops before a size whose GPU scans would take more than a
// few seconds, judging by the size before (a CPU renderer such as llvmpipe stops after 2^24 or
// 2^26). From 2^26 up it prints every timed run on stderr, so that their spread shows. Throws
// cs::Error where a GPU scan differs from the CPU's.
std::vector<SweepTimes> benchSweep(int maxLog2, bool stopWhenSlow, std::uint32_t seed,
                                   cs::GpuProfiler::Method method, bool variants);

// Appends the figures of one size that follow from the two scans' rates: their ratio, the
// CPU's rate, the copy, the single pass's look-back (mean and maximum per tile), and each
// variant's rate and look-back. `scanFigure` rates a scan of `ms` against the copy.
void appendSweepFigures(
    const SweepTimes& times,
    const std::function<cs::BenchFigure(const std::string& name, double ms)>& scanFigure,
    std::vector<cs::BenchFigure>& figures);

}  // namespace prefix_sum
