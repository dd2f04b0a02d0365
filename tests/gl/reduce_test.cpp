// cs::GpuReduce against CPU sums: exact for uint, within a stated bound for float and vec4.
#include "compute/reduce.h"

#include <cmath>
#include <glm/glm.hpp>
#include <random>
#include <vector>

#include "gl_test.h"

namespace {

using cs::test::errorFrom;

class ReduceTest : public cs::test::GlTest {};

template <typename T>
T gpuSum(cs::ElementType type, const std::vector<T>& data, GLintptr resultOffset = 0) {
    cs::Buffer input("reduce test input", GLsizeiptr(std::max<size_t>(data.size(), 1) * sizeof(T)),
                     cs::BufferUse::Input, data.data());
    cs::Buffer result("reduce test result", GLsizeiptr(resultOffset + sizeof(T)),
                      cs::BufferUse::ReadBack);
    cs::GpuReduce reduce(type);
    reduce.sum(input, data.size(), result, resultOffset);
    // No barrier: sum() wrote `result` with a buffer copy, which the download is ordered with.
    T sum;
    result.download(&sum, sizeof sum, resultOffset);
    return sum;
}

TEST_F(ReduceTest, UintEqualsCpuExactly) {
    std::mt19937 random(1);
    for (size_t length : {size_t(0), size_t(1), size_t(5), size_t(2047), size_t(2048), size_t(2049),
                          size_t(4097), size_t(2048 * 2048 + 3)}) {
        std::vector<std::uint32_t> data(length);
        std::uint32_t expected = 0;  // wraps modulo 2^32, like the GPU
        for (auto& v : data) expected += (v = random());
        EXPECT_EQ(gpuSum(cs::ElementType::Uint, data), expected) << "length " << length;
    }
}

TEST_F(ReduceTest, ResultLandsAtTheRequestedOffset) {
    const std::vector<std::uint32_t> data = {1, 2, 3, 4};
    EXPECT_EQ(gpuSum(cs::ElementType::Uint, data, 12), 10u);
}

// A tree-order float sum of n values has error <= ~log2(n) * 2^-24 * sum|x|; with the
// 16 serial additions per invocation, 8-wide raking segments and 16 segments per tile, the
// tile sums' own levels: 64 * 2^-24 is safe.
TEST_F(ReduceTest, FloatAndVec4WithinBoundOfDoubleSum) {
    std::mt19937 random(2);
    std::uniform_real_distribution<float> uniform(-1.0f, 1.0f);
    const double bound = 64 * std::ldexp(1.0, -24);
    for (size_t length : {size_t(1), size_t(3001), size_t(1000003)}) {
        std::vector<float> scalars(length);
        double exact = 0, absolute = 0;
        for (auto& v : scalars) exact += (v = uniform(random)), absolute += std::abs(v);
        EXPECT_NEAR(gpuSum(cs::ElementType::Float, scalars), exact, bound * absolute) << length;

        std::vector<glm::vec4> vectors(length);
        glm::dvec4 exact4(0), absolute4(0);
        for (auto& v : vectors) {
            v = glm::vec4(uniform(random), uniform(random), uniform(random), 1.0f);
            exact4 += glm::dvec4(v);
            absolute4 += glm::abs(glm::dvec4(v));
        }
        const glm::vec4 sum = gpuSum(cs::ElementType::Vec4, vectors);
        for (int c = 0; c < 4; ++c)
            EXPECT_NEAR(sum[c], exact4[c], bound * absolute4[c]) << length << " component " << c;
    }
}

TEST_F(ReduceTest, ResultBufferTooSmallIsAnError) {
    cs::Buffer input("input", 16, cs::BufferUse::Computed);
    cs::Buffer result("result", 4, cs::BufferUse::ReadBack);
    cs::GpuReduce reduce(cs::ElementType::Uint);
    EXPECT_NE(errorFrom([&] { reduce.sum(input, 4, result, 4); }).find("does not fit"),
              std::string::npos);
}

}  // namespace
