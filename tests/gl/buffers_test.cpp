// Where the GL puts each member of the buffers sample's Element, asked of the linked program
// (glGetProgramResourceiv), against the offsets worked out from the rules of OpenGL 4.3
// section 7.6.2.2, written here as numbers, and against the sample's C++ mirrors.
#include <ostream>
#include <string>
#include <vector>

#include "buffers/layouts.h"
#include "gl/program.h"
#include "gl_test.h"

namespace {

struct Expected {
    const char* variable;  // the buffer variable, as GL names it
    GLint offset, arrayStride;
};
struct LayoutCase {
    const char* layout;
    GLint stride;  // bytes per element of elements[]
    std::vector<Expected> members;
    const buffers::Layout* mirror;
};

const LayoutCase kCases[] = {
    // std140: the array's stride is rounded up to 16, the struct's size to a multiple of 16.
    {"std140",
     96,
     {{"elements[0].position", 0, 0},
      {"elements[0].weight", 12, 0},
      {"elements[0].samples[0]", 16, 16},
      {"elements[0].velocity", 80, 0}},
     &buffers::kStd140},
    // std430: the array packed; the struct still aligned to its vec3's 16.
    {"std430",
     48,
     {{"elements[0].position", 0, 0},
      {"elements[0].weight", 12, 0},
      {"elements[0].samples[0]", 16, 4},
      {"elements[0].velocity", 32, 0}},
     &buffers::kStd430},
};

// A failed case names its layout, not its bytes.
void PrintTo(const LayoutCase& c, std::ostream* os) {
    *os << c.layout;
}

class BuffersLayoutTest : public cs::test::GlTestWithParam<LayoutCase> {
protected:
    static GLint property(const cs::Program& program, GLenum interface, const std::string& name,
                          GLenum property) {
        const GLuint index = glGetProgramResourceIndex(program.id(), interface, name.c_str());
        EXPECT_NE(index, GL_INVALID_INDEX) << name;
        GLint value = -1;
        glGetProgramResourceiv(program.id(), interface, index, 1, &property, 1, nullptr, &value);
        return value;
    }
};

TEST_P(BuffersLayoutTest, ProgramPlacesEveryMemberWhereTheRulesSay) {
    const LayoutCase& c = GetParam();
    const cs::Program fill = cs::Program::compute("buffers/fill.comp", {{"LAYOUT", c.layout}});
    // One element of the unsized array counts in the block's size: at least the bytes up to
    // the end of its last member (velocity, 8 bytes), at most the stride. The GL asks only for
    // the bytes that hold the members, so the trailing padding may be left out (NVIDIA does,
    // Mesa does not).
    const GLint size = property(fill, GL_SHADER_STORAGE_BLOCK, "Elements", GL_BUFFER_DATA_SIZE);
    EXPECT_GE(size, c.members.back().offset + 8);
    EXPECT_LE(size, c.stride);
    for (std::size_t m = 0; m < c.members.size(); ++m) {
        const Expected& e = c.members[m];
        SCOPED_TRACE(std::string(c.layout) + " " + e.variable);
        EXPECT_EQ(property(fill, GL_BUFFER_VARIABLE, e.variable, GL_OFFSET), e.offset);
        EXPECT_EQ(property(fill, GL_BUFFER_VARIABLE, e.variable, GL_ARRAY_STRIDE), e.arrayStride);
        EXPECT_EQ(property(fill, GL_BUFFER_VARIABLE, e.variable, GL_TOP_LEVEL_ARRAY_STRIDE),
                  c.stride);
        // The sample's mirror says the same.
        EXPECT_EQ(GLint(c.mirror->members[m].offset), e.offset);
        EXPECT_EQ(GLint(c.mirror->members[m].arrayStride), e.arrayStride);
    }
    EXPECT_EQ(GLint(c.mirror->stride), c.stride);
    EXPECT_EQ(property(fill, GL_BUFFER_VARIABLE, "elements[0].samples[0]", GL_ARRAY_SIZE), 4);
    // The parameters' uniform block is std140 in both: two floats at 0 and 4.
    EXPECT_EQ(property(fill, GL_UNIFORM, "scale", GL_OFFSET), 0);
    EXPECT_EQ(property(fill, GL_UNIFORM, "bias", GL_OFFSET), 4);
    // The input's floats are packed: std430, stride 4.
    EXPECT_EQ(property(fill, GL_BUFFER_VARIABLE, "values[0]", GL_ARRAY_STRIDE), 4);
}

INSTANTIATE_TEST_SUITE_P(Layouts, BuffersLayoutTest, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<LayoutCase>& info) {
                             return std::string(info.param.layout);
                         });

}  // namespace
