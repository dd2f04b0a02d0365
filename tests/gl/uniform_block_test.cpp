// cs::UniformBlock: a std140 block mirrored by a C++ struct whose parameters live in it. The
// check holds the mirror to the program as linked, and the GPU reads what the CPU wrote.
#include "gl/uniform_block.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "app/params.h"
#include "gl/objects.h"
#include "gl/program.h"
#include "gl_test.h"

namespace cs {
namespace {

const std::string kDataDir = CS_TEST_DATA_DIR "/gl";

// The mirror of uniform_block.comp's block.
struct Step {
    float dt;
    std::int32_t substeps;
    float pad[2];
    glm::vec4 gravity;
    float stiffness;
    std::uint32_t count;
    float pad2[2];
    glm::vec4 weights[2];  // std140 gives each float of an array a vec4's stride
};

class UniformBlockTest : public test::GlTest {};

TEST_F(UniformBlockTest, TheGpuReadsWhatTheParametersHold) {
    Params params;
    UniformBlock<Step> step{"Step",
                            {CS_BLOCK_MEMBER(Step, gravity), CS_BLOCK_MEMBER(Step, count),
                             CS_BLOCK_MEMBER(Step, weights)}};
    float& dt = params.add("dt", step.values.dt, 0.25f, {0.0f, 1.0f}, "");
    params.add("substeps", step.values.substeps, 3, {1, 8}, "");
    params.add("stiffness", step.values.stiffness, 7.5f, {0.0f, 10.0f}, "");
    EXPECT_EQ(step.values.dt, 0.25f);  // the declaration's default, in the struct itself
    step.values.gravity = {0.0f, -9.5f, 0.0f, 0.0f};
    step.values.count = 42;
    step.values.weights[1].x = 0.75f;
    params.set("stiffness", "2.5");  // --set writes the member
    EXPECT_EQ(step.values.stiffness, 2.5f);
    EXPECT_EQ(&dt, &step.values.dt);

    const Program program = Program::compute(kDataDir + "/uniform_block.comp");
    step.check(program, params);
    step.upload();
    Buffer seen("seen", 8 * sizeof(float), BufferUse::Computed);
    program.use();
    step.bind(0);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, seen.id());
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);  // the download reads what it wrote
    std::vector<float> got(8);
    seen.download(got.data(), seen.size());
    EXPECT_EQ(got[0], 0.25f);
    EXPECT_EQ(got[1], 3.0f);
    EXPECT_EQ(got[2], -9.5f);
    EXPECT_EQ(got[3], 2.5f);
    EXPECT_EQ(got[4], 42.0f);
    EXPECT_EQ(got[5], 0.75f);
}

// A mirror that disagrees with the program ends the run, naming the member.
TEST_F(UniformBlockTest, AMismatchNamesTheMember) {
    const Program program = Program::compute(kDataDir + "/uniform_block.comp");
    const auto all = [](std::size_t gravityAt) {
        return std::vector<BlockMember>{{"dt", 0, GL_FLOAT},
                                        {"substeps", 4, GL_INT},
                                        {"gravity", gravityAt, GL_FLOAT_VEC4},
                                        {"stiffness", 32, GL_FLOAT},
                                        {"count", 36, GL_UNSIGNED_INT},
                                        {"weights", 48, 0}};
    };
    EXPECT_NO_THROW(checkUniformBlock(program, "Step", 80, all(16)));
    // std430's rules would put gravity at 16 too; a packed C++ struct puts it at 8.
    const std::string moved =
        test::errorFrom([&] { checkUniformBlock(program, "Step", 80, all(8)); });
    EXPECT_NE(moved.find("gravity at offset 16, the C++ mirror at 8"), std::string::npos) << moved;
    std::vector<BlockMember> missing = all(16);
    missing.erase(missing.begin() + 4);  // count
    const std::string lacks =
        test::errorFrom([&] { checkUniformBlock(program, "Step", 80, missing); });
    EXPECT_NE(lacks.find("count (offset 36) has no member in the C++ mirror"), std::string::npos)
        << lacks;
    std::vector<BlockMember> retyped = all(16);
    retyped[3].type = GL_INT;
    const std::string type =
        test::errorFrom([&] { checkUniformBlock(program, "Step", 80, retyped); });
    EXPECT_NE(type.find("stiffness is float in GLSL, int in the C++ mirror"), std::string::npos)
        << type;
    const std::string small =
        test::errorFrom([&] { checkUniformBlock(program, "Step", 64, all(16)); });
    EXPECT_NE(small.find("the C++ mirror only 64"), std::string::npos) << small;
    const std::string none =
        test::errorFrom([&] { checkUniformBlock(program, "Nope", 48, all(16)); });
    EXPECT_NE(none.find("no such block"), std::string::npos) << none;
}

}  // namespace
}  // namespace cs
