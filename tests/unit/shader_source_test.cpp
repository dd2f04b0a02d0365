#include "gl/shader_source.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <functional>

#include "support/error_from.h"
#include "support/process.h"
#include "util/error.h"

#ifdef _WIN32
#define popen _popen
#define pclose _pclose
#endif

namespace {

const std::string kDir = std::string(CS_TEST_DATA_DIR) + "/shader_source";

std::string fixture(const std::string& name) {
    return kDir + "/" + name;
}

using cs::test::errorFrom;

size_t count(const std::string& text, const std::string& part) {
    size_t n = 0;
    for (size_t at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
    return n;
}

using Files = std::vector<std::string>;

// --- include resolution -----------------------------------------------------------------------

TEST(PreprocessShader, FindsIncludeNextToTheMainFile) {
    const cs::ShaderSource source = cs::preprocessShader(fixture("markers.comp"), {});
    EXPECT_EQ(source.files, (Files{fixture("markers.comp"), fixture("markers_inc.glsl")}));
    EXPECT_EQ(count(source.text, "const int kAnswer = 42;\n"), 1u);
}

TEST(PreprocessShader, LooksNextToTheIncluderBeforeTheIncludeDirs) {
    const cs::ShaderSource source =
        cs::preprocessShader(fixture("search.comp"), {fixture("include_dir")});
    EXPECT_EQ(source.files, (Files{fixture("search.comp"), fixture("shadowed.glsl"),
                                   fixture("include_dir/only_in_dir.glsl")}));
    EXPECT_EQ(count(source.text, "kShadowedFromMainDir"), 1u);
    EXPECT_EQ(count(source.text, "kShadowedFromIncludeDir"), 0u);
    EXPECT_EQ(count(source.text, "kOnlyInDir"), 1u);
}

TEST(PreprocessShader, ResolvesNestedIncludesRelativeToTheirOwnFile) {
    const cs::ShaderSource source = cs::preprocessShader(fixture("nested.comp"), {});
    EXPECT_EQ(source.files, (Files{fixture("nested.comp"), fixture("nested/level1.glsl"),
                                   fixture("nested/level2.glsl")}));
    EXPECT_EQ(count(source.text, "const int kLevel2 = 2;\n"), 1u);
}

TEST(PreprocessShader, IncludesEachFileOnlyOnce) {
    const cs::ShaderSource source = cs::preprocessShader(fixture("once.comp"), {});
    EXPECT_EQ(source.files,
              (Files{fixture("once.comp"), fixture("once_a.glsl"), fixture("once_b.glsl")}));
    // The second include of once_a.glsl becomes a comment, so once_b.glsl keeps its numbering.
    EXPECT_EQ(source.text,
              "#version 430\n"
              "#line 2 0\n"
              "#line 100001 1\n"
              "const int kOnceA = 1;\n"
              "#line 3 0\n"
              "#line 200001 2\n"
              "// #include \"once_a.glsl\" (already included)\n"
              "const int kOnceB = kOnceA + 1;\n"
              "#line 4 0\n"
              "void main() {}\n");
}

TEST(PreprocessShader, IncludeCycleTerminates) {
    // cycle_a includes cycle_b, which includes cycle_a and the main file again.
    const cs::ShaderSource source = cs::preprocessShader(fixture("cycle.comp"), {});
    EXPECT_EQ(source.files,
              (Files{fixture("cycle.comp"), fixture("cycle_a.glsl"), fixture("cycle_b.glsl")}));
    EXPECT_EQ(count(source.text, "const int kCycleA"), 1u);
    EXPECT_EQ(count(source.text, "const int kCycleB"), 1u);
    EXPECT_EQ(count(source.text, "#version"), 1u);
}

// --- errors -----------------------------------------------------------------------------------

TEST(PreprocessShader, MissingIncludeNamesIncluderAndLine) {
    EXPECT_EQ(errorFrom([] { cs::preprocessShader(fixture("missing_include.comp"), {}); }),
              fixture("missing_inner.glsl") + ":2: cannot find include \"does_not_exist.glsl\"");
}

TEST(PreprocessShader, MissingMainFile) {
    EXPECT_EQ(errorFrom([] { cs::preprocessShader(fixture("no_such_file.comp"), {}); }),
              fixture("no_such_file.comp") + ": cannot open shader file");
}

TEST(PreprocessShader, MalformedInclude) {
    EXPECT_EQ(errorFrom([] { cs::preprocessShader(fixture("malformed.comp"), {}); }),
              fixture("malformed.comp") + ":2: malformed #include, expected #include \"name\"");
}

TEST(PreprocessShader, VersionInIncludedFile) {
    EXPECT_EQ(errorFrom([] { cs::preprocessShader(fixture("version_in_include.comp"), {}); }),
              fixture("has_version.glsl") +
                  ":1: #version is only allowed once, at the top of the main shader file");
}

TEST(PreprocessShader, InvalidDefineName) {
    EXPECT_EQ(errorFrom([] {
                  cs::preprocessShader(fixture("markers.comp"), {}, {{"2X", "1"}});
              }),
              fixture("markers.comp") + ": cannot define \"2X\" as \"1\"");
}

// --- #line markers and defines ----------------------------------------------------------------

// markers.comp: line 1 is a comment, line 2 #version, line 3 the include, line 4 main().
TEST(PreprocessShader, LineMarkersSurroundEveryInclude) {
    const cs::ShaderSource source = cs::preprocessShader(fixture("markers.comp"), {});
    EXPECT_EQ(source.text,
              "#version 430\n"
              "#line 3 0\n"       // the next line is line 3 of the main file...
              "#line 100001 1\n"  // ...but it is an include: line 1 of markers_inc.glsl follows
              "const int kAnswer = 42;\n"
              "#line 4 0\n"  // back in the main file, after the include
              "void main() {}\n");
}

TEST(PreprocessShader, DefinesFollowVersionAndKeepLineNumbers) {
    const cs::ShaderSource source = cs::preprocessShader(
        fixture("markers.comp"), {}, {{"WORKGROUP_SIZE", "64"}, {"USE_FAST_PATH", ""}});
    EXPECT_EQ(source.text,
              "#version 430\n"
              "#define WORKGROUP_SIZE 64\n"
              "#define USE_FAST_PATH\n"
              "#line 3 0\n"
              "#line 100001 1\n"
              "const int kAnswer = 42;\n"
              "#line 4 0\n"
              "void main() {}\n");
}

// --- mapShaderLog -----------------------------------------------------------------------------

const Files kLogFiles = {"shaders/x/main.comp", "shaders/common/noise.glsl"};

TEST(DeclaredUniforms, NamesEveryDeclaratorAndNothingElse) {
    const std::string source = R"(#version 430
uniform float a, b[4];
layout(location = 3) uniform vec3 c = vec3(1, 2, 3), d;
layout(binding = 0, rgba8) uniform writeonly image2D picture;
uniform Block { float inBlock; } block;
// uniform float commented;
/* uniform float alsoCommented; */
float notUniform;
void main() {}
)";
    EXPECT_EQ(cs::declaredUniforms(source), (std::set<std::string>{"a", "b", "c", "d", "picture"}));
}

TEST(MapShaderLog, Mesa) {
    EXPECT_EQ(cs::mapShaderLog("1:12(5): error: `foo' undeclared", kLogFiles),
              "shaders/common/noise.glsl:12: error: `foo' undeclared");
    EXPECT_EQ(cs::mapShaderLog("0:3(10): warning: `x' used uninitialized", kLogFiles),
              "shaders/x/main.comp:3: warning: `x' used uninitialized");
}

// Mesa 22 reports some errors in an included file with source string 0; the file is then
// recovered from the line number, which carries it (k * kShaderLineStride + line).
TEST(MapShaderLog, FileEncodedInLineNumberWinsOverSourceString) {
    EXPECT_EQ(cs::mapShaderLog("0:100005(9): error: `y' undeclared", kLogFiles),
              "shaders/common/noise.glsl:5: error: `y' undeclared");
    EXPECT_EQ(cs::mapShaderLog("ERROR: 1:100005: 'y' : undeclared identifier", kLogFiles),
              "shaders/common/noise.glsl:5: error: 'y' : undeclared identifier");
    // A file number past the end of `files` leaves the line as it was.
    EXPECT_EQ(cs::mapShaderLog("0:900005(9): error: z", kLogFiles), "0:900005(9): error: z");
}

TEST(MapShaderLog, Nvidia) {
    EXPECT_EQ(cs::mapShaderLog("0(7) : error C1008: undefined variable \"foo\"", kLogFiles),
              "shaders/x/main.comp:7: error: C1008: undefined variable \"foo\"");
}

TEST(MapShaderLog, GlslangStyleError) {
    EXPECT_EQ(cs::mapShaderLog("ERROR: 1:3: 'foo' : undeclared identifier", kLogFiles),
              "shaders/common/noise.glsl:3: error: 'foo' : undeclared identifier");
}

TEST(MapShaderLog, GlslangStyleWarning) {
    EXPECT_EQ(cs::mapShaderLog("WARNING: 0:9: 'x' : unused variable", kLogFiles),
              "shaders/x/main.comp:9: warning: 'x' : unused variable");
}

TEST(MapShaderLog, KeepsUnrecognisedLines) {
    const std::string log =
        "ERROR: 0:2: 'a' : syntax error\r\n"
        "ERROR: 1 compilation errors.  No code generated.\n";
    EXPECT_EQ(cs::mapShaderLog(log, kLogFiles),
              "shaders/x/main.comp:2: error: 'a' : syntax error\n"
              "ERROR: 1 compilation errors.  No code generated.\n");
}

TEST(MapShaderLog, KeepsLinesWithOutOfRangeSourceString) {
    EXPECT_EQ(cs::mapShaderLog("2:4(1): error: x", kLogFiles), "2:4(1): error: x");
    EXPECT_EQ(cs::mapShaderLog("ERROR: 99999999999999999999:1: x", kLogFiles),
              "ERROR: 99999999999999999999:1: x");
}

// --- end to end with a real compiler ----------------------------------------------------------

// Compiles the preprocessed e2e.comp with glslangValidator and returns the mapped log.
std::string compileE2e(const std::string& breakWhich, int& status) {
    const cs::ShaderSource source =
        cs::preprocessShader(fixture("e2e.comp"), {}, {{"WORKGROUP_SIZE", "64"}, {breakWhich, ""}});
    const std::string path = testing::TempDir() + "cs_shader_source_e2e.comp";
    std::ofstream(path) << source.text;
    std::string log;
    status = cs::runCommand("glslangValidator -S comp \"" + path + "\"", log);
    return cs::mapShaderLog(log, source.files);
}

TEST(MapShaderLog, EndToEndWithGlslangValidator) {
    std::string version;
    if (cs::runCommand("glslangValidator --version", version) != 0) {
        GTEST_SKIP() << "glslangValidator is not on PATH";
    }

    int status = 0;
    std::string log = compileE2e("NO_ERROR", status);
    EXPECT_EQ(status, 0) << log;

    // e2e_inc.glsl line 4 is "return undeclaredInInclude;"
    log = compileE2e("ERROR_IN_INCLUDE", status);
    EXPECT_NE(status, 0);
    EXPECT_NE(log.find(fixture("e2e_inc.glsl") + ":4: error: 'undeclaredInInclude' :"),
              std::string::npos)
        << log;

    // e2e.comp line 8 is "float x = undeclaredInMain;", after the include and the defines.
    log = compileE2e("ERROR_IN_MAIN", status);
    EXPECT_NE(status, 0);
    EXPECT_NE(log.find(fixture("e2e.comp") + ":8: error: 'undeclaredInMain' :"), std::string::npos)
        << log;
}

}  // namespace
