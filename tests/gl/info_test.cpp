// cs::requireLimit and cs::hasExtension: a limit is allowed up to itself and refused one past it
// with a message naming the limit (and the axis of an indexed one); extensions are found by
// the core-profile query.
#include "gl/info.h"

#include <string>

#include "gl_test.h"

namespace {

using cs::test::errorFrom;
using Info = cs::test::GlTest;

TEST_F(Info, ALimitItselfIsAllowedAndOnePastItRefused) {
    const GLint invocations = cs::glInteger(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS);
    EXPECT_GE(invocations, 1024) << "the spec's minimum";
    cs::requireLimit(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, invocations, "a group");
    const std::string message = errorFrom([&] {
        cs::requireLimit(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS, invocations + 1, "a group");
    });
    EXPECT_EQ(message, "a group needs GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS >= " +
                           std::to_string(invocations + 1) +
                           " (invocations in a work group); this GL's is " +
                           std::to_string(invocations));
}

TEST_F(Info, AnIndexedLimitNamesItsAxis) {
    for (GLuint axis = 0; axis < 3; ++axis) {
        const GLint size = cs::glInteger(GL_MAX_COMPUTE_WORK_GROUP_SIZE, axis);
        EXPECT_GE(size, axis < 2 ? 1024 : 64) << "the spec's minimum, axis " << axis;
        cs::requireLimit(GL_MAX_COMPUTE_WORK_GROUP_SIZE, axis, size, "local size");
        const std::string message = errorFrom([&] {
            cs::requireLimit(GL_MAX_COMPUTE_WORK_GROUP_SIZE, axis, size + 1, "local size");
        });
        EXPECT_EQ(message, "local size needs GL_MAX_COMPUTE_WORK_GROUP_SIZE >= " +
                               std::to_string(size + 1) + " (invocations along " + "xyz"[axis] +
                               " in a work group); this GL's is " + std::to_string(size));
    }
}

TEST_F(Info, ExtensionsAreFoundByName) {
    ASSERT_GT(cs::glInteger(GL_NUM_EXTENSIONS), 0);
    const std::string first = reinterpret_cast<const char*>(glGetStringi(GL_EXTENSIONS, 0));
    EXPECT_TRUE(cs::hasExtension(first)) << first;
    EXPECT_FALSE(cs::hasExtension("GL_NO_such_extension"));
    EXPECT_FALSE(cs::hasExtension(""));
}

}  // namespace
