// The histopyramid on its own: the worked example of Ziegler et al. (VMV 2006) on the CPU
// reference and on the GPU, and every GPU level equal to the CPU's on awkward bases.
#include "compute/histopyramid.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "gl_test.h"

namespace {

// The article's 4x4 base, row y = 0 first: level 1 is A = 3, B = 2 (bottom row), C = 3,
// D = 1, and B's children, (2,0) (3,0) (2,1) (3,1), are 0, 1, 1, 0. A, C and D's are one
// choice that makes their sums.
const std::uint32_t kArticleBase[4][4] = {{1, 1, 0, 1},   // y = 0: A A B B
                                          {0, 1, 1, 0},   // y = 1: A A B B
                                          {1, 1, 0, 1},   // y = 2: C C D D
                                          {1, 0, 0, 0}};  // y = 3: C C D D

// The base in Morton order: cell (x, y) at mortonIndex(x, y).
std::vector<std::uint32_t> articleFlags() {
    std::vector<std::uint32_t> flags(16);
    for (std::uint32_t y = 0; y < 4; ++y)
        for (std::uint32_t x = 0; x < 4; ++x) flags[cs::mortonIndex({x, y})] = kArticleBase[y][x];
    return flags;
}

TEST(HistoPyramidCpu, MortonOrderIsZOrder) {
    // The four children of a cell, in the article's order (0,0), (+1,0), (0,+1), (+1,+1).
    EXPECT_EQ(cs::mortonIndex({0, 0}), 0u);
    EXPECT_EQ(cs::mortonIndex({1, 0}), 1u);
    EXPECT_EQ(cs::mortonIndex({0, 1}), 2u);
    EXPECT_EQ(cs::mortonIndex({1, 1}), 3u);
    EXPECT_EQ(cs::mortonIndex({2, 1}), 6u);
    for (std::uint32_t i : {0u, 5u, 1234567u, 0xFFFFFFFFu})
        EXPECT_EQ(cs::mortonIndex(cs::mortonCell(i)), i);
}

TEST(HistoPyramidCpu, ArticleWorkedExample) {
    const cs::HistoPyramidCpu pyramid(articleFlags());
    ASSERT_EQ(pyramid.levels.size(), 3u);
    EXPECT_EQ(pyramid.levels[1], (std::vector<std::uint32_t>{3, 2, 3, 1}));
    EXPECT_EQ(pyramid.total(), 9u);
    // Key 4 goes to B, then to B's third child: base cell (2, 1).
    EXPECT_EQ(cs::mortonCell(pyramid.find(4)), glm::uvec2(2, 1));
    // Every key finds the next flagged cell in Morton order.
    std::uint32_t key = 0;
    for (std::uint32_t i = 0; i < 16; ++i)
        if (articleFlags()[i]) EXPECT_EQ(pyramid.find(key++), i);
}

class HistoPyramidTest : public cs::test::GlTestWithParam<bool> {
protected:
    // Builds the pyramid of `flags` on the GPU; its levels, as the CPU sees them (totals
    // for partial sums), and the indices of the traversal.
    struct Built {
        std::vector<std::vector<std::uint32_t>> levels;
        std::vector<std::uint32_t> indices;
    };
    Built build(const std::vector<std::uint32_t>& flags) {
        cs::GpuHistoPyramid pyramid(GetParam());
        return build(pyramid, flags);
    }
    // The same with a pyramid of the caller's, perhaps built before on other flags.
    Built build(cs::GpuHistoPyramid& pyramid, const std::vector<std::uint32_t>& flags) {
        const bool partialSums = GetParam();
        const auto bytes = GLsizeiptr(flags.size() * 4);
        cs::Buffer input("histopyramid test flags", bytes, cs::BufferUse::Input, flags.data());
        cs::Buffer indices("histopyramid test indices", bytes, cs::BufferUse::Computed);
        pyramid.build(input, flags.size());
        pyramid.traverse(input, indices);
        // The downloads read the passes' shader writes.
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        std::vector<std::uint32_t> all(pyramid.levels().size() / 4);
        pyramid.levels().download(all.data(), pyramid.levels().size());
        Built built{{flags}, {}};
        for (int level = 1; level <= pyramid.top(); ++level) {
            std::vector<std::uint32_t> cells(pyramid.levelCells()[level]);
            for (std::size_t c = 0; c < cells.size(); ++c) {
                const std::size_t at = pyramid.levelOffsets()[level] + c;
                cells[c] = partialSums ? all[4 * at + 3] : all[at];
                if (partialSums) {  // the running sums of the four children below
                    const auto& below = built.levels[level - 1];
                    std::uint32_t sum = 0;
                    for (std::size_t k = 0; k < 4; ++k) {
                        sum += 4 * c + k < below.size() ? below[4 * c + k] : 0;
                        EXPECT_EQ(all[4 * at + k], sum) << "level " << level << " cell " << c;
                    }
                }
            }
            built.levels.push_back(cells);
        }
        const std::uint32_t count = built.levels.back()[0];
        built.indices.resize(count);
        if (count) indices.download(built.indices.data(), GLsizeiptr(count * 4));
        return built;
    }
};

TEST_P(HistoPyramidTest, ArticleWorkedExample) {
    const Built built = build(articleFlags());
    ASSERT_EQ(built.levels.size(), 3u);
    EXPECT_EQ(built.levels[1], (std::vector<std::uint32_t>{3, 2, 3, 1}));
    EXPECT_EQ(built.levels[2], (std::vector<std::uint32_t>{9}));
    ASSERT_EQ(built.indices.size(), 9u);
    EXPECT_EQ(cs::mortonCell(built.indices[4]), glm::uvec2(2, 1));
    EXPECT_EQ(built.indices, cs::compactOnCpu(articleFlags()));
}

TEST_P(HistoPyramidTest, LevelsEqualTheCpuPyramid) {
    std::mt19937 random(7);
    for (std::size_t n : {1u, 2u, 4u, 5u, 63u, 64u, 65u, 1000u, 4099u, 100003u}) {
        std::vector<std::uint32_t> flags(n);
        for (auto& f : flags) f = random() % 3 == 0;
        const cs::HistoPyramidCpu cpu(flags);
        const Built gpu = build(flags);
        ASSERT_EQ(gpu.levels.size(), std::max<std::size_t>(cpu.levels.size(), 2)) << n;
        for (std::size_t level = 1; level < cpu.levels.size(); ++level)
            EXPECT_EQ(gpu.levels[level], cpu.levels[level]) << "n " << n << " level " << level;
        EXPECT_EQ(gpu.indices, cs::compactOnCpu(flags)) << n;
    }
}

// One pyramid built again on bases of other heights, as cs::GpuCompact reuses it: each
// traversal descends from its own run's top. The traversal program is bound again for every
// run with the builder's programs in between, and `top` goes 1, 1, 2, 2: on zink (Mesa 22.3)
// the fourth run walked one level when `top` was a uniform (LoopBoundAfterRebind below).
TEST_P(HistoPyramidTest, ReusedPyramidDescendsFromEachRunsTop) {
    cs::GpuHistoPyramid pyramid(GetParam());
    const std::vector<std::vector<std::uint32_t>> runs = {{1},
                                                          {0, 1, 1},
                                                          std::vector<std::uint32_t>(5, 0),
                                                          std::vector<std::uint32_t>(5, 1),
                                                          std::vector<std::uint32_t>(17, 1),
                                                          {1, 0, 1}};
    for (const auto& flags : runs) {
        const Built built = build(pyramid, flags);
        EXPECT_EQ(built.levels.size(),
                  std::max<std::size_t>(cs::HistoPyramidCpu(flags).levels.size(), 2))
            << flags.size() << " flags";
        EXPECT_EQ(built.indices, cs::compactOnCpu(flags)) << flags.size() << " flags";
    }
}

INSTANTIATE_TEST_SUITE_P(HistoPyramidVariants, HistoPyramidTest, ::testing::Bool(),
                         [](const auto& info) {
                             return info.param ? std::string("PartialSums") : std::string("Sums");
                         });

// A driver bug, reduced: zink (Mesa 22.3, over lavapipe) compiles the value of a uniform that
// bounds a loop into the shader, and a program bound again may run with the value it had at
// an earlier binding. levels_walked.comp walks `top` levels, as the traversal does; `top` is
// 1 for two bindings, then 2 for two, with another program's dispatch between bindings.
// A uniform: the last dispatch must walk 2; where it walks 1, the driver has the bug, and the
// test is skipped with the renderer named. A storage buffer (the traversal's workaround, and
// what every GL must get right): the last dispatch walks 2.
class LoopBoundAfterRebind : public cs::test::GlTest {
protected:
    // How many levels the last of the four dispatches walked.
    GLuint walkedAfterRebinding(bool topFromBuffer) {
        const std::string file = std::string(CS_TEST_DATA_DIR) + "/gl/levels_walked.comp";
        cs::Program walk =
            cs::Program::compute(file, {{"TOP_FROM_BUFFER", topFromBuffer ? "1" : "0"}});
        // Another program, so that `walk` is bound again each time: the other variant.
        cs::Program other =
            cs::Program::compute(file, {{"TOP_FROM_BUFFER", topFromBuffer ? "0" : "1"}});
        cs::Buffer walked("levels walked", 4, cs::BufferUse::Computed);
        cs::Buffer top("levels to walk", 4, cs::BufferUse::Computed);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, walked.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, top.id());
        for (GLuint levels : {1u, 1u, 2u, 2u}) {
            other.use();  // what it walks does not matter: `walk` overwrites it
            glDispatchCompute(1, 1, 1);
            // Both write `walked`: the next dispatch's write comes after this one's.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            walk.use();
            if (topFromBuffer)
                top.upload(&levels, 4);
            else
                glUniform1ui(walk.uniform("top"), levels);
            glDispatchCompute(1, 1, 1);
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
        // The download reads the last dispatch's write.
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        GLuint levels = 0;
        walked.download(&levels, 4);
        return levels;
    }
};

TEST_F(LoopBoundAfterRebind, UniformTakesItsLatestValue) {
    const GLuint walked = walkedAfterRebinding(false);
    if (walked == 1)
        GTEST_SKIP() << "known driver bug: "
                     << reinterpret_cast<const char*>(glGetString(GL_RENDERER))
                     << " ran a program bound again with an earlier value of a uniform in a loop"
                        " bound (README, driver table); the histopyramid reads its top from a"
                        " buffer instead";
    EXPECT_EQ(walked, 2u);
}

TEST_F(LoopBoundAfterRebind, StorageBufferTakesItsLatestValue) {
    EXPECT_EQ(walkedAfterRebinding(true), 2u);
}

}  // namespace
