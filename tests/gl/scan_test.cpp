// cs::GpuScan against plain CPU scans, by both algorithms: exact for uint (wrap-around
// included), and within a stated bound of a double-precision scan for float and vec4. The
// single pass's own paths (the fallback, chunks, many scans in a row) are tested in
// scan_single_pass_test.cpp.
#include "compute/scan.h"

#include <cmath>
#include <cstdint>
#include <glm/glm.hpp>
#include <random>
#include <vector>

#include "gl/dispatch.h"
#include "scan_test.h"

namespace {

using cs::ScanAlgorithm;
using cs::ScanMode;
using cs::test::cpuScan;
using cs::test::errorFrom;
using cs::test::gpuScan;
using cs::test::modeName;
using cs::test::randomFloats;
using cs::test::randomUints;

// The ways a row can be scanned: the single pass (Auto's choice for one row out of place),
// reduce-then-scan out of place, and in place, which Auto gives to reduce-then-scan.
struct Variant {
    ScanAlgorithm algorithm;
    bool inPlace;
    const char* name;
};
const Variant kVariants[] = {{ScanAlgorithm::Auto, false, "single pass"},
                             {ScanAlgorithm::ReduceThenScan, false, "reduce-then-scan"},
                             {ScanAlgorithm::Auto, true, "in place"}};

class ScanTest : public cs::test::GlTest {};

// Lengths around the tile (2048) and vector (4) boundaries, several tile levels, and
// 2048 * 2048 + 1, which needs three levels.
const size_t kLengths[] = {
    0,    1,    2,    3,    4,     5,          1023,    1024,          1025,           2047,
    2048, 2049, 4095, 4097, 10000, 2048 * 513, 1 << 20, (1 << 20) + 3, 2048 * 2048 + 1};

TEST_F(ScanTest, UintEqualsCpuExactlyForEveryLengthAndMode) {
    for (size_t length : kLengths) {
        const auto data = randomUints(length, unsigned(length));
        for (ScanMode mode : {ScanMode::Inclusive, ScanMode::Exclusive}) {
            const auto expected = cpuScan<std::uint32_t, std::uint32_t>(data, length, 1, mode);
            for (const Variant& v : kVariants) {
                const auto actual = gpuScan(cs::ElementType::Uint, data, length, 1, mode, v.inPlace,
                                            false, v.algorithm);
                ASSERT_TRUE(actual == expected)
                    << "length " << length << " " << modeName(mode) << ", " << v.name;
            }
        }
    }
}

TEST_F(ScanTest, UintRandomBatchOfLengths) {
    std::mt19937 random(42);
    for (int i = 0; i < 12; ++i) {
        const size_t length = random() % 300000;
        const auto data = randomUints(length, random());
        const auto expected =
            cpuScan<std::uint32_t, std::uint32_t>(data, length, 1, ScanMode::Inclusive);
        for (ScanAlgorithm algorithm : {ScanAlgorithm::SinglePass, ScanAlgorithm::ReduceThenScan})
            EXPECT_TRUE(gpuScan(cs::ElementType::Uint, data, length, 1, ScanMode::Inclusive, false,
                                false, algorithm) == expected)
                << "length " << length;
    }
}

TEST_F(ScanTest, UintWrapsModulo2To32) {
    const std::vector<std::uint32_t> data = {0xFFFFFFFFu, 2u, 0x80000000u, 0x80000000u, 7u};
    const std::vector<std::uint32_t> expected = {0xFFFFFFFFu, 1u, 0x80000001u, 1u, 8u};
    for (const Variant& v : kVariants)
        EXPECT_EQ(gpuScan(cs::ElementType::Uint, data, 5, 1, ScanMode::Inclusive, v.inPlace, false,
                          v.algorithm),
                  expected)
            << v.name;
}

// Rows of lengths that are not multiples of four start unaligned; 4097 spans three tiles.
TEST_F(ScanTest, UintRowsAreIndependent) {
    const std::pair<size_t, size_t> shapes[] = {{33, 17}, {4097, 5}, {1, 9}, {2048, 3}, {6, 1000}};
    for (const auto& [rowLength, rows] : shapes) {
        const auto data = randomUints(rowLength * rows, unsigned(rowLength * rows));
        for (ScanMode mode : {ScanMode::Inclusive, ScanMode::Exclusive}) {
            const auto expected =
                cpuScan<std::uint32_t, std::uint32_t>(data, rowLength, rows, mode);
            EXPECT_TRUE(gpuScan(cs::ElementType::Uint, data, rowLength, rows, mode, true) ==
                        expected)
                << rows << " rows of " << rowLength;
        }
    }
}

TEST_F(ScanTest, UintTransposedOutput) {
    const std::pair<size_t, size_t> shapes[] = {{33, 17}, {4097, 3}, {5, 1}};
    for (const auto& [rowLength, rows] : shapes) {
        const auto data = randomUints(rowLength * rows, 5);
        const auto expected =
            cpuScan<std::uint32_t, std::uint32_t>(data, rowLength, rows, ScanMode::Inclusive, true);
        EXPECT_TRUE(gpuScan(cs::ElementType::Uint, data, rowLength, rows, ScanMode::Inclusive,
                            false, true) == expected)
            << rows << " rows of " << rowLength;
    }
}

// Tiles loaded and stored coalesced (GpuScan::setCoalesced, COALESCED in scan_common.glsl): the
// same results by reduce-then-scan, over rows, in place, transposed and over several levels,
// and by the single pass; float on integer data, where every order of addition is exact.
TEST_F(ScanTest, CoalescedTilesEqualCpuExactly) {
    struct Shape {
        size_t rowLength, rows;
        bool inPlace, transposed;
    };
    const Shape shapes[] = {{33, 17, true, false},
                            {4097, 5, false, true},
                            {2048 * 513 + 5, 1, true, false},
                            {10000, 1, false, false}};
    for (ScanAlgorithm algorithm : {ScanAlgorithm::ReduceThenScan, ScanAlgorithm::SinglePass}) {
        for (const Shape& shape : shapes) {
            if (algorithm == ScanAlgorithm::SinglePass &&
                (shape.rows > 1 || shape.inPlace || shape.transposed))
                continue;  // what the single pass does not take
            const size_t count = shape.rowLength * shape.rows;
            const auto data = randomUints(count, unsigned(count));
            cs::GpuScan scan(cs::ElementType::Uint, algorithm);
            scan.setCoalesced(true);
            EXPECT_TRUE(
                gpuScan(scan, data, shape.rowLength, shape.rows, ScanMode::Exclusive, shape.inPlace,
                        shape.transposed) ==
                (cpuScan<std::uint32_t, std::uint32_t>(data, shape.rowLength, shape.rows,
                                                       ScanMode::Exclusive, shape.transposed)))
                << shape.rows << " rows of " << shape.rowLength;
        }
    }
    std::mt19937 random(3);
    std::vector<float> floats(70001);  // |any partial sum| < 70001 * 128 < 2^24: exact
    for (float& v : floats) v = float(random() % 256) - 128.0f;
    cs::GpuScan floatScan(cs::ElementType::Float, ScanAlgorithm::ReduceThenScan);
    floatScan.setCoalesced(true);
    EXPECT_TRUE(gpuScan(floatScan, floats, floats.size(), 1, ScanMode::Inclusive, false) ==
                (cpuScan<float, double>(floats, floats.size(), 1, ScanMode::Inclusive)));
}

// float: the GPU adds in a tree-like order, so it differs from the exact sum by rounding.
// GLSL 4.30 rounds each addition correctly, so an output that passed through at most d
// additions is within d * 2^-24 * (the sum of |inputs| so far) of the exact sum, to first
// order. Reduce-then-scan: at most ~40 additions per tile level (16 serial additions in an
// invocation, a raking segment of 8, 16 segments, the offsets) and three levels for these
// lengths: 128 units is safe. The single pass: at most ~56 for a tile's sum (32 serial
// additions in an invocation, 8 in a segment, 16 segments) and ~60 more on the way to an
// output, plus at most two for every tile before it (its look-back step and its inclusive
// prefix) and one for a chunk's carry: 128 + 3 per tile. The observed maximum is printed for
// the record; it stays near 10 units either way.
TEST_F(ScanTest, FloatWithinBoundOfDoubleScan) {
    const double unitRoundoff = std::ldexp(1.0, -24);
    for (size_t length : {size_t(1), size_t(2049), size_t(1 << 20), size_t(3000001)}) {
        const auto data = randomFloats(length, 9);
        for (ScanAlgorithm algorithm : {ScanAlgorithm::SinglePass, ScanAlgorithm::ReduceThenScan}) {
            const double units =
                algorithm == ScanAlgorithm::SinglePass
                    ? 128.0 +
                          3.0 * double(cs::tilesFor(
                                    length, cs::singlePassTile(cs::ElementType::Float).elements()))
                    : 128.0;
            for (ScanMode mode : {ScanMode::Inclusive, ScanMode::Exclusive}) {
                const auto actual =
                    gpuScan(cs::ElementType::Float, data, length, 1, mode, false, false, algorithm);
                double absoluteSum = 0.0, worst = 0.0;
                double exact = 0.0;
                for (size_t i = 0; i < length; ++i) {
                    if (mode == ScanMode::Inclusive) exact += data[i], absoluteSum += data[i];
                    const double error = std::abs(double(actual[i]) - exact);
                    if (absoluteSum > 0)
                        worst = std::max(worst, error / (absoluteSum * unitRoundoff));
                    ASSERT_LE(error, units * unitRoundoff * absoluteSum + 1e-30) << "element " << i;
                    if (mode == ScanMode::Exclusive) exact += data[i], absoluteSum += data[i];
                }
                std::printf(
                    "float scan of %zu, %s: worst error %.2f units of 2^-24 x sum|x| "
                    "(bound %.0f)\n",
                    length,
                    algorithm == ScanAlgorithm::SinglePass ? "single pass" : "reduce-then-scan",
                    worst, units);
            }
        }
    }
}

// vec4 elements through every path of the kernels: rows that fit one quad, one tile or
// several, lengths that leave a ragged last quad, rows that start unaligned, both modes,
// in place and transposed. The components are small integers, different in each lane and
// component, so every sum is exact in float and a lane or component mixed up anywhere (a
// driver once miscompiled the four-element update) shows as a wrong value, not as rounding.
TEST_F(ScanTest, Vec4EqualsCpuExactlyOnIntegerData) {
    const std::pair<size_t, size_t> shapes[] = {
        {1, 1}, {3, 2}, {130, 1}, {17, 5}, {641, 37}, {2049, 3}, {4099, 2}, {12291, 1}, {20000, 1}};
    std::mt19937 random(3);
    for (const auto& [rowLength, rows] : shapes) {
        std::vector<glm::vec4> data(rowLength * rows);
        for (auto& v : data)
            v = glm::vec4(float(random() % 256), float(random() % 16), -float(random() % 8), 1.0f);
        for (ScanMode mode : {ScanMode::Inclusive, ScanMode::Exclusive}) {
            for (bool transposed : {false, true}) {
                const auto expected =
                    cpuScan<glm::vec4, glm::dvec4>(data, rowLength, rows, mode, transposed);
                for (const Variant& v : kVariants) {
                    if (v.inPlace && transposed) continue;  // refused: see TransposedInPlace
                    // Several rows: Auto is reduce-then-scan already.
                    if (rows > 1 && v.algorithm == ScanAlgorithm::ReduceThenScan) continue;
                    const auto actual = gpuScan(cs::ElementType::Vec4, data, rowLength, rows, mode,
                                                v.inPlace, transposed, v.algorithm);
                    size_t wrong = 0;
                    for (size_t i = 0; i < actual.size(); ++i) wrong += actual[i] != expected[i];
                    EXPECT_EQ(wrong, 0u)
                        << rows << " rows of " << rowLength << " " << modeName(mode)
                        << (transposed ? " transposed" : "") << ", " << v.name;
                }
            }
        }
    }
}

// The same for float elements: integer values keep every sum exact.
TEST_F(ScanTest, FloatEqualsCpuExactlyOnIntegerData) {
    const std::pair<size_t, size_t> shapes[] = {{1, 1}, {130, 1}, {17, 5}, {4099, 2}, {20001, 1}};
    std::mt19937 random(4);
    for (const auto& [rowLength, rows] : shapes) {
        std::vector<float> data(rowLength * rows);
        for (auto& v : data) v = float(random() % 256) - 128.0f;
        for (ScanMode mode : {ScanMode::Inclusive, ScanMode::Exclusive}) {
            for (bool transposed : {false, true}) {
                const auto expected =
                    cpuScan<float, double>(data, rowLength, rows, mode, transposed);
                for (ScanAlgorithm algorithm : {ScanAlgorithm::Auto, ScanAlgorithm::ReduceThenScan})
                    EXPECT_TRUE(gpuScan(cs::ElementType::Float, data, rowLength, rows, mode, false,
                                        transposed, algorithm) == expected)
                        << rows << " rows of " << rowLength;
            }
        }
    }
}

// More data than llvmpipe binds as one SSBO (128 MiB): both algorithms must go in chunks, the
// single pass handing each chunk's total on to the next.
TEST_F(ScanTest, LargerThanOneStorageBlockIsScannedInChunks) {
    GLint maxBlock = 0;
    glGetIntegerv(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &maxBlock);
    const size_t length = std::min<size_t>(size_t(maxBlock) / 4 + 4099, size_t(1) << 27);
    const auto data = randomUints(length, 11);
    const auto expected =
        cpuScan<std::uint32_t, std::uint32_t>(data, length, 1, ScanMode::Inclusive);
    for (const Variant& v : {kVariants[0], kVariants[2]})
        EXPECT_TRUE(gpuScan(cs::ElementType::Uint, data, length, 1, ScanMode::Inclusive, v.inPlace,
                            false, v.algorithm) == expected)
            << v.name;
}

TEST_F(ScanTest, BufferTooSmallIsAnError) {
    cs::Buffer small("small", 16, cs::BufferUse::Computed);
    cs::GpuScan scan(cs::ElementType::Uint);
    EXPECT_NE(errorFrom([&] { scan.run(small, small, 5); }).find("needs 20-byte buffers"),
              std::string::npos);
}

TEST_F(ScanTest, MoreRowsThanTheGlDispatchesIsAnError) {
    // Each row is a work-group row along y; one more than GL_MAX_COMPUTE_WORK_GROUP_COUNT[1]
    // must be refused, not dispatched as a GL error that scans nothing.
    const std::uint32_t rows = cs::maxGroupCount(1) + 1;
    cs::Buffer data("one element per row", GLsizeiptr(rows) * 4, cs::BufferUse::Computed);
    cs::GpuScan scan(cs::ElementType::Uint);
    EXPECT_NE(errorFrom([&] { scan.run(data, data, 1, rows); }).find("work groups"),
              std::string::npos);
}

TEST_F(ScanTest, TransposedInPlaceIsAnError) {
    cs::Buffer data("data", 64, cs::BufferUse::Computed);
    cs::GpuScan scan(cs::ElementType::Uint);
    EXPECT_NE(errorFrom([&] {
                  scan.run(data, data, 4, 4, ScanMode::Inclusive, true);
              }).find("cannot run in place"),
              std::string::npos);
}

}  // namespace
