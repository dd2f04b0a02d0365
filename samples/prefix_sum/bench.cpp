#include "bench.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <numeric>
#include <random>
#include <string>

#include "bench/calibration.h"
#include "compute/scan.h"
#include "gl/info.h"
#include "util/error.h"

namespace prefix_sum {
namespace {

// The two GPU scans take turns, so that a change in the machine's load (others' work on the
// same cores, under llvmpipe) falls on both alike: kRounds rounds, in each of which each scan
// runs once to warm up and is then timed kRepeats times. The median of all timed runs counts.
constexpr int kRounds = 3, kRepeats = 1;
// Each variant of --bench-variants: one warm-up and this many timed runs, the median counting
// (the fastest and the slowest are printed on stderr beside it).
constexpr int kVariantRepeats = 3;
constexpr int kVariantsFromLog2 = 20;
// With stopWhenSlow, the GPU scans of no size may be expected to take longer than this in
// all: the next size has four times the elements, so it is expected to take four times as
// long as this one. The CPU's part (making the data, its scan) is left out, so that a fast
// GPU is not stopped short by the CPU.
constexpr double kSizeBudgetSeconds = 5.0;
// From this size up every timed run is printed: large sizes are where runs spread most.
constexpr int kPrintRunsFromLog2 = 26;

// A variant of the single pass: its options and whether its tiles load coalesced.
struct Variant {
    std::string name;
    cs::SinglePassOptions options;
    bool coalesced = false;
};

// `tile`, loaded straight or coalesced, scanned alone without a look-back: what the single pass
// costs apart from its work groups talking to each other (checked tile by tile).
Variant tilesAlone(const cs::TileShape& tile, bool coalesced) {
    Variant alone;
    alone.options.tile = tile;
    alone.options.tilesAlone = true;
    alone.coalesced = coalesced;
    alone.name = "tiles alone, " + std::to_string(tile.groupSize) + "x" +
                 std::to_string(tile.quads) + (coalesced ? ", coalesced" : ", straight");
    return alone;
}

// Whether a coalesced tile's staging area (scan_common.glsl's `staged`: a quad per element
// quad plus one per invocation, 16 bytes each for uint) fits the GL's shared memory, with 2 KiB
// to spare for the kernel's other shared variables.
bool stagingFits(const cs::TileShape& tile) {
    const GLint stagedBytes = GLint((tile.groupSize * tile.quads + tile.groupSize) * 16);
    return stagedBytes + 2048 <= cs::glInteger(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE);
}

// Every combination of the single pass's variants: the look-back one predecessor at a time or
// by windows of 32, the tile states read by atomics or plain loads, five tiles (2048, 4096 and
// 8192 elements), loads straight or coalesced. The first is the library's default. A coalesced
// tile whose staging does not fit this GL's shared memory is left out (256 x 8 on llvmpipe).
std::vector<Variant> variantOptions() {
    const cs::TileShape tiles[] = {{128, 8}, {256, 4}, {64, 16}, {128, 4}, {256, 8}};
    std::vector<Variant> variants;
    for (std::uint32_t window : {0u, 32u})
        for (bool atomicReads : {true, false})
            for (const cs::TileShape& tile : tiles)
                for (bool coalesced : {false, true}) {
                    if (coalesced && !stagingFits(tile)) continue;
                    Variant variant;
                    variant.options.lookBackWindow = window;
                    variant.options.atomicReads = atomicReads;
                    variant.options.tile = tile;
                    variant.coalesced = coalesced;
                    variant.name = (window > 0 ? "window " + std::to_string(window) : "serial") +
                                   (atomicReads ? ", atomic reads, " : ", relaxed reads, ") +
                                   std::to_string(tile.groupSize) + "x" +
                                   std::to_string(tile.quads) +
                                   (coalesced ? ", coalesced" : ", straight");
                    variants.push_back(variant);
                }
    // The default once more, its tile scanned through shared memory where it would use
    // subgroup operations: what they bring on a GPU that has them.
    Variant portable = variants.front();
    portable.options.subgroups = false;
    portable.name += ", no subgroups";
    variants.push_back(portable);
    // Where the subgroup kernel runs: the windowed look-back with its rounds combined by
    // subgroup operations, every read, tile and load.
    if (cs::computeSubgroupsMissing().empty())
        for (bool atomicReads : {true, false})
            for (const cs::TileShape& tile : tiles)
                for (bool coalesced : {false, true}) {
                    if (coalesced && !stagingFits(tile)) continue;
                    Variant variant;
                    variant.options.lookBackWindow = 32;
                    variant.options.windowBySubgroups = true;
                    variant.options.atomicReads = atomicReads;
                    variant.options.tile = tile;
                    variant.coalesced = coalesced;
                    variant.name = std::string("window 32 by subgroups") +
                                   (atomicReads ? ", atomic reads, " : ", relaxed reads, ") +
                                   std::to_string(tile.groupSize) + "x" +
                                   std::to_string(tile.quads) +
                                   (coalesced ? ", coalesced" : ", straight");
                    variants.push_back(variant);
                }
    // Each tile, loaded either way, scanned alone.
    for (const cs::TileShape& tile : tiles)
        for (bool coalesced : {false, true}) {
            if (coalesced && !stagingFits(tile)) continue;
            variants.push_back(tilesAlone(tile, coalesced));
        }
    return variants;
}

// The CPU's scan of each tile of `tileElements` of `data` by itself: what the single pass
// writes with cs::SinglePassOptions::tilesAlone.
std::vector<std::uint32_t> tileScans(const std::vector<std::uint32_t>& data,
                                     std::size_t tileElements) {
    std::vector<std::uint32_t> tiles(data.size());
    for (std::size_t i = 0; i < data.size(); ++i)
        tiles[i] = data[i] + (i % tileElements == 0 ? 0u : tiles[i - 1]);
    return tiles;
}

// Throws where `gpu` differs from the CPU's scan `cpu`.
void expectEqual(const std::vector<std::uint32_t>& gpu, const std::vector<std::uint32_t>& cpu,
                 const std::string& scan, int log2) {
    if (gpu != cpu)
        throw cs::Error("bench: the " + scan + " scan of 2^" + std::to_string(log2) +
                        " values differs from std::inclusive_scan");
}

// Reads back the scan's output and checks it.
void checkOutput(const cs::Buffer& out, std::vector<std::uint32_t>& gpu,
                 const std::vector<std::uint32_t>& cpu, const std::string& scan, int log2) {
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);  // the read-back reads the scan's writes
    out.download(gpu.data(), GLsizeiptr(gpu.size() * 4));
    expectEqual(gpu, cpu, scan, log2);
}

void printRuns(const char* scan, int log2, const std::vector<double>& ms) {
    std::fprintf(stderr, "prefix_sum: %s 2^%d, every timed run (ms):", scan, log2);
    for (double run : ms) std::fprintf(stderr, " %.4g", run);
    std::fprintf(stderr, "\n");
}

// Runs the single pass with `options` once more, with its look-back counters, and sums them up.
LookBackSummary countLookBack(cs::SinglePassOptions options, bool coalesced, const cs::Buffer& in,
                              const cs::Buffer& out, std::size_t n) {
    options.countLookBack = true;
    cs::GpuScan counted(cs::ElementType::Uint, cs::ScanAlgorithm::SinglePass);
    counted.setSinglePassOptions(options);
    counted.setCoalesced(coalesced);
    counted.run(in, out, n);
    const std::vector<cs::LookBackCount> counts = counted.lookBackCounts();
    LookBackSummary summary;
    double steps = 0, polls = 0, fallbacks = 0;
    for (const cs::LookBackCount& tile : counts) {
        steps += tile.steps;
        polls += tile.polls;
        fallbacks += tile.fallbacks;
        summary.maxSteps = std::max(summary.maxSteps, tile.steps);
        summary.maxPolls = std::max(summary.maxPolls, tile.polls);
        summary.maxFallbacks = std::max(summary.maxFallbacks, tile.fallbacks);
    }
    const double tiles = double(std::max<std::size_t>(counts.size(), 1));
    summary.meanSteps = steps / tiles;
    summary.meanPolls = polls / tiles;
    summary.meanFallbacks = fallbacks / tiles;
    return summary;
}

// One warm-up and kVariantRepeats timed runs of `scan` over the n elements of `in`, each
// ordered after the one before: the next run rewrites the output and the scan's own state.
cs::PassStats timeRuns(cs::GpuScan& scan, const cs::Buffer& in, const cs::Buffer& out,
                       std::size_t n, cs::GpuProfiler::Method method) {
    return cs::gpuTimes(
        [&] {
            scan.run(in, out, n);
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        },
        method, kVariantRepeats);
}

// Times one variant of the single pass at one size and counts its look-back; checks both runs.
// A variant with tiles alone is checked tile by tile, and has no look-back to count.
VariantTimes timeVariant(const Variant& variant, const cs::Buffer& in, const cs::Buffer& out,
                         std::vector<std::uint32_t>& gpu, const std::vector<std::uint32_t>& data,
                         const std::vector<std::uint32_t>& cpu, int log2,
                         cs::GpuProfiler::Method method) {
    cs::GpuScan scan(cs::ElementType::Uint, cs::ScanAlgorithm::SinglePass);
    scan.setSinglePassOptions(variant.options);
    scan.setCoalesced(variant.coalesced);
    VariantTimes times;
    times.name = variant.name;
    const cs::PassStats runs = timeRuns(scan, in, out, gpu.size(), method);
    times.ms = runs.medianMs;
    if (variant.options.tilesAlone) {
        times.lookedBack = false;
        checkOutput(out, gpu, tileScans(data, variant.options.tile.elements()),
                    "single-pass (" + variant.name + ")", log2);
    } else {
        checkOutput(out, gpu, cpu, "single-pass (" + variant.name + ")", log2);
        times.lookBack = countLookBack(variant.options, variant.coalesced, in, out, gpu.size());
        checkOutput(out, gpu, cpu, "counted single-pass (" + variant.name + ")", log2);
    }
    std::fprintf(stderr, "prefix_sum: 2^%d %s: %.4g ms (runs from %.4g to %.4g)", log2,
                 variant.name.c_str(), times.ms, runs.minMs, runs.maxMs);
    if (times.lookedBack)
        std::fprintf(stderr, ", look-back mean %.2f steps, %.2f polls", times.lookBack.meanSteps,
                     times.lookBack.meanPolls);
    std::fprintf(stderr, "\n");
    return times;
}

// Times reduce-then-scan with coalesced tiles (scan_tiles.comp and tile_sums.comp loading
// through shared memory) at one size, as a variant is timed; checks its output.
double timeCoalescedReduceThenScan(const cs::Buffer& in, const cs::Buffer& out,
                                   std::vector<std::uint32_t>& gpu,
                                   const std::vector<std::uint32_t>& cpu, int log2,
                                   cs::GpuProfiler::Method method) {
    cs::GpuScan scan(cs::ElementType::Uint, cs::ScanAlgorithm::ReduceThenScan);
    scan.setCoalesced(true);
    const cs::PassStats runs = timeRuns(scan, in, out, gpu.size(), method);
    checkOutput(out, gpu, cpu, "coalesced reduce-then-scan", log2);
    std::fprintf(stderr,
                 "prefix_sum: 2^%d reduce-then-scan, coalesced: %.4g ms (runs from %.4g to %.4g)\n",
                 log2, runs.medianMs, runs.minMs, runs.maxMs);
    return runs.medianMs;
}

}  // namespace

namespace {

// Appends a look-back summary, mean and maximum per tile, named after `scan` and the size.
void appendLookBackFigures(const std::string& scan, const LookBackSummary& lookBack,
                           const std::string& size, std::vector<cs::BenchFigure>& figures) {
    const std::string name = scan + " look-back per tile, ";
    figures.insert(
        figures.end(),
        {{name + "mean steps" + size, lookBack.meanSteps, "steps", 0.0, ""},
         {name + "max steps" + size, double(lookBack.maxSteps), "steps", 0.0, ""},
         {name + "mean polls" + size, lookBack.meanPolls, "polls", 0.0, ""},
         {name + "max polls" + size, double(lookBack.maxPolls), "polls", 0.0, ""},
         {name + "mean fallbacks" + size, lookBack.meanFallbacks, "fallbacks", 0.0, ""},
         {name + "max fallbacks" + size, double(lookBack.maxFallbacks), "fallbacks", 0.0, ""}});
}

}  // namespace

void appendSweepFigures(
    const SweepTimes& times,
    const std::function<cs::BenchFigure(const std::string& name, double ms)>& scanFigure,
    std::vector<cs::BenchFigure>& figures) {
    const std::string size = " 2^" + std::to_string(times.log2);
    const double n = std::ldexp(1.0, times.log2);
    figures.push_back({"single pass / reduce-then-scan" + size,
                       times.reduceThenScanMs / times.singlePassMs, "x", 0.0, ""});
    figures.push_back(
        {"CPU std::inclusive_scan" + size, n / (times.cpuMs * 1e6), "Gelem/s", 0.0, ""});
    figures.push_back({"copy" + size, times.copyGBps, "GB/s", 0.0, ""});
    appendLookBackFigures("single pass", times.singlePassLookBack, size, figures);
    if (times.tilesAloneMs > 0)
        figures.push_back(scanFigure("single-pass tiles alone (no look-back)", times.tilesAloneMs));
    if (times.reduceThenScanCoalescedMs > 0)
        figures.push_back(
            scanFigure("reduce-then-scan, coalesced", times.reduceThenScanCoalescedMs));
    for (const VariantTimes& variant : times.variants) {
        figures.push_back(scanFigure("single pass, " + variant.name, variant.ms));
        if (variant.lookedBack)
            appendLookBackFigures(variant.name, variant.lookBack, size, figures);
    }
}

std::vector<SweepTimes> benchSweep(int maxLog2, bool stopWhenSlow, std::uint32_t seed,
                                   cs::GpuProfiler::Method method, bool variants) {
    std::vector<SweepTimes> times;
    cs::GpuScan singlePass(cs::ElementType::Uint, cs::ScanAlgorithm::SinglePass);
    cs::GpuScan reduceThenScan(cs::ElementType::Uint, cs::ScanAlgorithm::ReduceThenScan);
    if (singlePass.singlePassUsesSubgroups())
        std::fprintf(stderr, "prefix_sum: the single pass uses subgroup operations here\n");
    std::mt19937 random{seed};
    std::string firstFailure;
    for (int log2 = 16; log2 <= maxLog2; log2 += 2) {
        const std::size_t n = std::size_t(1) << log2;
        std::vector<std::uint32_t> data(n), cpu(n), gpu(n);
        for (std::uint32_t& v : data) v = random();
        const auto bytes = GLsizeiptr(n * 4);
        cs::Buffer in("bench input", bytes, cs::BufferUse::Input, data.data());
        cs::Buffer out("bench output", bytes, cs::BufferUse::Computed);
        const double cpuMs =
            cs::medianCpuMs([&] { std::inclusive_scan(data.begin(), data.end(), cpu.begin()); });
        std::vector<double> singlePassMs, reduceThenScanMs;
        for (int round = 0; round < kRounds; ++round) {
            for (cs::GpuScan* scan : {&singlePass, &reduceThenScan}) {
                (scan == &singlePass ? singlePassMs : reduceThenScanMs)
                    .push_back(cs::medianGpuMs(
                        [&] {
                            scan->run(in, out, n);
                            // The next run rewrites the output (and the scan's own state) this
                            // one wrote.
                            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
                        },
                        method, kRepeats));
                checkOutput(out, gpu, cpu, scan == &singlePass ? "single-pass" : "reduce-then-scan",
                            log2);
            }
        }
        if (log2 >= kPrintRunsFromLog2) {
            printRuns("single pass", log2, singlePassMs);
            printRuns("reduce-then-scan", log2, reduceThenScanMs);
        }
        SweepTimes sizeTimes;
        sizeTimes.log2 = log2;
        sizeTimes.singlePassMs = cs::summarize(singlePassMs).medianMs;
        sizeTimes.reduceThenScanMs = cs::summarize(reduceThenScanMs).medianMs;
        sizeTimes.cpuMs = cpuMs;
        // The copy in the scans' own buffers, input to output: the most a scan can move there.
        sizeTimes.copyGBps = cs::copyGBpsBetween(in, out, method);
        sizeTimes.singlePassLookBack = countLookBack({}, false, in, out, n);
        checkOutput(out, gpu, cpu, "counted single-pass", log2);
        if (log2 >= kVariantsFromLog2)
            sizeTimes.tilesAloneMs =
                timeVariant(tilesAlone(cs::singlePassTile(cs::ElementType::Uint), false), in, out,
                            gpu, data, cpu, log2, method)
                    .ms;
        if (variants && log2 >= kVariantsFromLog2) {
            // A variant that fails its check is reported and the others still run; the
            // sweep throws the first failure at its end.
            for (const Variant& variant : variantOptions()) {
                try {
                    sizeTimes.variants.push_back(
                        timeVariant(variant, in, out, gpu, data, cpu, log2, method));
                } catch (const cs::Error& e) {
                    std::fprintf(stderr, "prefix_sum: 2^%d %s failed: %s\n", log2,
                                 variant.name.c_str(), e.what());
                    if (firstFailure.empty()) firstFailure = e.what();
                }
            }
            sizeTimes.reduceThenScanCoalescedMs =
                timeCoalescedReduceThenScan(in, out, gpu, cpu, log2, method);
        }
        times.push_back(sizeTimes);
        const double scanSeconds = kRounds * (kRepeats + 1) *
                                   (sizeTimes.singlePassMs + sizeTimes.reduceThenScanMs) / 1000.0;
        if (stopWhenSlow && log2 + 2 <= maxLog2 && 4 * scanSeconds > kSizeBudgetSeconds) {
            std::fprintf(stderr,
                         "prefix_sum: --bench stops at 2^%d: the scans of 2^%d would take more "
                         "than %.0f s here (--bench-max-log2 sets the top)\n",
                         log2, log2 + 2, kSizeBudgetSeconds);
            break;
        }
    }
    if (!firstFailure.empty()) throw cs::Error(firstFailure);
    return times;
}

}  // namespace prefix_sum
