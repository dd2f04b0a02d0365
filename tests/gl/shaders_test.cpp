// Every shader in shaders/ compiles on this driver and passes glslangValidator, one test per
// file. The list is found at run time, so a new shader is tested without touching this file.
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include "gl/info.h"
#include "gl/program.h"
#include "gl/shader_source.h"
#include "gl_test.h"
#include "support/process.h"
#include "util/error.h"

namespace fs = std::filesystem;

namespace {

const fs::path kShaderDir = CS_SHADER_SOURCE_DIR;

// Stage files under shaders/, relative to it ("invert/invert.comp"), sorted. shaders/common/
// holds only #include-able pieces, which are compiled as part of the files that use them.
std::vector<std::string> shaderFiles() {
    std::vector<std::string> files;
    for (const fs::directory_entry& entry : fs::recursive_directory_iterator(kShaderDir)) {
        const fs::path relative = entry.path().lexically_relative(kShaderDir);
        const std::string extension = relative.extension().string();
        if (!entry.is_regular_file() || *relative.begin() == "common") continue;
        if (extension == ".comp" || extension == ".vert" || extension == ".frag")
            files.push_back(relative.generic_string());
    }
    std::sort(files.begin(), files.end());
    return files;
}

// "invert/invert.comp" -> "invert_invert_comp"
std::string testName(const ::testing::TestParamInfo<std::string>& info) {
    std::string name = info.param;
    for (char& c : name)
        if (std::isalnum(static_cast<unsigned char>(c)) == 0) c = '_';
    return name;
}

GLenum stageOf(const std::string& file) {
    const std::string extension = fs::path(file).extension().string();
    if (extension == ".comp") return GL_COMPUTE_SHADER;
    if (extension == ".vert") return GL_VERTEX_SHADER;
    return GL_FRAGMENT_SHADER;
}

cs::ShaderSource preprocess(const std::string& file, const cs::ShaderDefines& defines = {}) {
    return cs::preprocessShader((kShaderDir / file).string(), {(kShaderDir / "common").string()},
                                defines);
}

// Compiles one stage like the framework's loader does; returns "" or the mapped log.
std::string compileStage(const std::string& file) {
    const cs::ShaderSource source = preprocess(file);
    const GLuint shader = glCreateShader(stageOf(file));
    const char* text = source.text.c_str();
    glShaderSource(shader, 1, &text, nullptr);
    glCompileShader(shader);
    GLint compiled = GL_FALSE, length = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &compiled);
    glGetShaderiv(shader, GL_INFO_LOG_LENGTH, &length);
    std::string log(std::max(length, 1), '\0');
    glGetShaderInfoLog(shader, length, nullptr, log.data());
    glDeleteShader(shader);
    if (compiled) return "";
    log.resize(log.find('\0') == std::string::npos ? log.size() : log.find('\0'));
    return cs::mapShaderLog(log, source.files) + " (compile failed)";
}

// Why this GL cannot compile `source` for `stage`: an extension it requires that this GL lacks
// ("" where there is none). GLSL's GL_KHR_shader_subgroup_* come with GL_KHR_shader_subgroup,
// which also says for which stages.
std::string missingExtension(const std::string& source, GLenum stage) {
    static const std::regex require(R"(#\s*extension\s+(\w+)\s*:\s*require)");
    for (std::sregex_iterator it(source.begin(), source.end(), require), end; it != end; ++it) {
        const std::string name = (*it)[1];
        if (name.rfind("GL_KHR_shader_subgroup", 0) == 0) {
            if (stage == GL_COMPUTE_SHADER) return cs::computeSubgroupsMissing();
            if (!cs::hasExtension("GL_KHR_shader_subgroup"))
                return "this GL lacks GL_KHR_shader_subgroup";
        } else if (!cs::hasExtension(name)) {
            return "this GL lacks " + name;
        }
    }
    return "";
}

bool glslangValidatorAvailable() {
    static const bool available = [] {
        std::string ignored;
        return cs::runCommand("glslangValidator --version", ignored) == 0;
    }();
    return available;
}

TEST(ShaderDiscovery, FindsStageFilesAndSkipsCommon) {
    const std::vector<std::string> files = shaderFiles();
    EXPECT_NE(std::find(files.begin(), files.end(), "invert/invert.comp"), files.end());
    EXPECT_NE(std::find(files.begin(), files.end(), "framework/textured_rect.vert"), files.end());
    EXPECT_NE(std::find(files.begin(), files.end(), "framework/textured_rect.frag"), files.end());
    for (const std::string& file : files) {
        EXPECT_NE(file.rfind("common/", 0), 0u) << file;
        EXPECT_NE(fs::path(file).extension(), ".glsl") << file;
    }
}

using CompilesOnDriver = cs::test::GlTestWithParam<std::string>;

TEST_P(CompilesOnDriver, Compiles) {
    const std::string& file = GetParam();
    // glslangValidator still checks such a file (PassesGlslangValidator below).
    const std::string missing = missingExtension(preprocess(file).text, stageOf(file));
    if (!missing.empty()) GTEST_SKIP() << file << " cannot compile on this GL: " << missing;
    if (stageOf(file) == GL_COMPUTE_SHADER) {
        // Through the framework's own entry point, with the path relative to shaders/.
        cs::Program program;
        try {
            program = cs::Program::compute(file);
        } catch (const cs::Error& e) {
            FAIL() << e.what();
        }
        ASSERT_TRUE(program);
        GLint linked = GL_FALSE;
        glGetProgramiv(program.id(), GL_LINK_STATUS, &linked);
        EXPECT_EQ(linked, GL_TRUE);
        return;
    }

    EXPECT_EQ(compileStage(file), "");

    // A vertex shader with a fragment shader of the same name is one program: they must agree
    // on their interface (in/out names and types) and link.
    fs::path fragment = file;
    fragment.replace_extension(".frag");
    if (stageOf(file) == GL_VERTEX_SHADER && fs::is_regular_file(kShaderDir / fragment)) {
        try {
            const cs::Program program = cs::Program::graphics(file, fragment.generic_string());
            GLint linked = GL_FALSE;
            glGetProgramiv(program.id(), GL_LINK_STATUS, &linked);
            EXPECT_EQ(linked, GL_TRUE);
        } catch (const cs::Error& e) {
            ADD_FAILURE() << e.what();
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Shaders, CompilesOnDriver, ::testing::ValuesIn(shaderFiles()), testName);

// Runs glslangValidator on `source`, preprocessed from `file`, written to a file of the test's
// own named after `stem`. Returns "" where it passes, else its log mapped to the source files.
std::string glslangErrors(const std::string& file, const cs::ShaderSource& source,
                          const std::string& stem) {
    // Same extension: glslangValidator takes the stage from it.
    const fs::path path =
        fs::path(::testing::TempDir()) / ("cs_gl_tests_" + std::to_string(getpid()) + "_" + stem +
                                          fs::path(file).extension().string());
    std::ofstream(path) << source.text;
    std::string output;
    const int status = cs::runCommand("glslangValidator \"" + path.string() + "\"", output);
    fs::remove(path);
    if (status == 0) return "";
    const std::string log = cs::mapShaderLog(output, source.files);
    return log.empty() ? "glslangValidator failed (no log)" : log;
}

using PassesGlslangValidator = ::testing::TestWithParam<std::string>;

TEST_P(PassesGlslangValidator, Validates) {
    if (!glslangValidatorAvailable()) GTEST_SKIP() << "glslangValidator is not on PATH";
    const std::string& file = GetParam();
    EXPECT_EQ(glslangErrors(file, preprocess(file), testName({file, 0})), "");
}

INSTANTIATE_TEST_SUITE_P(Shaders, PassesGlslangValidator, ::testing::ValuesIn(shaderFiles()),
                         testName);

// The subgroup kernel of the single-pass scan runs only where the GL has subgroup operations
// for compute shaders (not llvmpipe or zink here), so its variants are checked here at least
// by glslangValidator: every element type with the windowed look-back by subgroups, with its
// counters, and with tiles alone (cs::SinglePassOptions).
TEST(ScanSubgroupVariants, PassGlslangValidator) {
    if (!glslangValidatorAvailable()) GTEST_SKIP() << "glslangValidator is not on PATH";
    const std::string file = "compute/scan_single_pass_subgroups.comp";
    for (const char* type : {"0", "1", "2"}) {
        for (const cs::ShaderDefines& variant :
             {cs::ShaderDefines{{"LOOKBACK_WINDOW", "32"}, {"WINDOW_BY_SUBGROUPS", "1"}},
              cs::ShaderDefines{{"LOOKBACK_WINDOW", "8"},
                                {"WINDOW_BY_SUBGROUPS", "1"},
                                {"LOOKBACK_COUNTERS", "1"},
                                {"COALESCED", "1"}},
              cs::ShaderDefines{{"TILES_ALONE", "1"}}}) {
            cs::ShaderDefines defines = {
                {"SCAN_TYPE", type}, {"GROUP_SIZE", "128"}, {"ITEMS", "4"}};
            defines.insert(defines.end(), variant.begin(), variant.end());
            std::string what = "SCAN_TYPE=" + std::string(type);
            for (const auto& [name, value] : variant) what += " " + name + "=" + value;
            EXPECT_EQ(glslangErrors(file, preprocess(file, defines), "variant"), "") << what;
        }
    }
}

}  // namespace
