// cs::Program: compile errors mapped to file:line on this driver, hot reload that keeps the
// last good program, the registry behind reloadAll(), and the compute work-group size.
#include "gl/program.h"

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "gl_test.h"
#include "util/error.h"

namespace fs = std::filesystem;

namespace {

using cs::test::errorFrom;
using cs::test::objectLabel;
using cs::test::startsWith;

const std::string kDataDir = std::string(CS_TEST_DATA_DIR) + "/gl";

// A compute shader with one invocation that writes `statement` into a one-uint SSBO. Line 4
// is the statement, so an error in it is reported as line 4.
std::string writerShader(const std::string& statement) {
    return "#version 430\n"
           "layout(local_size_x = 1) in;\n"
           "layout(std430, binding = 0) writeonly buffer Result { uint value; };\n"
           "void main() { " +
           statement + " }\n";
}

// A directory of its own for the files a test edits; removed with everything in it.
class ScratchDir {
public:
    explicit ScratchDir(const std::string& name)
        : path_(fs::path(::testing::TempDir()) /
                ("cs_gl_tests_" + name + "_" + std::to_string(getpid()))) {
        fs::remove_all(path_);
        fs::create_directories(path_);
    }
    ~ScratchDir() { fs::remove_all(path_); }
    // Writes (or overwrites) `name` and returns its absolute path.
    std::string write(const std::string& name, const std::string& text) const {
        const fs::path file = path_ / name;
        std::ofstream(file, std::ios::trunc) << text;
        return file.string();
    }

private:
    fs::path path_;
};

// Runs `program` as one work group and returns the uint it wrote to binding 0.
uint32_t dispatchAndRead(const cs::Program& program) {
    const uint32_t sentinel = 0xdeadbeef;
    const cs::Buffer result("program_test result", sizeof sentinel, cs::BufferUse::Computed,
                            &sentinel);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, result.id());
    program.use();
    glDispatchCompute(1, 1, 1);
    // The readback below goes through glGetBufferSubData: make the shader's write visible to it.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glUseProgram(0);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, 0);
    uint32_t value = 0;
    result.download(&value, sizeof value);
    return value;
}

// True when every line of `message` starts with `prefix`: a driver may add follow-up
// diagnostics for the same mistake, and each must point at the same place.
bool everyLineStartsWith(const std::string& message, const std::string& prefix) {
    std::istringstream lines(message);
    std::string line;
    int count = 0;
    while (std::getline(lines, line)) {
        if (!startsWith(line, prefix)) return false;
        ++count;
    }
    return count > 0;
}

using ProgramErrors = cs::test::GlTest;

TEST_F(ProgramErrors, ErrorInAnIncludeNamesTheIncludeAndItsLine) {
    // Mesa 22 reports the undeclared identifier with source string 0 (the main file); the
    // loader must still name the include (it encodes the file in the #line numbers too).
    const std::string include = kDataDir + "/broken_include.glsl";
    const std::string message =
        errorFrom([] { cs::Program::compute(kDataDir + "/broken_main.comp"); });
    EXPECT_TRUE(startsWith(message, include + ":5: error: ")) << message;
    EXPECT_TRUE(everyLineStartsWith(message, include + ":5: ")) << message;
    EXPECT_NE(message.find("undeclaredInInclude"), std::string::npos) << message;
}

// Two mistakes give the driver's log a line each. The error is one line: the first, with its
// file and line, and "(and N more)"; the whole log stays with it, for the overlay and for
// CS_GL_DEBUG=1, and is what a failed reload reports.
TEST_F(ProgramErrors, SeveralErrorsAreOneLineAndTheWholeLogIsKept) {
    const ScratchDir dir("several");
    const std::string path = dir.write(
        "two.comp", writerShader("float a = firstUndeclared;\n float b = secondUndeclared;"));
    try {
        cs::Program::compute(path);
        FAIL() << "expected a ShaderError";
    } catch (const cs::ShaderError& e) {
        const std::string line = e.what(), log = e.log();
        EXPECT_EQ(line.find('\n'), std::string::npos) << line;
        EXPECT_TRUE(startsWith(line, path + ":4: error: ")) << line;
        EXPECT_NE(line.find("firstUndeclared"), std::string::npos) << line;
        EXPECT_NE(log.find(path + ":5: error: "), std::string::npos) << log;
        EXPECT_NE(log.find("secondUndeclared"), std::string::npos) << log;
        int errors = 0;
        for (size_t at = log.find(": error: "); at != std::string::npos;
             at = log.find(": error: ", at + 1))
            ++errors;
        ASSERT_GE(errors, 2) << log;
        const std::string more = " (and " + std::to_string(errors - 1) + " more)";
        EXPECT_EQ(line.substr(line.size() - std::min(line.size(), more.size())), more) << line;
        EXPECT_EQ(line, log.substr(0, log.find('\n')) + more);
    }

    dir.write("two.comp", writerShader("value = 1u;"));
    cs::Program program = cs::Program::compute(path);
    dir.write("two.comp", writerShader("float a = firstUndeclared;\n float b = secondUndeclared;"));
    std::string error;
    EXPECT_FALSE(program.reload(error));
    EXPECT_NE(error.find("firstUndeclared"), std::string::npos) << error;
    EXPECT_NE(error.find("secondUndeclared"), std::string::npos) << error;
}

TEST_F(ProgramErrors, ErrorInTheMainFileAfterAnIncludeNamesItsOwnLine) {
    const std::string main = kDataDir + "/broken_after_include.comp";
    const std::string message = errorFrom([&] { cs::Program::compute(main); });
    EXPECT_TRUE(startsWith(message, main + ":12: error: ")) << message;
    EXPECT_TRUE(everyLineStartsWith(message, main + ":12: ")) << message;
    EXPECT_NE(message.find("undeclaredInMain"), std::string::npos) << message;
}

TEST_F(ProgramErrors, MissingFileIsNamed) {
    const std::string missing = kDataDir + "/no_such_shader.comp";
    EXPECT_EQ(errorFrom([&] { cs::Program::compute(missing); }),
              missing + ": cannot open shader file");
}

TEST_F(ProgramErrors, LinkErrorNamesBothFiles) {
    // The vertex stage writes `uv` as vec2; a fragment stage that reads it as vec3 cannot link.
    const ScratchDir dir("link");
    const std::string vertex =
        dir.write("mismatch.vert",
                  "#version 430\n"
                  "out vec2 uv;\n"
                  "void main() { uv = vec2(0.0); gl_Position = vec4(0.0); }\n");
    const std::string fragment = dir.write("mismatch.frag",
                                           "#version 430\n"
                                           "in vec3 uv;\n"
                                           "out vec4 color;\n"
                                           "void main() { color = vec4(uv, 1.0); }\n");
    const std::string message = errorFrom([&] { cs::Program::graphics(vertex, fragment); });
    EXPECT_TRUE(startsWith(message, vertex + " + " + fragment + ": link failed: ")) << message;
}

// A misspelt uniform would make glUniform* a silent no-op: it is an error naming the program's
// file and the uniform. A declared uniform that the compiler dropped is not an error.
TEST_F(ProgramErrors, AnUndeclaredUniformIsAnErrorNamingFileAndName) {
    const cs::Program program = cs::Program::compute(kDataDir + "/uniforms.comp");
    EXPECT_GE(program.uniform("used"), 0);
    const std::string message = errorFrom([&] { program.uniform("usd"); });
    EXPECT_NE(message.find("uniforms.comp"), std::string::npos) << message;
    EXPECT_NE(message.find("'usd'"), std::string::npos) << message;
    EXPECT_NE(errorFrom([&] { program.uniform("notDeclared"); }), "") << "comments do not declare";
}

TEST_F(ProgramErrors, ADeclaredUniformTheCompilerDroppedIsNoError) {
    const cs::Program program = cs::Program::compute(kDataDir + "/uniforms.comp");
    GLint location = 0;
    EXPECT_NO_THROW(location = program.uniform("unused"));
    program.use();
    glUniform1f(location, 1.0f);  // -1 where dropped, which glUniform* ignores
}

using ProgramReload = cs::test::GlTest;

TEST_F(ProgramReload, KeepsTheLastGoodProgramAndPicksUpTheFix) {
    const ScratchDir dir("reload");
    const std::string path = dir.write("writer.comp", writerShader("value = 111u;"));
    cs::Program program = cs::Program::compute(path);
    const GLuint original = program.id();
    ASSERT_NE(original, 0u);
    EXPECT_EQ(dispatchAndRead(program), 111u);

    dir.write("writer.comp", writerShader("value = notDeclaredYet;"));
    std::string error;
    EXPECT_FALSE(program.reload(error));
    EXPECT_TRUE(startsWith(error, path + ":4: error: ")) << error;
    EXPECT_NE(error.find("notDeclaredYet"), std::string::npos) << error;
    EXPECT_EQ(program.id(), original);
    EXPECT_TRUE(glIsProgram(original));
    EXPECT_EQ(dispatchAndRead(program), 111u);

    dir.write("writer.comp", writerShader("value = 222u;"));
    error.clear();
    EXPECT_TRUE(program.reload(error));
    EXPECT_EQ(error, "");
    EXPECT_NE(program.id(), 0u);
    EXPECT_EQ(dispatchAndRead(program), 222u);
}

TEST_F(ProgramReload, ADeletedFileKeepsTheProgram) {
    const ScratchDir dir("deleted");
    const std::string path = dir.write("writer.comp", writerShader("value = 5u;"));
    cs::Program program = cs::Program::compute(path);
    const GLuint original = program.id();
    fs::remove(path);
    std::string error;
    EXPECT_FALSE(program.reload(error));
    EXPECT_EQ(error, path + ": cannot open shader file");
    EXPECT_EQ(program.id(), original);
    EXPECT_EQ(dispatchAndRead(program), 5u);
}

TEST_F(ProgramReload, ReloadAllReachesMovedProgramsOnly) {
    const ScratchDir dir("reload_all");
    const std::string path = dir.write("writer.comp", writerShader("value = 1u;"));
    cs::Program first = cs::Program::compute(path);
    cs::Program second(std::move(first));  // move construction
    cs::Program third;
    third = std::move(second);  // move assignment into a program that was never registered
    EXPECT_FALSE(first);
    EXPECT_FALSE(second);
    ASSERT_TRUE(third);
    {
        // Registered, then destroyed: reloadAll must not touch it afterwards.
        const std::string gonePath = dir.write("gone.comp", writerShader("value = 9u;"));
        const cs::Program gone = cs::Program::compute(gonePath);
        fs::remove(gonePath);
    }

    dir.write("writer.comp", writerShader("value = 2u;"));
    // "" also shows that the moved-from programs are out of the registry: reloading one (no
    // stages) would fail to link, and the destroyed one's file no longer exists.
    EXPECT_EQ(cs::Program::reloadAll(), "");
    EXPECT_EQ(dispatchAndRead(third), 2u);

    dir.write("writer.comp", writerShader("value = broken;"));
    const std::string error = cs::Program::reloadAll();
    EXPECT_TRUE(startsWith(error, path + ":4: error: ")) << error;
    EXPECT_EQ(dispatchAndRead(third), 2u);
}

TEST_F(ProgramReload, MoveAssignmentOverARegisteredProgramKeepsOneEntry) {
    const ScratchDir dir("reassign");
    const std::string pathA = dir.write("a.comp", writerShader("value = 10u;"));
    const std::string pathB = dir.write("b.comp", writerShader("value = 20u;"));
    cs::Program program = cs::Program::compute(pathA);
    const GLuint replaced = program.id();
    program = cs::Program::compute(pathB);  // the temporary dies right after
    EXPECT_FALSE(glIsProgram(replaced));
    EXPECT_EQ(dispatchAndRead(program), 20u);

    // Program A is gone: breaking its file changes nothing; program B still reloads.
    dir.write("a.comp", writerShader("value = broken;"));
    dir.write("b.comp", writerShader("value = 21u;"));
    EXPECT_EQ(cs::Program::reloadAll(), "");
    EXPECT_EQ(dispatchAndRead(program), 21u);
}

using ProgramLifetime = cs::test::GlTest;

// Code that saves GL_CURRENT_PROGRAM and restores it afterwards (ImGui's renderer does, every
// frame) must not be handed the name of a program that was deleted while in use.
TEST_F(ProgramLifetime, DeletingTheProgramInUseLeavesNoneInUse) {
    {
        const cs::Program program = cs::Program::compute("framework/calibrate_fma.comp");
        program.use();
    }
    GLint current = -1;
    glGetIntegerv(GL_CURRENT_PROGRAM, &current);
    EXPECT_EQ(current, 0);
    glUseProgram(GLuint(current));  // what the restoring code does; GlTest checks no error
}

TEST_F(ProgramLifetime, DeletingAnotherProgramKeepsTheOneInUse) {
    const cs::Program used = cs::Program::compute("framework/calibrate_fma.comp");
    used.use();
    { const cs::Program other = cs::Program::compute("framework/calibrate_copy.comp"); }
    GLint current = 0;
    glGetIntegerv(GL_CURRENT_PROGRAM, &current);
    EXPECT_EQ(GLuint(current), used.id());
    glUseProgram(0);
}

using ProgramInfo = cs::test::GlTest;

TEST_F(ProgramInfo, WorkGroupSizeIsTheDeclaredLocalSize) {
    const ScratchDir dir("local_size");
    const std::string path =
        dir.write("sized.comp",
                  "#version 430\n"
                  "layout(local_size_x = 3, local_size_y = 5, local_size_z = 7) in;\n"
                  "layout(std430, binding = 0) writeonly buffer Result { uint value; };\n"
                  "void main() { value = gl_LocalInvocationIndex; }\n");
    GLint size[3] = {0, 0, 0};
    cs::Program::compute(path).workGroupSize(size);
    EXPECT_EQ(size[0], 3);
    EXPECT_EQ(size[1], 5);
    EXPECT_EQ(size[2], 7);
}

TEST_F(ProgramInfo, WorkGroupSizeFollowsDefines) {
    GLint size[3] = {0, 0, 0};
    cs::Program::compute("invert/invert.comp").workGroupSize(size);
    EXPECT_EQ(size[0], 16);  // the file's default
    EXPECT_EQ(size[1], 16);
    EXPECT_EQ(size[2], 1);
    cs::Program::compute("invert/invert.comp", {{"LOCAL_SIZE", "8"}}).workGroupSize(size);
    EXPECT_EQ(size[0], 8);
    EXPECT_EQ(size[1], 8);
    EXPECT_EQ(size[2], 1);
}

TEST_F(ProgramInfo, GroupsForCoverItemsWithTheDeclaredLocalSize) {
    const cs::Program eight = cs::Program::compute("invert/invert.comp", {{"LOCAL_SIZE", "8"}});
    EXPECT_EQ(eight.groupsFor(17, 16), glm::uvec3(3, 2, 1));  // 8 + 8 + 1 of 8, and 8 + 8
    const cs::Program ones = cs::Program::compute("nbody/diagnostics.comp");  // 128 x 1 x 1
    EXPECT_EQ(ones.groupsFor(129, 5), glm::uvec3(2, 5, 1));
    EXPECT_EQ(ones.groupsFor(0), glm::uvec3(0, 1, 1));
}

TEST_F(ProgramInfo, ProgramsAreLabelledWithTheirFiles) {
    const cs::Program compute = cs::Program::compute("invert/invert.comp");
    EXPECT_EQ(objectLabel(GL_PROGRAM, compute.id()), "invert/invert.comp");
    const cs::Program graphics =
        cs::Program::graphics("framework/textured_rect.vert", "framework/textured_rect.frag");
    EXPECT_EQ(objectLabel(GL_PROGRAM, graphics.id()),
              "framework/textured_rect.vert + framework/textured_rect.frag");
}

}  // namespace
