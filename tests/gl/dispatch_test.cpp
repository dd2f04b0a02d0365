// cs::groupCount: the rounded-up work-group count, and a clear refusal past the GL's limit;
// cs::itemGroups: a range that goes on in rows of groups along y past the limit along x.
#include "gl/dispatch.h"

#include <string>

#include "gl_test.h"

namespace {

using cs::test::errorFrom;
using Dispatch = cs::test::GlTest;

TEST_F(Dispatch, CountsRoundUpSoEveryItemIsCovered) {
    EXPECT_EQ(cs::groupCount(0, 64, 0), 0u);
    EXPECT_EQ(cs::groupCount(1, 64, 0), 1u);
    EXPECT_EQ(cs::groupCount(64, 64, 0), 1u);
    EXPECT_EQ(cs::groupCount(65, 64, 0), 2u);
    EXPECT_EQ(cs::groupCount(1000, 16, 1), 63u);
}

TEST_F(Dispatch, TheLimitItselfIsAllowed) {
    for (int axis = 0; axis < 3; ++axis) {
        const GLuint limit = cs::maxGroupCount(axis);
        EXPECT_GE(limit, 65535u) << "the spec's minimum, axis " << axis;
        EXPECT_EQ(cs::groupCount(std::uint64_t(limit) * 8, 8, axis), limit);
    }
}

TEST_F(Dispatch, OneGroupPastTheLimitIsAnErrorNamingIt) {
    const GLuint limit = cs::maxGroupCount(0);
    const std::string message =
        errorFrom([&] { cs::groupCount(std::uint64_t(limit) * 64 + 1, 64, 0); });
    EXPECT_NE(message.find("along x in groups of 64"), std::string::npos) << message;
    EXPECT_NE(message.find(std::to_string(limit)), std::string::npos) << message;
}

TEST_F(Dispatch, ItemGroupsGoOnInRowsPastTheLimitAlongX) {
    const std::uint64_t maxX = cs::maxGroupCount(0);
    EXPECT_EQ(cs::itemGroups(0, 256), glm::uvec3(0, 0, 1));
    EXPECT_EQ(cs::itemGroups(257, 256), glm::uvec3(2, 1, 1));
    EXPECT_EQ(cs::itemGroups(maxX * 256, 256), glm::uvec3(maxX, 1, 1));
    // One item more needs one group more: a second row, of which linearItem() skips the rest.
    EXPECT_EQ(cs::itemGroups(maxX * 256 + 1, 256), glm::uvec3(maxX, 2, 1));
    EXPECT_EQ(cs::itemGroups(maxX * 256 * 3, 256), glm::uvec3(maxX, 3, 1));
}

TEST_F(Dispatch, ItemGroupsPastBothLimitsAreAnErrorNamingY) {
    const std::uint64_t maxX = cs::maxGroupCount(0), maxY = cs::maxGroupCount(1);
    const std::string message = errorFrom([&] { cs::itemGroups(maxX * (maxY + 1), 1); });
    EXPECT_NE(message.find("along y"), std::string::npos) << message;
}

}  // namespace
