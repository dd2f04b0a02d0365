#pragma once
// How every pass of the flocking sample runs (main.cpp's and the grid's): its buffers bound to
// their storage binding points, then one invocation per item; the shaders skip the last
// group's overhang by `count`.
#include <initializer_list>
#include <utility>

#include "gl/objects.h"
#include "gl/program.h"

namespace flocking {

// Binds `buffers` to their storage binding points and runs `program` once per item.
inline void dispatchOver(const cs::Program& program, GLuint items,
                         std::initializer_list<std::pair<GLuint, const cs::Buffer&>> buffers) {
    program.use();
    glUniform1ui(program.uniform("count"), items);
    for (const auto& [binding, buffer] : buffers)
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding, buffer.id());
    const glm::uvec3 groups = program.groupsFor(items);
    glDispatchCompute(groups.x, groups.y, groups.z);
}

}  // namespace flocking
