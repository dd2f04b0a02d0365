#include "bench.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <random>
#include <string>

#include "bench/calibration.h"
#include "compute/histopyramid.h"
#include "gl/info.h"
#include "util/error.h"

namespace compaction {
namespace {

// Three timed runs after a warm-up: a sweep to 256^3 stays well under a minute on a CPU
// renderer.
constexpr int kRepeats = 3;

void checkAgainstCpu(const cs::Buffer& indices, const cs::Buffer& result,
                     const std::vector<std::uint32_t>& expected, int method,
                     const SweepTimes& times) {
    // The downloads read the compaction's shader writes.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    cs::CompactResult r;
    result.download(&r, sizeof r);
    std::vector<std::uint32_t> gpu(std::min<std::size_t>(r.count, expected.size()));
    if (!gpu.empty()) indices.download(gpu.data(), GLsizeiptr(gpu.size() * 4));
    if (!cs::isOrdered(kMethods[method])) std::sort(gpu.begin(), gpu.end());
    if (r.count != expected.size() || gpu != expected)
        throw cs::Error(std::string("bench: ") + kMethodNames[method] + " of " +
                        std::to_string(times.edge) + "^3 flags at " +
                        std::to_string(times.density) + " differs from copy_if");
}

}  // namespace

// The bytes a method must move over the big arrays, for n flags of which `kept` are 1:
//   scan:               the scan reads the flags and writes the sums (8n: the library's
//                       single pass), the scatter reads flags and sums (8n) and writes
//                       the kept indices;
//   atomic:             reads the flags, writes the kept indices (4n + 4 kept);
//   histopyramid(_vec4): the build reads each level and writes the next (uint cells, or
//                       uvec4 cells of which the next level reads only .w), the traversal
//                       writes the kept indices. Its reads of the pyramid are not counted:
//                       they hit the caches, more so the denser the output.
double compactionBytes(cs::CompactMethod m, double n, double kept) {
    if (m == cs::CompactMethod::Scan) return 16 * n + 4 * kept;
    if (m == cs::CompactMethod::Atomic) return 4 * n + 4 * kept;
    const double cellBytes = m == cs::CompactMethod::HistoPyramidVec4 ? 16 : 4;
    double bytes = 4 * n + 4 * kept;  // the flags read, the indices written
    for (double cells = std::ceil(n / 4);; cells = std::ceil(cells / 4)) {
        bytes += cellBytes * cells + (cells > 1 ? 4 * cells : 0);  // written, read above
        if (cells <= 1) break;
    }
    return bytes;
}

int methodIndex(const std::string& name) {
    return int(std::find(std::begin(kMethodNames), std::end(kMethodNames), name) -
               std::begin(kMethodNames));
}

std::vector<SweepTimes> benchSweep(int maxEdge, std::uint32_t seed,
                                   cs::GpuProfiler::Method method) {
    std::vector<SweepTimes> sweep;
    std::mt19937 random{seed};
    const auto maxBlock = std::uint64_t(cs::glInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE));
    for (int edge = 64; edge <= maxEdge; edge *= 2) {
        const std::size_t n = std::size_t(edge) * edge * edge;
        // The most any method binds at once: the running sums' levels, 16 bytes per cell on
        // a third of n cells. A size the device cannot hold ends the sweep, with a note.
        const std::uint64_t needed = 16 * ((n + 2) / 3);
        if (needed > maxBlock) {
            std::fprintf(stderr,
                         "compaction: --bench stops before %d^3, which needs storage blocks of "
                         "%llu bytes; this GL's hold %llu\n",
                         edge, static_cast<unsigned long long>(needed),
                         static_cast<unsigned long long>(maxBlock));
            break;
        }
        const auto bytes = GLsizeiptr(n * 4);
        cs::Buffer flags("bench flags", bytes, cs::BufferUse::Computed);
        cs::Buffer indices("bench indices", bytes, cs::BufferUse::Computed);
        cs::Buffer result("bench result", sizeof(cs::CompactResult), cs::BufferUse::Computed);
        for (double density : kDensities) {
            SweepTimes times;
            times.edge = edge;
            times.density = density;
            std::bernoulli_distribution keep(density);
            std::vector<std::uint32_t> values(n);
            for (std::uint32_t& v : values) v = keep(random) ? 1u : 0u;
            flags.upload(values.data(), bytes);
            const std::vector<std::uint32_t> expected = cs::compactOnCpu(values);
            times.kept = std::uint32_t(expected.size());
            for (int m = 0; m < 4; ++m) {
                cs::GpuCompact compact(kMethods[m]);
                times.ms[m] = cs::medianGpuMs(
                    [&] {
                        compact.run(flags, n, indices, result);
                        // The next run rewrites what this one wrote.
                        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
                    },
                    method, kRepeats);
                checkAgainstCpu(indices, result, expected, m, times);
            }
            // The scalar histopyramid's phases apart: the build, then the traversal alone.
            cs::GpuHistoPyramid pyramid(false);
            times.buildMs = cs::medianGpuMs([&] { pyramid.build(flags, n); }, method, kRepeats);
            times.traverseMs = cs::medianGpuMs(
                [&] {
                    pyramid.traverse(flags, indices);
                    // The next traversal rewrites the indices.
                    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
                },
                method, kRepeats);
            sweep.push_back(times);
        }
    }
    return sweep;
}

namespace {

std::string densityText(double density) {
    char text[16];
    std::snprintf(text, sizeof text, "%g%%", 100 * density);
    return text;
}

// Per volume size, the density at which `ratio` first rises through 1 between two measured
// densities, interpolated linearly in log(ratio) over log(density).
template <typename Ratio>
void crossings(const std::vector<SweepTimes>& sweep, std::vector<cs::BenchFigure>& figures,
               const std::string& name, Ratio ratio) {
    for (std::size_t i = 0; i + 1 < sweep.size(); ++i) {
        const SweepTimes &a = sweep[i], &b = sweep[i + 1];
        if (a.edge != b.edge) continue;
        const double ra = std::log(ratio(a)), rb = std::log(ratio(b));
        if (!(ra <= 0 && rb > 0)) continue;
        const double f = ra / (ra - rb);
        const double density =
            std::exp(std::log(a.density) + f * (std::log(b.density) - std::log(a.density)));
        figures.push_back(
            {name + std::to_string(a.edge) + "^3", 100 * density, "% active", 0.0, ""});
    }
}

}  // namespace

std::vector<cs::BenchFigure> sweepFigures(const std::vector<SweepTimes>& sweep,
                                          const cs::Calibration& calibration) {
    std::vector<cs::BenchFigure> figures;
    const auto ratio = [&](const std::string& name, double over, double under) {
        figures.push_back({name, under > 0 ? over / under : 0.0, "x", 0.0, ""});
    };
    for (const SweepTimes& t : sweep) {
        const std::string at = " " + std::to_string(t.edge) + "^3 at " + densityText(t.density);
        const double n = double(t.edge) * t.edge * t.edge;
        for (int m = 0; m < 4; ++m) {
            figures.push_back({kMethodNames[m] + at + " time", t.ms[m], "ms", 0.0, ""});
            figures.push_back(cs::bandwidthFigure(kMethodNames[m] + at,
                                                  compactionBytes(kMethods[m], n, t.kept), t.ms[m],
                                                  calibration));
        }
        ratio("histopyramid/scan" + at, t.ms[0], t.ms[2]);
        ratio("histopyramid_vec4/histopyramid" + at, t.ms[1], t.ms[0]);
        ratio("atomic/scan" + at, t.ms[3], t.ms[2]);
        ratio("histopyramid build/traversal" + at, t.buildMs, t.traverseMs);
    }
    // Where the histopyramid stops being faster than the scan, and where its traversal starts
    // to cost more than its build.
    crossings(sweep, figures, "crossover histopyramid/scan ",
              [](const SweepTimes& t) { return t.ms[0] / t.ms[2]; });
    crossings(sweep, figures, "histopyramid build = traversal ",
              [](const SweepTimes& t) { return t.traverseMs / t.buildMs; });
    return figures;
}

std::vector<cs::BenchFigure> benchFigures(const std::string& method, std::uint64_t n,
                                          std::uint32_t kept, double ms,
                                          const cs::Calibration& calibration,
                                          const std::vector<SweepTimes>& sweep) {
    const double bytes = compactionBytes(kMethods[methodIndex(method)], double(n), kept);
    std::vector<cs::BenchFigure> figures = {
        cs::bandwidthFigure("frames: " + method + " compaction", bytes, ms, calibration)};
    const auto swept = sweepFigures(sweep, calibration);
    figures.insert(figures.end(), swept.begin(), swept.end());
    return figures;
}

}  // namespace compaction
