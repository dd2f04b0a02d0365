// cs::GpuBinSort against a plain CPU counting sort: exact, since it moves integers. Besides
// the equality, each result is checked for what a bin sort promises: every item once, each
// bin's items contiguous and in its own range, and in ascending item order within the bin.
#include "compute/bin_sort.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "gl_test.h"

namespace {

using cs::test::errorFrom;

struct Sorted {
    std::vector<std::uint32_t> order;   // sorted position -> item
    std::vector<std::uint32_t> starts;  // bins + 1
};

// The reference: a sequential counting sort, which is stable, with keys past the last bin
// counted in the last one (as bin_sort.h documents).
Sorted cpuBinSort(const std::vector<std::uint32_t>& keys, std::uint32_t bins) {
    auto binOf = [&](std::uint32_t key) { return std::min(key, bins - 1); };
    Sorted s{std::vector<std::uint32_t>(keys.size()), std::vector<std::uint32_t>(bins + 1, 0)};
    for (std::uint32_t key : keys) ++s.starts[binOf(key) + 1];
    for (std::uint32_t b = 0; b < bins; ++b) s.starts[b + 1] += s.starts[b];
    std::vector<std::uint32_t> next(s.starts.begin(), s.starts.end() - 1);
    for (std::uint32_t i = 0; i < keys.size(); ++i) s.order[next[binOf(keys[i])]++] = i;
    return s;
}

Sorted download(const cs::GpuBinSort& sort, const cs::Buffer& order) {
    // The readbacks are buffer reads of the sort's shader writes.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    Sorted s{std::vector<std::uint32_t>(sort.items()), std::vector<std::uint32_t>(sort.bins() + 1)};
    if (!s.order.empty()) order.download(s.order.data(), GLsizeiptr(s.order.size() * 4));
    sort.binStarts().download(s.starts.data(), GLsizeiptr(s.starts.size() * 4));
    return s;
}

Sorted gpuBinSort(cs::GpuBinSort& sort, const std::vector<std::uint32_t>& keys,
                  std::uint32_t bins) {
    const auto bytes = GLsizeiptr(std::max<size_t>(keys.size(), 1) * 4);
    const cs::Buffer keyBuffer("bin sort test keys", bytes, cs::BufferUse::Input, keys.data());
    const cs::Buffer order("bin sort test order", bytes, cs::BufferUse::Computed);
    sort.run(keyBuffer, std::uint32_t(keys.size()), bins, order);
    return download(sort, order);
}

std::vector<std::uint32_t> randomKeys(size_t count, std::uint32_t range, unsigned seed) {
    std::mt19937 random(seed);
    std::vector<std::uint32_t> keys(count);
    for (auto& key : keys) key = random() % range;
    return keys;
}

// What a bin sort promises, spelled out, so that a failure says which promise broke.
void expectBinSorted(const std::vector<std::uint32_t>& keys, std::uint32_t bins, const Sorted& s,
                     const std::string& what) {
    ASSERT_EQ(s.order.size(), keys.size()) << what;
    ASSERT_EQ(s.starts.size(), size_t(bins) + 1) << what;
    EXPECT_EQ(s.starts.front(), 0u) << what;
    EXPECT_EQ(s.starts.back(), keys.size()) << what;
    std::vector<int> seen(keys.size(), 0);
    for (std::uint32_t item : s.order) {
        ASSERT_LT(item, keys.size()) << what;
        ++seen[item];
    }
    EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](int n) { return n == 1; }))
        << what << ": not every item appears exactly once";
    for (std::uint32_t b = 0; b < bins; ++b) {
        ASSERT_LE(s.starts[b], s.starts[b + 1]) << what << ": bin " << b;
        for (std::uint32_t p = s.starts[b]; p < s.starts[b + 1]; ++p) {
            ASSERT_EQ(std::min(keys[s.order[p]], bins - 1), b)
                << what << ": position " << p << " lies in bin " << b << "'s range";
            if (p > s.starts[b])
                ASSERT_LT(s.order[p - 1], s.order[p])
                    << what << ": bin " << b << " is not in ascending item order";
        }
    }
}

class BinSortTest : public cs::test::GlTest {};

// Item counts around the work-group size (256) and the scan's tile (2048); bin counts from
// one to far more than the items (mostly empty bins), past one scan tile and past 65536.
TEST_F(BinSortTest, EqualsCpuCountingSortForAwkwardSizes) {
    const struct {
        std::uint32_t items, bins;
    } cases[] = {{1, 1},       {2, 1},        {2, 2},        {3, 5},          {255, 7},
                 {256, 256},   {257, 1000},   {1000, 1},     {1000, 3},       {2047, 2048},
                 {2049, 2049}, {4097, 65537}, {12345, 4096}, {100003, 262144}};
    cs::GpuBinSort sort;  // one object for all: its buffers grow and are reused
    for (const auto& c : cases) {
        const std::string what =
            std::to_string(c.items) + " items in " + std::to_string(c.bins) + " bins";
        const auto keys = randomKeys(c.items, c.bins, c.items + c.bins);
        const Sorted gpu = gpuBinSort(sort, keys, c.bins);
        expectBinSorted(keys, c.bins, gpu, what);
        const Sorted cpu = cpuBinSort(keys, c.bins);
        EXPECT_EQ(gpu.order, cpu.order) << what;
        EXPECT_EQ(gpu.starts, cpu.starts) << what;
    }
}

TEST_F(BinSortTest, NoItemsLeavesEveryBinEmpty) {
    cs::GpuBinSort sort;
    const Sorted gpu = gpuBinSort(sort, {}, 9);
    EXPECT_EQ(gpu.starts, std::vector<std::uint32_t>(10, 0));
}

// Every item in one bin: the ordering pass does its n² worst, and must still be exact.
TEST_F(BinSortTest, AllItemsInOneBin) {
    cs::GpuBinSort sort;
    const std::vector<std::uint32_t> keys(3001, 2);
    const Sorted gpu = gpuBinSort(sort, keys, 5);
    expectBinSorted(keys, 5, gpu, "3001 items in bin 2 of 5");
    EXPECT_EQ(gpu.starts, (std::vector<std::uint32_t>{0, 0, 0, 3001, 3001, 3001}));
}

// A few crowded bins among many empty ones, as the cells of a neighbour grid where a flock
// has gathered: half the items in bin 7, the rest in the bins near the last.
TEST_F(BinSortTest, CrowdedAndEmptyBins) {
    cs::GpuBinSort sort;
    std::vector<std::uint32_t> keys = randomKeys(5000, 16, 3);
    for (size_t i = 0; i < keys.size(); ++i) keys[i] = i % 2 ? 7 : 100000 - keys[i];
    const Sorted gpu = gpuBinSort(sort, keys, 100001);
    expectBinSorted(keys, 100001, gpu, "crowded");
    EXPECT_EQ(gpu.order, cpuBinSort(keys, 100001).order);
}

TEST_F(BinSortTest, KeysPastTheLastBinCountAsTheLastBin) {
    cs::GpuBinSort sort;
    const std::vector<std::uint32_t> keys = {3, 0, 99, 4, 0xFFFFFFFFu, 1};
    const Sorted gpu = gpuBinSort(sort, keys, 4);
    EXPECT_EQ(gpu.order, (std::vector<std::uint32_t>{1, 5, 0, 2, 3, 4}));
    EXPECT_EQ(gpu.starts, (std::vector<std::uint32_t>{0, 1, 2, 2, 6}));
}

// The steps one by one, as a sample that times each calls them, and twice over: the second
// sort must not see the first one's counts (its clear waits for them).
TEST_F(BinSortTest, StepByStepTwiceEqualsCpu) {
    cs::GpuBinSort sort;
    for (unsigned seed : {1u, 2u}) {
        const auto keys = randomKeys(3000, 64, seed);
        const cs::Buffer keyBuffer("keys", 3000 * 4, cs::BufferUse::Input, keys.data());
        const cs::Buffer order("order", 3000 * 4, cs::BufferUse::Computed);
        sort.count(keyBuffer, 3000, 64);
        sort.scan();
        sort.scatter(order);
        const Sorted gpu = download(sort, order), cpu = cpuBinSort(keys, 64);
        EXPECT_EQ(gpu.order, cpu.order) << "seed " << seed;
        EXPECT_EQ(gpu.starts, cpu.starts) << "seed " << seed;
    }
}

TEST_F(BinSortTest, RefusesWhatItCannotSort) {
    cs::GpuBinSort sort;
    const cs::Buffer small("small", 16, cs::BufferUse::Computed);
    EXPECT_EQ(errorFrom([&] { sort.count(small, 4, 0); }),
              "bin sort: 0 bins; it takes 1 to 2^32 - 2");
    EXPECT_EQ(errorFrom([&] { sort.count(small, 5, 2); }),
              "bin sort: a key buffer of 16 bytes cannot hold 5 uints");
    EXPECT_EQ(errorFrom([&] { sort.scan(); }), "bin sort: scan() before count()");
    sort.count(small, 4, 2);
    EXPECT_EQ(errorFrom([&] { sort.scatter(cs::Buffer("tiny", 8, cs::BufferUse::Computed)); }),
              "bin sort: an order buffer of 8 bytes cannot hold 4 uints");
}

}  // namespace
