#include "gl/uniform_block.h"

#include <algorithm>

#include "util/error.h"

namespace cs {

namespace {

std::string typeName(GLenum type) {
    switch (type) {
        case GL_FLOAT:
            return "float";
        case GL_INT:
            return "int";
        case GL_UNSIGNED_INT:
            return "uint";
        case GL_BOOL:
            return "bool";
        case GL_FLOAT_VEC2:
            return "vec2";
        case GL_FLOAT_VEC3:
            return "vec3";
        case GL_FLOAT_VEC4:
            return "vec4";
        case GL_FLOAT_MAT4:
            return "mat4";
        default:
            return "type " + std::to_string(type);
    }
}

}  // namespace

GLsizeiptr checkUniformBlock(const Program& program, const std::string& block, std::size_t size,
                             const std::vector<BlockMember>& members) {
    const GLuint id = program.id();
    const std::string where = "uniform block " + block + " (program " + std::to_string(id) + ")";
    const GLuint index = glGetProgramResourceIndex(id, GL_UNIFORM_BLOCK, block.c_str());
    if (index == GL_INVALID_INDEX)
        throw Error(where +
                    ": the linked program has no such block (a std140 block is "
                    "active only where a stage reads it)");
    const GLenum counts[] = {GL_BUFFER_DATA_SIZE, GL_NUM_ACTIVE_VARIABLES};
    GLint dataSize = 0, memberCount = 0;
    GLint values[2] = {};
    glGetProgramResourceiv(id, GL_UNIFORM_BLOCK, index, 2, counts, 2, nullptr, values);
    dataSize = values[0];
    memberCount = values[1];
    std::vector<GLint> uniforms(std::size_t(std::max(memberCount, 0)));
    const GLenum activeVariables = GL_ACTIVE_VARIABLES;
    if (memberCount > 0)
        glGetProgramResourceiv(id, GL_UNIFORM_BLOCK, index, 1, &activeVariables, memberCount,
                               nullptr, uniforms.data());
    for (const GLint uniform : uniforms) {
        const GLenum props[] = {GL_NAME_LENGTH, GL_OFFSET, GL_TYPE};
        GLint got[3] = {};
        glGetProgramResourceiv(id, GL_UNIFORM, GLuint(uniform), 3, props, 3, nullptr, got);
        std::string name(std::size_t(std::max(got[0], 1)), '\0');
        glGetProgramResourceName(id, GL_UNIFORM, GLuint(uniform), GLsizei(name.size()), nullptr,
                                 name.data());
        name.resize(name.find('\0'));
        // A member of an instance-named block is "Block.member", and an array "member[0]";
        // the mirror names the member.
        std::string member = name.substr(name.rfind('.') + 1);
        if (member.size() > 3 && member.compare(member.size() - 3, 3, "[0]") == 0)
            member.resize(member.size() - 3);
        const auto mirror = std::find_if(members.begin(), members.end(),
                                         [&](const BlockMember& m) { return m.name == member; });
        if (mirror == members.end())
            throw Error(where + ": " + member + " (offset " + std::to_string(got[1]) +
                        ") has no member in the C++ mirror");
        if (GLint(mirror->offset) != got[1])
            throw Error(where + ": glGetProgramResourceiv puts " + member + " at offset " +
                        std::to_string(got[1]) + ", the C++ mirror at " +
                        std::to_string(mirror->offset));
        if (mirror->type != 0 && GLenum(got[2]) != mirror->type)
            throw Error(where + ": " + member + " is " + typeName(GLenum(got[2])) + " in GLSL, " +
                        typeName(mirror->type) + " in the C++ mirror");
    }
    // std140 pads a block to a multiple of 16 bytes; a driver may report that size or the
    // end of the last member. Either must fit in the mirror padded the same way.
    const std::size_t padded = (size + 15) / 16 * 16;
    if (dataSize < 0 || std::size_t(dataSize) > padded)
        throw Error(where + ": the block takes " + std::to_string(dataSize) +
                    " bytes, the C++ mirror only " + std::to_string(size));
    return GLsizeiptr(std::max<std::size_t>(std::size_t(dataSize), padded));
}

std::vector<BlockMember> parametersIn(const Params& params, const void* begin, std::size_t size) {
    std::vector<BlockMember> members;
    for (const Params::Stored& s : params.storedIn(begin, size))
        members.push_back({s.name, s.offset, GLenum(s.isFloat ? GL_FLOAT : 0)});
    return members;
}

}  // namespace cs
