// cs::GpuScan against plain CPU scans: exact for uint (wrap-around included), and within a
// stated bound of a double-precision scan for float and vec4.
#include "compute/scan.h"

#include <cmath>
#include <cstdint>
#include <glm/glm.hpp>
#include <random>
#include <vector>

#include "gl/dispatch.h"
#include "gl_test.h"

namespace {

using cs::ScanMode;
using cs::test::errorFrom;

// Scans `rows` rows of `rowLength` values of `data` on the CPU, in double precision for
// floating-point types. Transposed: element (row, i) lands at i * rows + row.
template <typename T, typename Accumulator>
std::vector<T> cpuScan(const std::vector<T>& data, size_t rowLength, size_t rows, ScanMode mode,
                       bool transposed = false) {
    std::vector<T> out(data.size());
    for (size_t r = 0; r < rows; ++r) {
        Accumulator sum(0);
        for (size_t i = 0; i < rowLength; ++i) {
            const size_t at = transposed ? i * rows + r : r * rowLength + i;
            if (mode == ScanMode::Exclusive) out[at] = T(sum);
            sum += Accumulator(data[r * rowLength + i]);
            if (mode == ScanMode::Inclusive) out[at] = T(sum);
        }
    }
    return out;
}

template <typename T>
std::vector<T> gpuScan(cs::ElementType type, const std::vector<T>& data, size_t rowLength,
                       size_t rows, ScanMode mode, bool inPlace, bool transposed = false) {
    const auto bytes = GLsizeiptr(std::max<size_t>(data.size(), 1) * sizeof(T));
    cs::Buffer input("scan test input", bytes, cs::BufferUse::Computed, data.data());
    cs::Buffer output("scan test output", bytes, cs::BufferUse::Computed);
    cs::GpuScan scan(type);
    scan.run(input, inPlace ? input : output, rowLength, std::uint32_t(rows), mode, transposed);
    // The readback below is a buffer read: wait for the scan's shader writes.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<T> result(data.size());
    (inPlace ? input : output).download(result.data(), GLsizeiptr(data.size() * sizeof(T)));
    return result;
}

std::vector<std::uint32_t> randomUints(size_t count, unsigned seed) {
    std::mt19937 random(seed);
    std::vector<std::uint32_t> values(count);
    for (auto& v : values) v = random();  // full range: the sums wrap around many times
    return values;
}

std::vector<float> randomFloats(size_t count, unsigned seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> uniform(0.0f, 1.0f);
    std::vector<float> values(count);
    for (auto& v : values) v = uniform(random);
    return values;
}

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
            for (bool inPlace : {false, true}) {
                const auto actual = gpuScan(cs::ElementType::Uint, data, length, 1, mode, inPlace);
                ASSERT_TRUE(actual == expected)
                    << "length " << length << (mode == ScanMode::Exclusive ? " exclusive" : "")
                    << (inPlace ? " in place" : "");
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
        EXPECT_TRUE(gpuScan(cs::ElementType::Uint, data, length, 1, ScanMode::Inclusive, false) ==
                    expected)
            << "length " << length;
    }
}

TEST_F(ScanTest, UintWrapsModulo2To32) {
    const std::vector<std::uint32_t> data = {0xFFFFFFFFu, 2u, 0x80000000u, 0x80000000u, 7u};
    const std::vector<std::uint32_t> expected = {0xFFFFFFFFu, 1u, 0x80000001u, 1u, 8u};
    EXPECT_EQ(gpuScan(cs::ElementType::Uint, data, 5, 1, ScanMode::Inclusive, false), expected);
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

// float: the GPU adds in a tree-like order, so it differs from the exact sum by rounding.
// Each output is the sum of its inputs through at most ~40 additions per tile level (16
// serial additions in an invocation, a raking segment of 8, 16 segments, the offsets) and three
// levels for these lengths, so |gpu - exact| <= 128 * 2^-24 * sum of |inputs| so far is a safe
// bound. The observed maximum is printed for the record.
TEST_F(ScanTest, FloatWithinBoundOfDoubleScan) {
    const double unitRoundoff = std::ldexp(1.0, -24);
    for (size_t length : {size_t(1), size_t(2049), size_t(1 << 20), size_t(3000001)}) {
        const auto data = randomFloats(length, 9);
        for (ScanMode mode : {ScanMode::Inclusive, ScanMode::Exclusive}) {
            const auto actual = gpuScan(cs::ElementType::Float, data, length, 1, mode, false);
            double absoluteSum = 0.0, worst = 0.0;
            double exact = 0.0;
            for (size_t i = 0; i < length; ++i) {
                if (mode == ScanMode::Inclusive) exact += data[i], absoluteSum += data[i];
                const double error = std::abs(double(actual[i]) - exact);
                if (absoluteSum > 0) worst = std::max(worst, error / (absoluteSum * unitRoundoff));
                ASSERT_LE(error, 128 * unitRoundoff * absoluteSum + 1e-30) << "element " << i;
                if (mode == ScanMode::Exclusive) exact += data[i], absoluteSum += data[i];
            }
            std::printf("float scan of %zu: worst error %.2f units of 2^-24 x sum|x|\n", length,
                        worst);
        }
    }
}

// vec4 elements through every path of the kernels: rows that fit one quad, one tile or
// several, lengths that leave a ragged last quad, rows that start unaligned, both modes,
// in place and transposed. The components are small integers, different in each lane and
// component, so every sum is exact in float and a lane or component mixed up anywhere (a
// driver once miscompiled the four-element update) shows as a wrong value, not as rounding.
TEST_F(ScanTest, Vec4EqualsCpuExactlyOnIntegerData) {
    const std::pair<size_t, size_t> shapes[] = {{1, 1},    {3, 2},    {130, 1}, {17, 5},
                                                {641, 37}, {2049, 3}, {4099, 2}};
    std::mt19937 random(3);
    for (const auto& [rowLength, rows] : shapes) {
        std::vector<glm::vec4> data(rowLength * rows);
        for (auto& v : data)
            v = glm::vec4(float(random() % 256), float(random() % 16), -float(random() % 8), 1.0f);
        for (ScanMode mode : {ScanMode::Inclusive, ScanMode::Exclusive}) {
            for (bool transposed : {false, true}) {
                const auto expected =
                    cpuScan<glm::vec4, glm::dvec4>(data, rowLength, rows, mode, transposed);
                for (bool inPlace : {false, true}) {
                    if (inPlace && transposed) continue;  // refused: see TransposedInPlace
                    const auto actual = gpuScan(cs::ElementType::Vec4, data, rowLength, rows, mode,
                                                inPlace, transposed);
                    size_t wrong = 0;
                    for (size_t i = 0; i < actual.size(); ++i) wrong += actual[i] != expected[i];
                    EXPECT_EQ(wrong, 0u)
                        << rows << " rows of " << rowLength
                        << (mode == ScanMode::Exclusive ? " exclusive" : "")
                        << (transposed ? " transposed" : "") << (inPlace ? " in place" : "");
                }
            }
        }
    }
}

// The same for float elements: integer values keep every sum exact.
TEST_F(ScanTest, FloatEqualsCpuExactlyOnIntegerData) {
    const std::pair<size_t, size_t> shapes[] = {{1, 1}, {130, 1}, {17, 5}, {4099, 2}};
    std::mt19937 random(4);
    for (const auto& [rowLength, rows] : shapes) {
        std::vector<float> data(rowLength * rows);
        for (auto& v : data) v = float(random() % 256) - 128.0f;
        for (ScanMode mode : {ScanMode::Inclusive, ScanMode::Exclusive}) {
            for (bool transposed : {false, true}) {
                const auto expected =
                    cpuScan<float, double>(data, rowLength, rows, mode, transposed);
                EXPECT_TRUE(gpuScan(cs::ElementType::Float, data, rowLength, rows, mode, false,
                                    transposed) == expected)
                    << rows << " rows of " << rowLength;
            }
        }
    }
}

// More data than llvmpipe binds as one SSBO (128 MiB): the scan must go in chunks.
TEST_F(ScanTest, LargerThanOneStorageBlockIsScannedInChunks) {
    GLint maxBlock = 0;
    glGetIntegerv(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, &maxBlock);
    const size_t length = std::min<size_t>(size_t(maxBlock) / 4 + 4099, size_t(1) << 27);
    const auto data = randomUints(length, 11);
    const auto expected =
        cpuScan<std::uint32_t, std::uint32_t>(data, length, 1, ScanMode::Inclusive);
    EXPECT_TRUE(gpuScan(cs::ElementType::Uint, data, length, 1, ScanMode::Inclusive, true) ==
                expected);
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
