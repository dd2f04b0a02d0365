#include "gl/program.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>

#include "app/paths.h"
#include "gl/debug.h"
#include "gl/dispatch.h"
#include "gl/shader_source.h"
#include "util/error.h"

namespace cs {
namespace {

// Every live Program, so hot reload can reach them without the sample keeping a list.
std::vector<Program*>& registry() {
    static std::vector<Program*> programs;
    return programs;
}
void unregister(Program* program) {
    auto& programs = registry();
    programs.erase(std::remove(programs.begin(), programs.end(), program), programs.end());
}

std::string infoLog(GLuint object, bool isProgram) {
    GLint length = 0;
    isProgram ? glGetProgramiv(object, GL_INFO_LOG_LENGTH, &length)
              : glGetShaderiv(object, GL_INFO_LOG_LENGTH, &length);
    std::string log(std::max(length, 1), '\0');
    isProgram ? glGetProgramInfoLog(object, length, nullptr, log.data())
              : glGetShaderInfoLog(object, length, nullptr, log.data());
    log.resize(log.find('\0') == std::string::npos ? log.size() : log.find('\0'));
    while (!log.empty() && (log.back() == '\n' || log.back() == ' ')) log.pop_back();
    return log;
}

}  // namespace

Program::Program(std::vector<Stage> stages, ShaderDefines defines)
    : stages_(std::move(stages)), defines_(std::move(defines)) {
    take(build(stages_, defines_));
    registry().push_back(this);
}

void Program::take(Built built) {
    object_ = std::move(built.object);
    files_ = std::move(built.files);
    uniforms_ = std::move(built.uniforms);
}

Program Program::compute(const std::string& file, const ShaderDefines& defines) {
    return Program({{GL_COMPUTE_SHADER, file}}, defines);
}

Program Program::graphics(const std::string& vertexFile, const std::string& fragmentFile,
                          const ShaderDefines& defines) {
    return Program({{GL_VERTEX_SHADER, vertexFile}, {GL_FRAGMENT_SHADER, fragmentFile}}, defines);
}

Program::Program(Program&& other) noexcept
    : object_(std::move(other.object_)),
      files_(std::move(other.files_)),
      uniforms_(std::move(other.uniforms_)),
      stages_(std::move(other.stages_)),
      defines_(std::move(other.defines_)) {
    unregister(&other);
    if (object_) registry().push_back(this);
}

Program& Program::operator=(Program&& other) noexcept {
    if (this != &other) {
        unregister(this);
        unregister(&other);
        object_ = std::move(other.object_);
        files_ = std::move(other.files_);
        uniforms_ = std::move(other.uniforms_);
        stages_ = std::move(other.stages_);
        defines_ = std::move(other.defines_);
        if (object_) registry().push_back(this);
    }
    return *this;
}

Program::~Program() {
    unregister(this);
}

namespace {

// With CS_DUMP_PROGRAMS=DIR in the environment, every program linked is also written to DIR as
// the driver's binary (glGetProgramBinary), NNN.bin, with a line in DIR/programs.txt naming
// its files and defines. A diagnostic for real GPUs: NVIDIA's binary holds the assembly its
// compiler made, as text (registers, local memory, loads), the one view of a GL kernel that
// no profiler there gives. Nothing is written where the variable is unset.
void dumpBinary(GLuint program, const std::string& names, const ShaderDefines& defines) {
    const char* dir = std::getenv("CS_DUMP_PROGRAMS");
    if (!dir || !*dir) return;
    static int dumped = 0;
    GLint length = 0;
    glGetProgramiv(program, GL_PROGRAM_BINARY_LENGTH, &length);
    std::vector<char> binary(std::size_t(std::max(length, 0)));
    GLenum format = 0;
    GLsizei written = 0;
    if (length > 0) glGetProgramBinary(program, length, &written, &format, binary.data());
    // The first number not yet taken in the folder, so that programs run one after another
    // may dump into one folder.
    char number[16];
    do {
        std::snprintf(number, sizeof number, "%03d", dumped++);
    } while (std::filesystem::exists(std::filesystem::path(dir) / (std::string(number) + ".bin")));
    std::ofstream(std::filesystem::path(dir) / (std::string(number) + ".bin"), std::ios::binary)
        .write(binary.data(), written);
    std::ofstream list(std::filesystem::path(dir) / "programs.txt", std::ios::app);
    list << number << " " << names;
    for (const auto& [name, value] : defines) list << " " << name << "=" << value;
    list << "\n";
}

}  // namespace

Program::Built Program::build(const std::vector<Stage>& stages, const ShaderDefines& defines) {
    const std::string root = shaderDir();
    const std::vector<std::string> includeDirs = {root + "/common"};
    GlObject<ProgramTraits> program(glCreateProgram());
    std::string names;
    std::set<std::string> uniforms;
    for (const Stage& stage : stages) {
        const bool absolute = std::filesystem::path(stage.file).is_absolute();
        const std::string path = absolute ? stage.file : root + "/" + stage.file;
        const ShaderSource source = preprocessShader(path, includeDirs, defines);
        uniforms.merge(declaredUniforms(source.text));
        const GLuint shader = glCreateShader(stage.type);
        const char* text = source.text.c_str();
        glShaderSource(shader, 1, &text, nullptr);
        GLint compiled = GL_FALSE;
        {
            // The failure is reported below, as one line; the driver's own messages about it
            // would only add lines (they print with CS_GL_DEBUG=1).
            const QuietDebugOutput quiet;
            glCompileShader(shader);
            glGetShaderiv(shader, GL_COMPILE_STATUS, &compiled);
        }
        if (!compiled) {
            const std::string log = mapShaderLog(infoLog(shader, false), source.files);
            glDeleteShader(shader);
            if (log.empty()) throw ShaderError(path + ": compile failed (no log)", "");
            throw ShaderError(firstShaderError(log), log);
        }
        glAttachShader(program.id(), shader);
        glDeleteShader(shader);  // freed once the program no longer needs it
        names += (names.empty() ? "" : " + ") + stage.file;
    }
    GLint linked = GL_FALSE;
    {
        const QuietDebugOutput quiet;  // as for the compile
        glLinkProgram(program.id());
        glGetProgramiv(program.id(), GL_LINK_STATUS, &linked);
    }
    if (!linked) {
        const std::string log = infoLog(program.id(), true);
        throw ShaderError(names + ": link failed: " + firstShaderError(log),
                          names + ": link failed:\n" + log);
    }
    program.label(names);
    dumpBinary(program.id(), names, defines);
    return {std::move(program), names, std::move(uniforms)};
}

GLint Program::uniform(const char* name) const {
    const GLint location = glGetUniformLocation(object_.id(), name);
    const std::string base = std::string(name).substr(0, std::string(name).find('['));
    if (location < 0 && uniforms_.count(base) == 0)
        throw Error(files_ + ": no uniform named " + quoted(name) + " is declared");
    return location;
}

void Program::workGroupSize(GLint size[3]) const {
    glGetProgramiv(object_.id(), GL_COMPUTE_WORK_GROUP_SIZE, size);
}

glm::uvec3 Program::groupsFor(std::uint64_t x, std::uint64_t y, std::uint64_t z) const {
    GLint size[3];
    workGroupSize(size);
    return {groupCount(x, GLuint(size[0]), 0), groupCount(y, GLuint(size[1]), 1),
            groupCount(z, GLuint(size[2]), 2)};
}

glm::uvec3 Program::itemGroupsFor(std::uint64_t items) const {
    GLint size[3];
    workGroupSize(size);
    return itemGroups(items, GLuint(size[0]));
}

bool Program::reload(std::string& error) {
    try {
        take(build(stages_, defines_));
        return true;
    } catch (const ShaderError& e) {
        error = e.log().empty() ? e.what() : e.log();
        return false;
    } catch (const Error& e) {
        error = e.what();
        return false;
    }
}

std::string Program::reloadAll() {
    std::string firstError;
    for (Program* program : registry()) {
        std::string error;
        if (!program->reload(error) && firstError.empty()) firstError = error;
    }
    return firstError;
}

}  // namespace cs
