#include "bench.h"

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <random>
#include <string>

#include "bench/calibration.h"
#include "compute/scan.h"
#include "util/error.h"

namespace prefix_sum {
namespace {

// The two GPU scans take turns, so that a change in the machine's load (others' work on the
// same cores, under llvmpipe) falls on both alike: kRounds rounds, in each of which each scan
// runs once to warm up and is then timed kRepeats times. The median of all timed runs counts.
constexpr int kRounds = 3, kRepeats = 1;
// With stopWhenSlow, the GPU scans of no size may be expected to take longer than this in
// all: the next size has four times the elements, so it is expected to take four times as
// long as this one. The CPU's part (making the data, its scan) is left out, so that a fast
// GPU is not stopped short by the CPU.
constexpr double kSizeBudgetSeconds = 5.0;
// From this size up every timed run is printed: large sizes are where runs spread most.
constexpr int kPrintRunsFromLog2 = 26;

// Throws where `gpu` differs from the CPU's scan `cpu`.
void expectEqual(const std::vector<std::uint32_t>& gpu, const std::vector<std::uint32_t>& cpu,
                 const std::string& scan, int log2) {
    if (gpu != cpu)
        throw cs::Error("bench: the " + scan + " scan of 2^" + std::to_string(log2) +
                        " values differs from std::inclusive_scan");
}

void printRuns(const char* scan, int log2, const std::vector<double>& ms) {
    std::fprintf(stderr, "prefix_sum: %s 2^%d, every timed run (ms):", scan, log2);
    for (double run : ms) std::fprintf(stderr, " %.4g", run);
    std::fprintf(stderr, "\n");
}

// Runs the single pass once more with its look-back counters and sums them up into `times`.
void countLookBack(cs::GpuScan& counted, const cs::Buffer& in, const cs::Buffer& out, std::size_t n,
                   SweepTimes& times) {
    counted.run(in, out, n);
    const std::vector<cs::LookBackCount> counts = counted.lookBackCounts();
    double steps = 0, polls = 0, fallbacks = 0;
    for (const cs::LookBackCount& tile : counts) {
        steps += tile.steps;
        polls += tile.polls;
        fallbacks += tile.fallbacks;
        times.maxSteps = std::max(times.maxSteps, tile.steps);
        times.maxPolls = std::max(times.maxPolls, tile.polls);
        times.maxFallbacks = std::max(times.maxFallbacks, tile.fallbacks);
    }
    const double tiles = double(std::max<std::size_t>(counts.size(), 1));
    times.meanSteps = steps / tiles;
    times.meanPolls = polls / tiles;
    times.meanFallbacks = fallbacks / tiles;
}

}  // namespace

void appendLookBackFigures(const SweepTimes& times, std::vector<cs::BenchFigure>& figures) {
    const std::string size = " 2^" + std::to_string(times.log2);
    const std::string name = "single pass look-back per tile, ";
    figures.insert(
        figures.end(),
        {{name + "mean steps" + size, times.meanSteps, "steps", 0.0, ""},
         {name + "max steps" + size, double(times.maxSteps), "steps", 0.0, ""},
         {name + "mean polls" + size, times.meanPolls, "polls", 0.0, ""},
         {name + "max polls" + size, double(times.maxPolls), "polls", 0.0, ""},
         {name + "mean fallbacks" + size, times.meanFallbacks, "fallbacks", 0.0, ""},
         {name + "max fallbacks" + size, double(times.maxFallbacks), "fallbacks", 0.0, ""}});
}

std::vector<SweepTimes> benchSweep(int maxLog2, bool stopWhenSlow, std::uint32_t seed,
                                   cs::GpuProfiler::Method method) {
    std::vector<SweepTimes> times;
    cs::GpuScan singlePass(cs::ElementType::Uint, cs::ScanAlgorithm::SinglePass);
    cs::GpuScan reduceThenScan(cs::ElementType::Uint, cs::ScanAlgorithm::ReduceThenScan);
    cs::GpuScan counted(cs::ElementType::Uint, cs::ScanAlgorithm::SinglePass);
    cs::SinglePassOptions counting;
    counting.countLookBack = true;
    counted.setSinglePassOptions(counting);
    if (singlePass.singlePassUsesSubgroups())
        std::fprintf(stderr, "prefix_sum: the single pass uses subgroup operations here\n");
    std::mt19937 random{seed};
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
                // The readback below is a buffer read of the scan's shader writes.
                glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
                out.download(gpu.data(), bytes);
                expectEqual(gpu, cpu, scan == &singlePass ? "single-pass" : "reduce-then-scan",
                            log2);
            }
        }
        if (log2 >= kPrintRunsFromLog2) {
            printRuns("single pass", log2, singlePassMs);
            printRuns("reduce-then-scan", log2, reduceThenScanMs);
        }
        SweepTimes sizeTimes{log2, cs::summarize(singlePassMs).medianMs,
                             cs::summarize(reduceThenScanMs).medianMs, cpuMs};
        countLookBack(counted, in, out, n, sizeTimes);
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);  // the read-back below, as above
        out.download(gpu.data(), bytes);
        expectEqual(gpu, cpu, "counted single-pass", log2);
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
    return times;
}

}  // namespace prefix_sum
