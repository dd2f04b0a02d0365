// shaders/prefix_sum/single_group.comp stopped after each step, as the prefix_sum sample's
// step view runs it: after k steps every block of 2^k elements must hold the inclusive scan
// of its own elements (OpenGL SuperBible, 6th ed., Figure 10.5), checked exactly against
// the CPU.
#include <cstdint>
#include <random>
#include <vector>

#include "gl/program.h"
#include "gl_test.h"

namespace {

class SingleGroupScanTest : public cs::test::GlTest {
protected:
    // Runs the shader on `values` for `steps` steps and reads back what it wrote.
    std::vector<std::uint32_t> run(const std::vector<std::uint32_t>& values, unsigned steps,
                                   bool exclusive = false) {
        if (!program) program = cs::Program::compute("prefix_sum/single_group.comp");
        const auto bytes = GLsizeiptr(values.size() * 4);
        cs::Buffer input("single-group test input", bytes, cs::BufferUse::Input, values.data());
        cs::Buffer output("single-group test output", bytes, cs::BufferUse::Computed);
        program.use();
        glUniform1ui(program.uniform("count"), GLuint(values.size()));
        glUniform1ui(program.uniform("stepsToRun"), steps);
        glUniform1i(program.uniform("exclusive"), exclusive);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, input.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, output.id());
        glDispatchCompute(1, 1, 1);
        // The readback below is a buffer read of the shader's writes.
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        std::vector<std::uint32_t> result(values.size());
        output.download(result.data(), bytes);
        return result;
    }

    cs::Program program;
};

// The state after `steps` steps: each block of 2^steps elements scanned on its own.
std::vector<std::uint32_t> blockScans(const std::vector<std::uint32_t>& values, unsigned steps) {
    const size_t block = size_t(1) << steps;
    std::vector<std::uint32_t> out(values.size());
    std::uint32_t sum = 0;
    for (size_t i = 0; i < values.size(); ++i) {
        if (i % block == 0) sum = 0;
        out[i] = sum += values[i];
    }
    return out;
}

std::vector<std::uint32_t> randomUints(size_t count, unsigned seed) {
    std::mt19937 random(seed);
    std::vector<std::uint32_t> values(count);
    for (auto& v : values) v = random();
    return values;
}

TEST_F(SingleGroupScanTest, EveryStepScansBlocksOfTwiceTheSize) {
    for (size_t length : {size_t(16), size_t(1000), size_t(2048)}) {
        const auto values = randomUints(length, unsigned(length));
        for (unsigned steps = 0; steps <= 11; ++steps)
            ASSERT_EQ(run(values, steps), blockScans(values, steps))
                << "length " << length << " after " << steps << " steps";
    }
}

// The worked example in the shader's header comment.
TEST_F(SingleGroupScanTest, HeaderCommentExample) {
    const std::vector<std::uint32_t> values = {3, 1, 4, 1, 5, 9, 2, 6};
    EXPECT_EQ(run(values, 1), (std::vector<std::uint32_t>{3, 4, 4, 5, 5, 14, 2, 8}));
    EXPECT_EQ(run(values, 2), (std::vector<std::uint32_t>{3, 4, 8, 9, 5, 14, 16, 22}));
    EXPECT_EQ(run(values, 3), (std::vector<std::uint32_t>{3, 4, 8, 9, 14, 23, 25, 31}));
    EXPECT_EQ(run(values, 3, true), (std::vector<std::uint32_t>{0, 3, 4, 8, 9, 14, 23, 25}));
}

}  // namespace
