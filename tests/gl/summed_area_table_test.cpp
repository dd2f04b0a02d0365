// cs::SummedAreaTable against a double-precision CPU table, and its reason to exist: any
// rectangle's sum from four reads.
#include "compute/summed_area_table.h"

#include <glm/glm.hpp>
#include <random>
#include <vector>

#include "gl_test.h"

namespace {

class SummedAreaTableTest : public cs::test::GlTest {};

// Byte-valued pixels (0..255, as the samples use); sums of up to 640 x 481 x 255 < 2^27
// are not all exact in float, so compare within a relative 2^-20.
std::vector<glm::vec4> randomPixels(int width, int height, unsigned seed) {
    std::mt19937 random(seed);
    std::vector<glm::vec4> pixels(size_t(width) * height);
    for (auto& p : pixels)
        p = glm::vec4(float(random() % 256), float(random() % 256), float(random() % 256), 255.0f);
    return pixels;
}

std::vector<glm::dvec4> cpuTable(const std::vector<glm::vec4>& pixels, int width, int height) {
    std::vector<glm::dvec4> table(pixels.size());
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            glm::dvec4 sum = glm::dvec4(pixels[size_t(y) * width + x]);
            if (x > 0) sum += table[size_t(y) * width + x - 1];
            if (y > 0) sum += table[size_t(y - 1) * width + x];
            if (x > 0 && y > 0) sum -= table[size_t(y - 1) * width + x - 1];
            table[size_t(y) * width + x] = sum;
        }
    return table;
}

std::vector<glm::vec4> gpuTable(const std::vector<glm::vec4>& pixels, int width, int height) {
    const auto bytes = GLsizeiptr(pixels.size() * sizeof(glm::vec4));
    cs::Buffer input("sat test pixels", bytes, cs::BufferUse::Input, pixels.data());
    cs::Buffer table("sat test table", bytes, cs::BufferUse::Computed);
    cs::SummedAreaTable sat;
    sat.build(input, table, width, height);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);  // the download reads the shader's writes
    std::vector<glm::vec4> result(pixels.size());
    table.download(result.data(), bytes);
    return result;
}

bool close(const glm::dvec4& expected, const glm::vec4& actual) {
    for (int c = 0; c < 4; ++c)
        if (std::abs(expected[c] - actual[c]) > std::ldexp(std::abs(expected[c]), -20))
            return false;
    return true;
}

TEST_F(SummedAreaTableTest, MatchesDoubleCpuTableOnAwkwardSizes) {
    const std::pair<int, int> sizes[] = {{1, 1}, {17, 5}, {5, 17}, {640, 481}, {2049, 3}};
    for (const auto& [width, height] : sizes) {
        const auto pixels = randomPixels(width, height, unsigned(width * height));
        const auto expected = cpuTable(pixels, width, height);
        const auto actual = gpuTable(pixels, width, height);
        size_t bad = 0;
        for (size_t i = 0; i < expected.size(); ++i) bad += !close(expected[i], actual[i]);
        EXPECT_EQ(bad, 0u) << width << "x" << height;
    }
}

TEST_F(SummedAreaTableTest, BoxSumsFromFourReadsEqualDirectSums) {
    const int width = 301, height = 157;
    const auto pixels = randomPixels(width, height, 77);
    const auto table = gpuTable(pixels, width, height);
    auto at = [&](int x, int y) {
        return x < 0 || y < 0 ? glm::dvec4(0) : glm::dvec4(table[size_t(y) * width + x]);
    };
    std::mt19937 random(5);
    for (int i = 0; i < 200; ++i) {
        int x0 = int(random() % width), x1 = int(random() % width);
        int y0 = int(random() % height), y1 = int(random() % height);
        if (x0 > x1) std::swap(x0, x1);
        if (y0 > y1) std::swap(y0, y1);
        glm::dvec4 direct(0);
        for (int y = y0; y <= y1; ++y)
            for (int x = x0; x <= x1; ++x) direct += glm::dvec4(pixels[size_t(y) * width + x]);
        const glm::dvec4 fromTable =
            at(x1, y1) - at(x0 - 1, y1) - at(x1, y0 - 1) + at(x0 - 1, y0 - 1);
        for (int c = 0; c < 4; ++c)
            // Table entries reach 301 x 157 x 255 = 1.2e7, where a float step is 1: four reads
            // combined may be off by a few units.
            ASSERT_NEAR(fromTable[c], direct[c], 1e-6 * std::max(1.0, direct[c]) + 2.0)
                << "box " << x0 << "," << y0 << " - " << x1 << "," << y1;
    }
}

}  // namespace
