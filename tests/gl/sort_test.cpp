// cs::GpuSort against std::stable_sort of the same (key, value) pairs: exactly equal, keys and
// values, for lengths around the tile (1024) and its items (16), with duplicates, all keys
// equal, already sorted, reversed, and keys of fewer bits.
#include "compute/sort.h"

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "gl_test.h"

namespace {

using cs::test::errorFrom;

struct Pairs {
    std::vector<std::uint32_t> keys, values;
};

// The values are the positions 0, 1, 2...: a stable sort leaves equal keys' values ascending.
Pairs withPositions(std::vector<std::uint32_t> keys) {
    Pairs pairs{std::move(keys), {}};
    pairs.values.resize(pairs.keys.size());
    std::iota(pairs.values.begin(), pairs.values.end(), 0u);
    return pairs;
}

Pairs cpuSort(const Pairs& input) {
    std::vector<std::pair<std::uint32_t, std::uint32_t>> pairs(input.keys.size());
    for (size_t i = 0; i < pairs.size(); ++i) pairs[i] = {input.keys[i], input.values[i]};
    std::stable_sort(pairs.begin(), pairs.end(),
                     [](const auto& a, const auto& b) { return a.first < b.first; });
    Pairs sorted;
    for (const auto& [key, value] : pairs) {
        sorted.keys.push_back(key);
        sorted.values.push_back(value);
    }
    return sorted;
}

Pairs gpuSort(const Pairs& input, int keyBits = 32) {
    const auto bytes = GLsizeiptr(std::max<size_t>(input.keys.size(), 1) * 4);
    cs::Buffer keys("sort test keys", bytes, cs::BufferUse::Computed, input.keys.data());
    cs::Buffer values("sort test values", bytes, cs::BufferUse::Computed, input.values.data());
    cs::GpuSort sort;
    sort.run(keys, values, input.keys.size(), keyBits);
    // The readbacks below are buffer reads of the sort's shader writes.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    Pairs sorted{std::vector<std::uint32_t>(input.keys.size()),
                 std::vector<std::uint32_t>(input.keys.size())};
    keys.download(sorted.keys.data(), GLsizeiptr(sorted.keys.size() * 4));
    values.download(sorted.values.data(), GLsizeiptr(sorted.values.size() * 4));
    return sorted;
}

std::vector<std::uint32_t> randomKeys(size_t count, unsigned seed, std::uint32_t mask) {
    std::mt19937 random(seed);
    std::vector<std::uint32_t> keys(count);
    for (auto& key : keys) key = random() & mask;
    return keys;
}

void expectSortedLikeCpu(const Pairs& input, const std::string& what, int keyBits = 32) {
    const Pairs expected = cpuSort(input);
    const Pairs actual = gpuSort(input, keyBits);
    EXPECT_TRUE(actual.keys == expected.keys) << what << ": keys";
    EXPECT_TRUE(actual.values == expected.values) << what << ": values (stability)";
}

class SortTest : public cs::test::GlTest {};

// Around the 16 elements of an invocation and the 1024 of a tile, several tiles, and more
// tiles than one scan tile of counts (16 digits x 129 tiles > 2048).
const size_t kLengths[] = {0,      1,      2,    3,    15,   16,   17,   63,   64,
                           65,     1023,   1024, 1025, 2047, 2048, 2049, 4097, 16 * 1024 - 1,
                           132097, 1 << 18};

TEST_F(SortTest, RandomKeysEqualStableSortForEveryLength) {
    for (size_t length : kLengths)
        expectSortedLikeCpu(withPositions(randomKeys(length, unsigned(length), 0xFFFFFFFFu)),
                            "length " + std::to_string(length));
}

// Few distinct keys: long runs of duplicates, where only stability decides the values' order.
TEST_F(SortTest, DuplicatesKeepTheirOrder) {
    for (size_t length : {size_t(17), size_t(1025), size_t(5000), size_t(70000)})
        for (std::uint32_t mask : {0x3u, 0xF0u, 0x80000001u})
            expectSortedLikeCpu(
                withPositions(randomKeys(length, 7, mask)),
                "length " + std::to_string(length) + " mask " + std::to_string(mask));
}

TEST_F(SortTest, AllKeysEqual) {
    for (size_t length : {size_t(2), size_t(1024), size_t(3001)})
        for (std::uint32_t key : {0u, 5u, 0xFFFFFFFFu})
            expectSortedLikeCpu(
                withPositions(std::vector<std::uint32_t>(length, key)),
                "all " + std::to_string(key) + ", length " + std::to_string(length));
}

TEST_F(SortTest, AlreadySortedAndReversed) {
    for (size_t length : {size_t(2), size_t(1000), size_t(4099)}) {
        std::vector<std::uint32_t> ascending(length);
        for (size_t i = 0; i < length; ++i) ascending[i] = std::uint32_t(i * 2654435761u % 977);
        std::sort(ascending.begin(), ascending.end());
        expectSortedLikeCpu(withPositions(ascending), "sorted, length " + std::to_string(length));
        std::reverse(ascending.begin(), ascending.end());
        expectSortedLikeCpu(withPositions(ascending), "reversed, length " + std::to_string(length));
    }
}

// Keys below 2^keyBits: fewer passes, rounded up to an even number (9 bits take 4 passes).
TEST_F(SortTest, KeysOfFewerBits) {
    for (int bits : {1, 4, 9, 15, 16, 31}) {
        const std::uint32_t mask = bits == 32 ? 0xFFFFFFFFu : (1u << bits) - 1u;
        expectSortedLikeCpu(withPositions(randomKeys(3000, unsigned(bits), mask)),
                            std::to_string(bits) + " bits", bits);
    }
}

// Values are carried, not regenerated: arbitrary values come out beside their keys.
TEST_F(SortTest, ValuesMoveWithTheirKeys) {
    Pairs input{randomKeys(2500, 3, 0xFFu), randomKeys(2500, 4, 0xFFFFFFFFu)};
    expectSortedLikeCpu(input, "random values");
}

// Only the first `count` elements are sorted; what lies beyond stays as it was.
TEST_F(SortTest, SortsOnlyTheFirstCount) {
    const std::vector<std::uint32_t> keys = {9, 3, 7, 1, 100, 50};
    cs::Buffer keyBuffer("keys", 24, cs::BufferUse::Computed, keys.data());
    cs::Buffer valueBuffer("values", 24, cs::BufferUse::Computed, keys.data());
    cs::GpuSort sort;
    sort.run(keyBuffer, valueBuffer, 4);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<std::uint32_t> result(6);
    keyBuffer.download(result.data(), 24);
    EXPECT_EQ(result, (std::vector<std::uint32_t>{1, 3, 7, 9, 100, 50}));
}

TEST_F(SortTest, BufferTooSmallIsAnError) {
    cs::Buffer small("small", 16, cs::BufferUse::Computed);
    cs::Buffer large("large", 64, cs::BufferUse::Computed);
    cs::GpuSort sort;
    EXPECT_NE(errorFrom([&] { sort.run(small, large, 5); }).find("needs 20-byte buffers"),
              std::string::npos);
    EXPECT_NE(errorFrom([&] { sort.run(large, small, 5); }).find("needs 20-byte buffers"),
              std::string::npos);
}

TEST_F(SortTest, KeyBitsOutOfRangeIsAnError) {
    cs::Buffer data("data", 64, cs::BufferUse::Computed);
    cs::GpuSort sort;
    for (int bits : {0, 33})
        EXPECT_NE(errorFrom([&] { sort.run(data, data, 4, bits); }).find("1 to 32"),
                  std::string::npos);
}

}  // namespace
