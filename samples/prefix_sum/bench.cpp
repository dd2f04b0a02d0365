#include "bench.h"

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

}  // namespace

std::vector<SweepTimes> benchSweep(int maxLog2, bool stopWhenSlow, std::uint32_t seed,
                                   cs::GpuProfiler::Method method) {
    std::vector<SweepTimes> times;
    cs::GpuScan singlePass(cs::ElementType::Uint, cs::ScanAlgorithm::SinglePass);
    cs::GpuScan reduceThenScan(cs::ElementType::Uint, cs::ScanAlgorithm::ReduceThenScan);
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
                if (gpu != cpu)
                    throw cs::Error(std::string("bench: the ") +
                                    (scan == &singlePass ? "single-pass" : "reduce-then-scan") +
                                    " scan of 2^" + std::to_string(log2) +
                                    " values differs from std::inclusive_scan");
            }
        }
        const SweepTimes sizeTimes{log2, cs::summarize(singlePassMs).medianMs,
                                   cs::summarize(reduceThenScanMs).medianMs, cpuMs};
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
