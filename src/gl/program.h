#pragma once
// GLSL programs loaded by name from the shaders/ directory, e.g.
//   Program invert = Program::compute("invert/invert.comp", {{"LOCAL_SIZE", "16"}});
// Files may `#include "x.glsl"` (from their own directory, then shaders/common/); compile
// errors name the original file and line. reloadAll() recompiles every loaded program and
// keeps the last good one when an edited shader fails.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "gl/objects.h"

namespace cs {

using ShaderDefines = std::vector<std::pair<std::string, std::string>>;

class Program {
public:
    Program() = default;
    // Throws cs::Error("file:line: message") when a stage fails to compile or link.
    static Program compute(const std::string& file, const ShaderDefines& defines = {});
    static Program graphics(const std::string& vertexFile, const std::string& fragmentFile,
                            const ShaderDefines& defines = {});

    Program(Program&& other) noexcept;
    Program& operator=(Program&& other) noexcept;
    ~Program();

    GLuint id() const { return object_.id(); }
    explicit operator bool() const { return bool(object_); }
    void use() const { glUseProgram(object_.id()); }
    GLint uniform(const char* name) const { return glGetUniformLocation(object_.id(), name); }
    // The local size a compute shader declared (glGetProgramiv GL_COMPUTE_WORK_GROUP_SIZE).
    void workGroupSize(GLint size[3]) const;
    // The work groups of this compute shader's own local size that cover `items` along
    // `axis` (0 = x, 1 = y): cs::groupCount with the size the shader declared, so the
    // dispatch and the shader cannot disagree about it. `what` names the items in errors.
    GLuint groupsFor(std::uint64_t items, int axis, const char* what) const;

    // Recompiles from the files. On failure returns false, keeps the current program, and
    // puts the mapped compiler message in `error`.
    bool reload(std::string& error);
    // Reloads every live Program; returns the first error, or "" when all succeeded.
    static std::string reloadAll();

private:
    struct Stage {
        GLenum type;
        std::string file;  // relative to shaderDir(), or absolute
    };
    Program(std::vector<Stage> stages, ShaderDefines defines);
    static GlObject<ProgramTraits> build(const std::vector<Stage>& stages,
                                         const ShaderDefines& defines);

    GlObject<ProgramTraits> object_;
    std::vector<Stage> stages_;
    ShaderDefines defines_;
};

}  // namespace cs
