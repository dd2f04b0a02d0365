#pragma once
// A pass family's parameters as one std140 uniform block, mirrored by a C++ struct: the
// pattern the buffers sample teaches, for samples that only use it. The parameters that the
// overlay and --set change live in the struct itself (Params::add with storage), so that a
// value is written in two places besides the GLSL block, its declaration and its member, and
// the whole block goes up once when any of them changes:
//
//   // GLSL:  layout(std140, binding = 0) uniform Step { float dt; float stiffness; uint n; };
//   struct Step { float dt; float stiffness; std::uint32_t n; };   // the C++ mirror
//   cs::UniformBlock<Step> step{"Step", {CS_BLOCK_MEMBER(Step, n)}};  // n: no parameter
//   float& stiffness = params.add("stiffness", step.values.stiffness, 180000.0f, {1, 1e9f}, "");
//
//   step.check(program, params);              // once per program: offsets as linked
//   if (params.changed({&stiffness, ...})) step.upload();
//   step.bind(0);                             // before the dispatch that reads it
//
// check() asks the linked program where each member of the block lies
// (glGetProgramResourceiv) and compares it with the mirror: a parameter whose storage is in
// `values` is found by its name, which is the GLSL member's; any other member is named in
// the constructor's list. A member the mirror lacks, or one at another offset, ends the run
// with a line naming the program, the block and the member: the CPU and the GPU would
// otherwise read different bytes.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <glm/glm.hpp>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "app/params.h"
#include "gl/objects.h"
#include "gl/program.h"

namespace cs {

// The GLSL type of a C++ mirror's member (0: one this helper does not know, not compared).
template <typename T>
constexpr GLenum glslType() {
    if constexpr (std::is_same_v<T, float>) return GL_FLOAT;
    if constexpr (std::is_same_v<T, std::int32_t>) return GL_INT;
    if constexpr (std::is_same_v<T, std::uint32_t>) return GL_UNSIGNED_INT;
    if constexpr (std::is_same_v<T, glm::vec2>) return GL_FLOAT_VEC2;
    if constexpr (std::is_same_v<T, glm::vec4>) return GL_FLOAT_VEC4;
    if constexpr (std::is_same_v<T, glm::mat4>) return GL_FLOAT_MAT4;
    return 0;
}

// A member of a block's C++ mirror that no parameter declares (a count, a derived value). An
// array is named without its index: GL's "weights[0]" is the mirror's "weights".
struct BlockMember {
    std::string name;
    std::size_t offset;
    GLenum type;  // glslType; 0: not compared
};
#define CS_BLOCK_MEMBER(Struct, member)                                                 \
    ::cs::BlockMember {                                                                 \
#member, offsetof(Struct, member), ::cs::glslType < decltype(Struct::member)>() \
    }

// Compares the block `block` of `program` with a mirror of `size` bytes whose members lie at
// `members` (name, offset); throws cs::Error naming the first disagreement. Returns the
// block's size as the program sees it (a buffer bound to it holds at least that).
GLsizeiptr checkUniformBlock(const Program& program, const std::string& block, std::size_t size,
                             const std::vector<BlockMember>& members);
// The parameters whose storage lies in [begin, begin + size), as members at their offsets.
std::vector<BlockMember> parametersIn(const Params& params, const void* begin, std::size_t size);

template <typename Values>
class UniformBlock {
public:
    explicit UniformBlock(std::string name, std::vector<BlockMember> others = {})
        : name_(std::move(name)), others_(std::move(others)) {}

    Values values{};

    // Checks `program`'s block against the mirror (see above); call it for each program that
    // declares the block, once it is built.
    void check(const Program& program, const Params& params) {
        std::vector<BlockMember> members = parametersIn(params, &values, sizeof(Values));
        members.insert(members.end(), others_.begin(), others_.end());
        const GLsizeiptr size = checkUniformBlock(program, name_, sizeof(Values), members);
        if (size > bufferSize_) bufferSize_ = size;
    }
    // Writes `values` to the block's buffer (made on the first call).
    void upload() {
        const GLsizeiptr size = std::max<GLsizeiptr>(bufferSize_, sizeof(Values));
        if (!buffer_ || buffer_.size() < size) buffer_ = Buffer(name_, size, BufferUse::Parameters);
        buffer_.upload(&values, sizeof(Values));
    }
    void bind(GLuint point) const { glBindBufferBase(GL_UNIFORM_BUFFER, point, buffer_.id()); }
    const Buffer& buffer() const { return buffer_; }

private:
    std::string name_;
    std::vector<BlockMember> others_;
    GLsizeiptr bufferSize_ = 0;
    Buffer buffer_;
};

}  // namespace cs
