#include "gl/program.h"

#include <algorithm>
#include <filesystem>

#include "app/paths.h"
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
    : object_(build(stages, defines)), stages_(std::move(stages)), defines_(std::move(defines)) {
    registry().push_back(this);
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
        stages_ = std::move(other.stages_);
        defines_ = std::move(other.defines_);
        if (object_) registry().push_back(this);
    }
    return *this;
}

Program::~Program() {
    unregister(this);
}

GlObject<ProgramTraits> Program::build(const std::vector<Stage>& stages,
                                       const ShaderDefines& defines) {
    const std::string root = shaderDir();
    const std::vector<std::string> includeDirs = {root + "/common"};
    GlObject<ProgramTraits> program(glCreateProgram());
    std::string names;
    for (const Stage& stage : stages) {
        const bool absolute = std::filesystem::path(stage.file).is_absolute();
        const std::string path = absolute ? stage.file : root + "/" + stage.file;
        const ShaderSource source = preprocessShader(path, includeDirs, defines);
        const GLuint shader = glCreateShader(stage.type);
        const char* text = source.text.c_str();
        glShaderSource(shader, 1, &text, nullptr);
        glCompileShader(shader);
        GLint compiled = GL_FALSE;
        glGetShaderiv(shader, GL_COMPILE_STATUS, &compiled);
        if (!compiled) {
            const std::string log = mapShaderLog(infoLog(shader, false), source.files);
            glDeleteShader(shader);
            throw Error(log.empty() ? path + ": compile failed (no log)" : log);
        }
        glAttachShader(program.id(), shader);
        glDeleteShader(shader);  // freed once the program no longer needs it
        names += (names.empty() ? "" : " + ") + stage.file;
    }
    glLinkProgram(program.id());
    GLint linked = GL_FALSE;
    glGetProgramiv(program.id(), GL_LINK_STATUS, &linked);
    if (!linked) throw Error(names + ": link failed: " + infoLog(program.id(), true));
    program.label(names);
    return program;
}

void Program::workGroupSize(GLint size[3]) const {
    glGetProgramiv(object_.id(), GL_COMPUTE_WORK_GROUP_SIZE, size);
}

GLuint Program::groupsFor(std::uint64_t items, int axis, const char* what) const {
    GLint size[3];
    workGroupSize(size);
    return groupCount(items, GLuint(size[axis]), axis, what);
}

bool Program::reload(std::string& error) {
    try {
        object_ = build(stages_, defines_);
        return true;
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
