// firstShaderError: a compiler's log as the one line that an error on stderr is.
#include <gtest/gtest.h>

#include <string>

#include "gl/shader_source.h"

namespace {

TEST(FirstShaderError, OneErrorIsItsOwnLine) {
    EXPECT_EQ(cs::firstShaderError("shaders/x.comp:12: error: `foo' undeclared\n"),
              "shaders/x.comp:12: error: `foo' undeclared");
}

TEST(FirstShaderError, MoreErrorsAreCountedAfterTheFirst) {
    EXPECT_EQ(cs::firstShaderError("shaders/x.comp:12: error: `foo' undeclared\n"
                                   "shaders/common/y.glsl:3: error: `bar' undeclared"),
              "shaders/x.comp:12: error: `foo' undeclared (and 1 more)");
    EXPECT_EQ(cs::firstShaderError("a:1: error: one\r\na:2: error: two\r\na:3: error: three\r\n"),
              "a:1: error: one (and 2 more)");
}

// A warning before the first error is not the error; warnings are not counted as more errors.
TEST(FirstShaderError, WarningsAreNeitherTheErrorNorCounted) {
    EXPECT_EQ(cs::firstShaderError("a:1: warning: unused\na:4: error: broken\na:5: warning: x"),
              "a:4: error: broken");
}

// Lines a driver wrote in a form the mapper does not know still count as errors.
TEST(FirstShaderError, UnmappedDriverFormsAreErrorsToo) {
    EXPECT_EQ(cs::firstShaderError("0(7) : error C1008: undefined variable \"foo\"\n"
                                   "ERROR: 0:9: 'x' : undeclared identifier\n"
                                   "ERROR: 1 compilation errors.  No code generated."),
              "0(7) : error C1008: undefined variable \"foo\" (and 2 more)");
}

// A log with no error line (a linker's prose, say): its first line, and how many follow.
TEST(FirstShaderError, WithoutErrorLinesTheFirstLineStands) {
    EXPECT_EQ(cs::firstShaderError("\nerror: vertex output 'uv' is vec2\n  in the fragment vec3\n"),
              "error: vertex output 'uv' is vec2 (and 1 more)");
    EXPECT_EQ(cs::firstShaderError("link failed"), "link failed");
    EXPECT_EQ(cs::firstShaderError(""), "");
    EXPECT_EQ(cs::firstShaderError("\n \n"), "");
}

}  // namespace
