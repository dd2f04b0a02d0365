#pragma once
// GLSL programs loaded by name from the shaders/ directory, e.g.
//   Program invert = Program::compute("invert/invert.comp", {{"LOCAL_SIZE", "16"}});
// Files may `#include "x.glsl"` (from their own directory, then shaders/common/); compile
// errors name the original file and line. reloadAll() recompiles every loaded program and
// keeps the last good one when an edited shader fails.
#include <cstdint>
#include <glm/glm.hpp>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "gl/objects.h"
#include "util/error.h"

namespace cs {

using ShaderDefines = std::vector<std::pair<std::string, std::string>>;

// A stage that failed to compile, or a program that failed to link. what() is one line, the
// first error with its file and line and "(and N more)"; log() is the driver's whole log,
// mapped to files and lines, for the overlay and for stderr with CS_GL_DEBUG=1.
class ShaderError : public Error {
public:
    ShaderError(const std::string& line, std::string log) : Error(line), log_(std::move(log)) {}
    const std::string& log() const { return log_; }

private:
    std::string log_;
};

class Program {
public:
    Program() = default;
    // Throws ShaderError ("file:line: error: message (and N more)") when a stage fails to
    // compile or the program to link, and cs::Error for a file it cannot read.
    static Program compute(const std::string& file, const ShaderDefines& defines = {});
    static Program graphics(const std::string& vertexFile, const std::string& fragmentFile,
                            const ShaderDefines& defines = {});

    Program(Program&& other) noexcept;
    Program& operator=(Program&& other) noexcept;
    ~Program();

    GLuint id() const { return object_.id(); }
    explicit operator bool() const { return bool(object_); }
    void use() const { glUseProgram(object_.id()); }
    // The location of uniform `name`. A name that no stage declares is a cs::Error naming the
    // program's files and the uniform: a typo would otherwise make every glUniform* call a
    // silent no-op. A declared uniform that the compiler removed (unused in this variant)
    // is -1, which glUniform* ignores.
    GLint uniform(const char* name) const;
    // The local size a compute shader declared (glGetProgramiv GL_COMPUTE_WORK_GROUP_SIZE).
    void workGroupSize(GLint size[3]) const;
    // The work groups of this compute shader's own local size that cover x by y by z items,
    // rounded up (cs::groupCount on each axis, so a count past the GL's limit throws):
    //   const glm::uvec3 groups = invert.groupsFor(width, height);
    //   glDispatchCompute(groups.x, groups.y, groups.z);
    // The size comes from the shader, so the dispatch and the shader cannot disagree on it.
    glm::uvec3 groupsFor(std::uint64_t x, std::uint64_t y = 1, std::uint64_t z = 1) const;
    // The same for `items` numbered by linearItem() (shaders/common/linear_item.glsl): a range
    // longer than one row of groups goes on in rows along y (cs::itemGroups).
    glm::uvec3 itemGroupsFor(std::uint64_t items) const;

    // Recompiles from the files. On failure returns false, keeps the current program, and
    // puts the whole mapped compiler log in `error` (firstShaderError makes it one line).
    bool reload(std::string& error);
    // Reloads every live Program; returns the first one's error, or "" when all succeeded.
    static std::string reloadAll();

private:
    struct Stage {
        GLenum type;
        std::string file;  // relative to shaderDir(), or absolute
    };
    Program(std::vector<Stage> stages, ShaderDefines defines);
    struct Built {
        GlObject<ProgramTraits> object;
        std::string files;               // "a.vert + a.frag", for labels and errors
        std::set<std::string> uniforms;  // every uniform the sources declare
    };
    static Built build(const std::vector<Stage>& stages, const ShaderDefines& defines);
    void take(Built built);

    GlObject<ProgramTraits> object_;
    std::string files_;
    std::set<std::string> uniforms_;
    std::vector<Stage> stages_;
    ShaderDefines defines_;
};

}  // namespace cs
