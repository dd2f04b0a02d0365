// The single-pass scan's own paths, each result against the CPU: the decoupled fallback
// forced (tiles that never publish, as if their work groups had stalled for good), chunks that
// hand their totals on, a few hundred scans of random lengths in a row, and which algorithm
// Auto takes. Each runs on the portable path (shared memory), and again on the subgroup path
// where this GL has GL_KHR_shader_subgroup for compute shaders; where it has not (llvmpipe),
// those runs are skipped, saying why. A look-back that waited for ever would hang the test,
// and ctest's time limit would fail it.
#include <glm/glm.hpp>
#include <random>
#include <string>
#include <vector>

#include "gl/info.h"
#include "scan_test.h"

namespace {

using cs::ScanAlgorithm;
using cs::ScanMode;
using cs::test::cpuScan;
using cs::test::errorFrom;
using cs::test::gpuScan;
using cs::test::modeName;
using cs::test::randomUints;

// Elements in one of the single pass's tiles of uint (or float).
const std::uint32_t kTile = cs::singlePassTile(cs::ElementType::Uint).elements();

class SinglePass : public cs::test::GlTestWithParam<bool> {
protected:
    void SetUp() override {
        GlTestWithParam::SetUp();
        const std::string missing = cs::computeSubgroupsMissing();
        if (subgroups() && !missing.empty())
            GTEST_SKIP() << "the subgroup path cannot run here: " << missing;
    }

    bool subgroups() const { return GetParam(); }

    // A GpuScan that takes the single pass on this test's path, with `options` otherwise.
    cs::GpuScan singlePass(cs::ElementType type, cs::SinglePassOptions options = {}) const {
        cs::GpuScan scan(type, ScanAlgorithm::SinglePass);
        options.subgroups = subgroups();
        scan.setSinglePassOptions(options);
        EXPECT_EQ(scan.singlePassUsesSubgroups(), subgroups());
        return scan;
    }

    // Scans float and vec4 data of `length` in both modes with `options`, integer-valued so
    // that every sum is exact whatever adds it up; every element must match the CPU's.
    void expectExactOnIntegerData(size_t length, const cs::SinglePassOptions& options,
                                  unsigned seed, const std::string& what) {
        std::mt19937 random(seed);
        std::vector<float> floats(length);
        for (float& v : floats) v = float(random() % 256) - 128.0f;
        std::vector<glm::vec4> vectors(length);
        for (auto& v : vectors)
            v = glm::vec4(float(random() % 256), float(random() % 16), -float(random() % 8), 1.0f);
        cs::GpuScan floatScan = singlePass(cs::ElementType::Float, options);
        cs::GpuScan vectorScan = singlePass(cs::ElementType::Vec4, options);
        for (ScanMode mode : {ScanMode::Inclusive, ScanMode::Exclusive}) {
            EXPECT_TRUE(gpuScan(floatScan, floats, length, 1, mode, false) ==
                        (cpuScan<float, double>(floats, length, 1, mode)))
                << what << ", float " << modeName(mode);
            EXPECT_TRUE(gpuScan(vectorScan, vectors, length, 1, mode, false) ==
                        (cpuScan<glm::vec4, glm::dvec4>(vectors, length, 1, mode)))
                << what << ", vec4 " << modeName(mode);
        }
    }

    // Scans uint data of `length` in both modes with `options`; every element must match.
    void expectExactUints(size_t length, const cs::SinglePassOptions& options,
                          const std::string& what) {
        const auto data = randomUints(length, unsigned(length) + options.stalledEvery);
        cs::GpuScan scan = singlePass(cs::ElementType::Uint, options);
        for (ScanMode mode : {ScanMode::Inclusive, ScanMode::Exclusive})
            EXPECT_TRUE(gpuScan(scan, data, length, 1, mode, false) ==
                        (cpuScan<std::uint32_t, std::uint32_t>(data, length, 1, mode)))
                << what << ", length " << length << " " << modeName(mode);
    }
};

// Lengths around the tile and the 16-byte vector boundaries, and several tiles with a ragged end.
TEST_P(SinglePass, UintEqualsCpuExactly) {
    for (size_t length :
         {size_t(1), size_t(3), size_t(4), size_t(5), size_t(kTile - 1), size_t(kTile),
          size_t(kTile + 1), size_t(10000), size_t(2048 * 513), size_t(1 << 20) + 3})
        expectExactUints(length, {}, "no stalls");
}

// The bench's baseline (SinglePassOptions::tilesAlone): each tile scanned by itself, as if it
// were the row's first, the last one ragged.
TEST_P(SinglePass, TilesAloneScanEachTileByItself) {
    const size_t length = 5 * size_t(kTile) + 123;
    const auto data = randomUints(length, 11u);
    cs::SinglePassOptions options;
    options.tilesAlone = true;
    cs::GpuScan scan = singlePass(cs::ElementType::Uint, options);
    std::vector<std::uint32_t> expected(length);
    for (size_t i = 0; i < length; ++i)
        expected[i] = data[i] + (i % kTile == 0 ? 0u : expected[i - 1]);
    EXPECT_TRUE(gpuScan(scan, data, length, 1, ScanMode::Inclusive, false) == expected);
}

// No tile publishes anything, so no look-back ever finds an inclusive prefix: every tile's
// look-back walks to the start of the row, and every tile is summed from the input by the
// fallback of a later one (whose published sum the others then read).
TEST_P(SinglePass, FallbackForEveryTileIsExact) {
    cs::SinglePassOptions options;
    options.stalledEvery = 1;
    options.pollsBeforeFallback = 0;
    for (size_t length : {size_t(2), size_t(kTile + 1), size_t(65537), size_t(300001)})
        expectExactUints(length, options, "every tile stalled");

    // float and vec4 too, on integer data, where every sum is exact whatever adds it up.
    expectExactOnIntegerData(5 * size_t(kTile) + 3, options, 7, "every tile stalled");
}

// Some tiles stalled, and their successors poll them the default number of times before the
// fallback: the look-back ends, and the results are exact.
TEST_P(SinglePass, FallbackAfterPollingEnds) {
    for (std::uint32_t every : {2u, 3u, 7u}) {
        cs::SinglePassOptions options;
        options.stalledEvery = every;
        expectExactUints(300001, options, "every " + std::to_string(every) + "th tile stalled");
    }
}

// The look-back counters (SinglePassOptions::countLookBack) against what forced stalls imply.
// A stalled tile never publishes, so the tile after it must look past it, and someone must
// have summed it from the input: over the row, fallbacks >= stalled tiles that have a
// successor. With every tile stalled, no look-back ever finds an inclusive prefix, so tile t
// adds exactly t predecessors. A tile adds no more fallbacks than steps, and polls at least
// once when it looks back at all. Both look-backs: one predecessor per step, and by windows. The
// results stay exact throughout.
TEST_P(SinglePass, LookBackCountersMatchForcedStalls) {
    const size_t tiles = 40;
    const size_t length = tiles * kTile - 7;
    const auto data = randomUints(length, 41);
    const auto expected =
        cpuScan<std::uint32_t, std::uint32_t>(data, length, 1, ScanMode::Inclusive);
    for (std::uint32_t window : {0u, 32u}) {
        for (std::uint32_t every : {0u, 1u, 3u}) {
            SCOPED_TRACE("stalled every " + std::to_string(every) + ", window " +
                         std::to_string(window));
            cs::SinglePassOptions options;
            options.lookBackWindow = window;
            options.countLookBack = true;
            options.stalledEvery = every;
            options.pollsBeforeFallback = every == 1 ? 0 : 64;
            cs::GpuScan scan = singlePass(cs::ElementType::Uint, options);
            EXPECT_TRUE(gpuScan(scan, data, length, 1, ScanMode::Inclusive, false) == expected);
            const std::vector<cs::LookBackCount> counts = scan.lookBackCounts();
            ASSERT_EQ(counts.size(), tiles);
            EXPECT_EQ(counts[0].steps + counts[0].polls + counts[0].fallbacks, 0u)
                << "tile 0 has nothing to look back at";
            std::uint64_t fallbacks = 0, stalledSeen = 0;
            for (size_t t = 1; t < tiles; ++t) {
                const cs::LookBackCount& tile = counts[t];
                fallbacks += tile.fallbacks;
                if (every > 0 && (t - 1) % every == every - 1) ++stalledSeen;  // tile t - 1
                EXPECT_GE(tile.steps, 1u) << "tile " << t;
                EXPECT_GE(tile.polls, 1u) << "tile " << t;
                EXPECT_LE(tile.fallbacks, tile.steps) << "tile " << t;
                if (every == 1) EXPECT_EQ(tile.steps, t) << "tile " << t;
                if (every > 1 && (t - 1) % every == every - 1)
                    EXPECT_GE(tile.steps, 2u)
                        << "tile " << t << " must look past stalled tile " << t - 1;
            }
            EXPECT_GE(fallbacks, stalledSeen);
            if (every == 0) EXPECT_EQ(stalledSeen, 0u);
        }
    }
}

// The look-back's window at its boundaries. With inclusiveEvery = k, only tiles at multiples of
// k publish an inclusive prefix, so tile t's nearest one is at the multiple of k below it (or
// further, if that tile's own look-back has not ended yet): with k = the window's width W, it
// lies at every lane of tile t's first window in turn, the first (t = mW + 1) and the last
// (t = mW + W) among them; with k = 2W, tiles mW + W + 1 ... find none in their first window
// and read a second. Each tile adds at least its (t - 1) % k + 1 nearest predecessors, in at
// least as many rounds as that takes windows, and the results are exact. (Fallbacks may still
// happen: a predecessor that has not yet published its aggregate, on a loaded machine.)
TEST_P(SinglePass, WindowBoundaries) {
    for (std::uint32_t window : {8u, 32u}) {
        for (std::uint32_t every : {window, 2 * window}) {
            SCOPED_TRACE("window " + std::to_string(window) + ", inclusive prefix every " +
                         std::to_string(every) + " tiles");
            const size_t tiles = size_t(every) + 2;
            const size_t length = tiles * kTile - 1;
            const auto data = randomUints(length, every);
            cs::SinglePassOptions options;
            options.lookBackWindow = window;
            options.inclusiveEvery = every;
            options.countLookBack = true;
            cs::GpuScan scan = singlePass(cs::ElementType::Uint, options);
            EXPECT_TRUE(
                gpuScan(scan, data, length, 1, ScanMode::Inclusive, false) ==
                (cpuScan<std::uint32_t, std::uint32_t>(data, length, 1, ScanMode::Inclusive)));
            const std::vector<cs::LookBackCount> counts = scan.lookBackCounts();
            ASSERT_EQ(counts.size(), tiles);
            for (size_t t = 1; t < tiles; ++t) {
                const std::uint32_t nearest = std::uint32_t((t - 1) % every) + 1;
                EXPECT_GE(counts[t].steps, nearest) << "tile " << t;
                EXPECT_GE(counts[t].polls, (nearest + window - 1) / window) << "tile " << t;
                EXPECT_LE(counts[t].fallbacks, counts[t].steps) << "tile " << t;
            }
        }
    }
}

// Torn slots: tiles that publish their aggregate, then one state word of their inclusive prefix,
// and stop there for good. A reader must take such a slot for "not yet" (its words are of two
// states), poll it, and in the end sum that tile itself. Tile 0 publishes no aggregate first
// (it knows its inclusive prefix at once), so with every tile torn its slot is never whole
// until a fallback makes it so: at least one fallback. The results are exact, by both
// look-backs.
TEST_P(SinglePass, TornSlotIsNotYet) {
    for (std::uint32_t window : {0u, 32u}) {
        for (std::uint32_t every : {1u, 2u}) {
            SCOPED_TRACE("torn every " + std::to_string(every) + ", window " +
                         std::to_string(window));
            const size_t tiles = 12;
            const size_t length = tiles * kTile - 5;
            const auto data = randomUints(length, 100 + every);
            cs::SinglePassOptions options;
            options.lookBackWindow = window;
            options.tornEvery = every;
            options.pollsBeforeFallback = 4;
            options.countLookBack = true;
            cs::GpuScan scan = singlePass(cs::ElementType::Uint, options);
            EXPECT_TRUE(
                gpuScan(scan, data, length, 1, ScanMode::Inclusive, false) ==
                (cpuScan<std::uint32_t, std::uint32_t>(data, length, 1, ScanMode::Inclusive)));
            std::uint64_t fallbacks = 0;
            for (const cs::LookBackCount& tile : scan.lookBackCounts()) {
                EXPECT_LE(tile.fallbacks, tile.steps);
                fallbacks += tile.fallbacks;
            }
            if (every == 1) EXPECT_GE(fallbacks, 1u);
        }
    }
    // float, whose aggregates go in behind a claim, on integer data (exact sums).
    std::mt19937 random(9);
    const size_t length = 7 * size_t(kTile) + 1;
    std::vector<float> floats(length);
    for (float& v : floats) v = float(random() % 1024) - 512.0f;
    cs::SinglePassOptions options;
    options.tornEvery = 2;
    options.pollsBeforeFallback = 4;
    cs::GpuScan floatScan = singlePass(cs::ElementType::Float, options);
    EXPECT_TRUE(gpuScan(floatScan, floats, length, 1, ScanMode::Exclusive, false) ==
                (cpuScan<float, double>(floats, length, 1, ScanMode::Exclusive)));
}

// Every variant the bench compares (cs::SinglePassOptions, GpuScan::setCoalesced) scans exactly,
// with no stalls and with every third tile stalled; the windowed look-backs also with every
// tile stalled (the default's is FallbackForEveryTileIsExact).
TEST_P(SinglePass, VariantsEqualCpuExactly) {
    struct Variant {
        std::uint32_t window;
        bool atomicReads, coalesced;
        cs::TileShape tile;
    };
    const Variant variants[] = {{0, true, false, {0, 0}},
                                {0, false, true, {0, 0}},
                                {32, false, false, {0, 0}},
                                {8, true, true, {64, 16}},
                                {64, false, true, {256, 4}}};
    for (const Variant& variant : variants) {
        for (std::uint32_t every : {0u, 3u, variant.window > 0 ? 1u : 0u}) {
            const std::string what = "window " + std::to_string(variant.window) +
                                     (variant.atomicReads ? ", atomic" : ", relaxed") +
                                     (variant.coalesced ? ", coalesced" : "") + ", tile " +
                                     std::to_string(variant.tile.groupSize) + "x" +
                                     std::to_string(variant.tile.quads) + ", stalled every " +
                                     std::to_string(every);
            cs::SinglePassOptions options;
            options.lookBackWindow = variant.window;
            options.atomicReads = variant.atomicReads;
            options.tile = variant.tile;
            options.stalledEvery = every;
            options.pollsBeforeFallback = every == 1 ? 0 : 4;
            cs::GpuScan scan = singlePass(cs::ElementType::Uint, options);
            scan.setCoalesced(variant.coalesced);
            for (size_t length : {size_t(5), size_t(7 * kTile + 3)}) {
                const auto data = randomUints(length, unsigned(length) + every);
                for (ScanMode mode : {ScanMode::Inclusive, ScanMode::Exclusive})
                    EXPECT_TRUE(gpuScan(scan, data, length, 1, mode, false) ==
                                (cpuScan<std::uint32_t, std::uint32_t>(data, length, 1, mode)))
                        << what << ", length " << length << " " << modeName(mode);
            }
        }
    }
}

// The window by subgroups (SinglePassOptions::windowBySubgroups): a round's nearest inclusive
// prefix and sum from subgroup operations. Exact on uint with no stalls, every third tile and
// every tile stalled, torn slots, and the nearest inclusive prefix at each lane of the window;
// float and vec4 on integer data (exact sums) with stalls. The portable kernel refuses it.
TEST_P(SinglePass, WindowBySubgroupsEqualsCpu) {
    cs::SinglePassOptions base;
    base.lookBackWindow = 32;
    base.windowBySubgroups = true;
    if (!subgroups()) {
        cs::GpuScan scan = singlePass(cs::ElementType::Uint, base);
        const auto data = randomUints(kTile * 3, 3);
        EXPECT_NE(errorFrom([&] {
                      gpuScan(scan, data, data.size(), 1, ScanMode::Inclusive, false);
                  }).find("subgroup"),
                  std::string::npos);
        return;
    }
    struct Case {
        std::uint32_t stalledEvery, tornEvery, inclusiveEvery, pollsBeforeFallback;
    };
    for (const Case c : {Case{0, 0, 0, 64}, Case{3, 0, 0, 4}, Case{1, 0, 0, 0}, Case{0, 1, 0, 4},
                         Case{0, 2, 0, 4}, Case{0, 0, 32, 64}, Case{0, 0, 64, 64}}) {
        cs::SinglePassOptions options = base;
        options.stalledEvery = c.stalledEvery;
        options.tornEvery = c.tornEvery;
        options.inclusiveEvery = c.inclusiveEvery;
        options.pollsBeforeFallback = c.pollsBeforeFallback;
        expectExactUints(70 * size_t(kTile) + 3, options,
                         "stalled every " + std::to_string(c.stalledEvery) + ", torn every " +
                             std::to_string(c.tornEvery) + ", inclusive every " +
                             std::to_string(c.inclusiveEvery));
    }
    for (std::uint32_t every : {0u, 3u}) {
        cs::SinglePassOptions options = base;
        options.stalledEvery = every;
        options.pollsBeforeFallback = 4;
        expectExactOnIntegerData(40 * size_t(kTile) + 9, options, 21 + every,
                                 "stalled every " + std::to_string(every));
    }
}

// A short row in chunks of a few tiles, one dispatch each: every chunk's first tile starts from
// the total the previous chunk's last tile left. With stalls too, at the chunks' edges.
TEST_P(SinglePass, ChunksHandOnTheirTotals) {
    for (std::uint64_t chunkTiles : {1u, 2u, 5u}) {
        for (std::uint32_t every : {0u, 1u, 2u}) {
            cs::SinglePassOptions options;
            options.chunkTiles = chunkTiles;
            options.stalledEvery = every;
            options.pollsBeforeFallback = 0;
            expectExactUints(13 * size_t(kTile) + 5, options,
                             std::to_string(chunkTiles) + "-tile chunks, stalled every " +
                                 std::to_string(every));
        }
    }
    // vec4: the carry is a whole vector.
    std::mt19937 random(8);
    const size_t length = 7 * size_t(cs::singlePassTile(cs::ElementType::Vec4).elements()) + 1;
    std::vector<glm::vec4> vectors(length);
    for (auto& v : vectors) v = glm::vec4(float(random() % 64), 1.0f, -float(random() % 4), 2.0f);
    cs::SinglePassOptions options;
    options.chunkTiles = 2;
    cs::GpuScan scan = singlePass(cs::ElementType::Vec4, options);
    EXPECT_TRUE(gpuScan(scan, vectors, length, 1, ScanMode::Inclusive, false) ==
                (cpuScan<glm::vec4, glm::dvec4>(vectors, length, 1, ScanMode::Inclusive)));
}

// A look-back bug shows as a rare wrong element, in whichever order the work groups happened to
// run, so one scan proves little: a few hundred of random lengths, one after another with the
// same GpuScan and buffers (the counter and the tile states must start over each time), each
// checked in full.
TEST_P(SinglePass, StressManyScansOfRandomLengths) {
    constexpr size_t kMaxLength = size_t(1) << 17;
    constexpr int kScans = 300;
    cs::GpuScan scan = singlePass(cs::ElementType::Uint);
    cs::Buffer input("stress input", GLsizeiptr(kMaxLength * 4), cs::BufferUse::Computed);
    cs::Buffer output("stress output", GLsizeiptr(kMaxLength * 4), cs::BufferUse::Computed);
    std::mt19937 random(2025);
    std::vector<std::uint32_t> actual(kMaxLength);
    int wrong = 0;
    for (int i = 0; i < kScans; ++i) {
        const size_t length = 1 + random() % kMaxLength;
        const ScanMode mode = random() % 2 ? ScanMode::Exclusive : ScanMode::Inclusive;
        const auto data = randomUints(length, random());
        input.upload(data.data(), GLsizeiptr(length * 4));
        scan.run(input, output, length, 1, mode);
        // The readback is a buffer read of the scan's shader writes.
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        output.download(actual.data(), GLsizeiptr(length * 4));
        const auto expected = cpuScan<std::uint32_t, std::uint32_t>(data, length, 1, mode);
        if (!std::equal(expected.begin(), expected.end(), actual.begin())) {
            const size_t at =
                size_t(std::mismatch(expected.begin(), expected.end(), actual.begin()).first -
                       expected.begin());
            ADD_FAILURE() << "scan " << i << ": length " << length << " " << modeName(mode)
                          << ", first wrong element " << at;
            if (++wrong == 5) break;
        }
    }
}

std::string pathName(const ::testing::TestParamInfo<bool>& info) {
    return info.param ? "subgroups" : "portable";
}

INSTANTIATE_TEST_SUITE_P(Scan, SinglePass, ::testing::Values(false, true), pathName);

class ScanAlgorithmChoice : public cs::test::GlTest {};

// Auto takes the single pass for one row out of place, and reduce-then-scan in place and for
// several rows (transposed or not); an algorithm asked for is the one taken. The results of
// both agree with the CPU (here for one row; scan_test.cpp covers every shape).
TEST_F(ScanAlgorithmChoice, AutoTakesTheSinglePassWhereItApplies) {
    cs::Buffer a("a", 1 << 16, cs::BufferUse::Computed), b("b", 1 << 16, cs::BufferUse::Computed);
    const cs::GpuScan automatic(cs::ElementType::Uint);
    EXPECT_EQ(automatic.algorithmFor(a, b, 1), ScanAlgorithm::SinglePass);
    EXPECT_EQ(automatic.algorithmFor(a, a, 1), ScanAlgorithm::ReduceThenScan);
    EXPECT_EQ(automatic.algorithmFor(a, b, 4), ScanAlgorithm::ReduceThenScan);
    for (ScanAlgorithm asked : {ScanAlgorithm::SinglePass, ScanAlgorithm::ReduceThenScan}) {
        const cs::GpuScan chosen(cs::ElementType::Uint, asked);
        EXPECT_EQ(chosen.algorithmFor(a, b, 1), asked);
        EXPECT_EQ(chosen.algorithmFor(a, a, 3), asked);
    }

    const size_t length = 3 * size_t(kTile) + 7;
    const auto data = randomUints(length, 12);
    const auto expected =
        cpuScan<std::uint32_t, std::uint32_t>(data, length, 1, ScanMode::Exclusive);
    for (ScanAlgorithm algorithm : {ScanAlgorithm::Auto, ScanAlgorithm::ReduceThenScan})
        EXPECT_TRUE(gpuScan(cs::ElementType::Uint, data, length, 1, ScanMode::Exclusive, false,
                            false, algorithm) == expected);
}

// The single pass reads other tiles' input while it scans, so in place it would race with its
// own writes; and it scans one row. Asked for anything else, it refuses and says why.
TEST_F(ScanAlgorithmChoice, SinglePassRefusesInPlaceAndRows) {
    cs::Buffer a("a", 4096, cs::BufferUse::Computed), b("b", 4096, cs::BufferUse::Computed);
    cs::GpuScan scan(cs::ElementType::Uint, ScanAlgorithm::SinglePass);
    EXPECT_NE(
        errorFrom([&] { scan.run(a, a, 100); }).find("one row, out of place; this one is in place"),
        std::string::npos);
    EXPECT_NE(errorFrom([&] { scan.run(a, b, 100, 4); }).find("this one is 4 rows"),
              std::string::npos);
}

// The window reads one predecessor per invocation: a window wider than the tile's work group is
// refused, saying why.
TEST_F(ScanAlgorithmChoice, WindowWiderThanTheWorkGroupIsRefused) {
    cs::Buffer a("a", 4096, cs::BufferUse::Computed), b("b", 4096, cs::BufferUse::Computed);
    cs::GpuScan scan(cs::ElementType::Uint, ScanAlgorithm::SinglePass);
    cs::SinglePassOptions options;
    options.lookBackWindow = 256;
    options.tile = {128, 8};
    scan.setSinglePassOptions(options);
    EXPECT_NE(errorFrom([&] { scan.run(a, b, 100); })
                  .find("a look-back window of 256 predecessors needs as many invocations; the "
                        "tile has 128"),
              std::string::npos);
}

}  // namespace
