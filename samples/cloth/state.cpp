#include "state.h"

#include <glm/gtc/type_ptr.hpp>

namespace cloth {

void GpuCloth::load(const CpuCloth& cpu) {
    columns_ = cpu.width;
    rows_ = cpu.height;
    const size_t count = cpu.positions.size();
    const GLsizeiptr bytes = GLsizeiptr(count * sizeof(glm::vec4));
    const std::vector<glm::vec4> zero(count, glm::vec4(0.0f));
    for (int b = 0; b < 2; ++b) {
        positions_[b] = cs::Buffer("positions " + std::to_string(b), bytes, cs::BufferUse::Computed,
                                   cpu.positions.data());
        velocities_[b] = cs::Buffer("velocities " + std::to_string(b), bytes,
                                    cs::BufferUse::Computed, zero.data());
    }
    currentPositions_ = currentVelocities_ = 0;
    restLengths_ = cs::Buffer("rest lengths", GLsizeiptr(cpu.rest.size() * sizeof(float)),
                              cs::BufferUse::Input, cpu.rest.data());
    normals_ = cs::Buffer("normals", bytes, cs::BufferUse::Computed, cpu.normals.data());
    forces_ = cs::Buffer("forces", bytes, cs::BufferUse::Computed, zero.data());
    starts_ = cs::Buffer("substep starts", bytes, cs::BufferUse::Computed);
}

void GpuCloth::bind() const {
    const GLuint buffers[] = {positions_[currentPositions_].id(),
                              velocities_[currentVelocities_].id(),
                              positions_[1 - currentPositions_].id(),
                              velocities_[1 - currentVelocities_].id(),
                              restLengths_.id(),
                              normals_.id(),
                              forces_.id(),
                              starts_.id()};
    for (GLuint binding = 0; binding < 8; ++binding)
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding, buffers[binding]);
}

void GpuCloth::overGrid(const cs::Program& program) const {
    dispatch(program, {columns_, rows_});
}

void GpuCloth::setPoint(int i, glm::vec4 point) {
    positions_[currentPositions_].upload(&point, sizeof point, GLintptr(i * sizeof point));
    const glm::vec4 still(0.0f);
    velocities_[currentVelocities_].upload(&still, sizeof still, GLintptr(i * sizeof still));
}

std::vector<Point> GpuCloth::readPositions() const {
    std::vector<Point> points(size_t(columns_) * rows_);
    positions_[currentPositions_].download(points.data(),
                                           GLsizeiptr(points.size() * sizeof(Point)));
    return points;
}

void GpuCloth::upload(const CpuCloth& cpu) {
    const GLsizeiptr bytes = GLsizeiptr(cpu.positions.size() * sizeof(glm::vec4));
    positions_[currentPositions_].upload(cpu.positions.data(), bytes);
    velocities_[currentVelocities_].upload(cpu.velocities.data(), bytes);
    normals_.upload(cpu.normals.data(), bytes);
}

void GpuCloth::download(CpuCloth& cpu) const {
    const GLsizeiptr bytes = GLsizeiptr(cpu.positions.size() * sizeof(glm::vec4));
    positions_[currentPositions_].download(cpu.positions.data(), bytes);
    velocities_[currentVelocities_].download(cpu.velocities.data(), bytes);
    normals_.download(cpu.normals.data(), bytes);
}

void dispatch(const cs::Program& program, glm::ivec2 extent) {
    glUniform2i(program.uniform("size"), extent.x, extent.y);
    const glm::uvec3 groups = program.groupsFor(GLuint(extent.x), GLuint(extent.y));
    glDispatchCompute(groups.x, groups.y, groups.z);
}

void setUniforms(const cs::Program& program, const Physics& p, int columns, int rows) {
    const GLuint id = program.id();
    glProgramUniform2i(id, program.uniform("grid"), columns, rows);
    glProgramUniform1f(id, program.uniform("h"), p.substep());
    glProgramUniform1f(id, program.uniform("stiffness"), p.stiffness);
    glProgramUniform1f(id, program.uniform("damping"), p.damping);
    glProgramUniform1f(id, program.uniform("drag"), p.drag);
    glProgramUniform1f(id, program.uniform("gravity"), p.gravity);
    glProgramUniform1f(id, program.uniform("wind"), p.wind);
    glProgramUniform1f(id, program.uniform("friction"), p.friction);
    glProgramUniform3fv(id, program.uniform("sphereCentre"), 1, glm::value_ptr(p.sphereCentre));
    glProgramUniform1f(id, program.uniform("sphereRadius"), p.sphereRadius);
    glProgramUniform1f(id, program.uniform("ground"), p.ground);
    glProgramUniform1f(id, program.uniform("thickness"), kThickness);
    glProgramUniform1f(id, program.uniform("jacobiWeight"), kJacobiWeight);
}

std::vector<std::pair<int, Point>> pinnedCorners(const std::string& pins,
                                                 const std::vector<Point>& initial,
                                                 const std::vector<Point>& now, int columns,
                                                 int held) {
    const int last = int(now.size()) - 1;
    const int corners[4] = {last - columns + 1, last, 0, columns - 1};  // last row first
    std::vector<std::pair<int, Point>> edits;
    for (int c = 0; c < 4; ++c) {
        const bool pinned = pins == "four" || (pins == "two" && c < 2);
        const int i = corners[c];
        if (i == held) continue;
        edits.emplace_back(i,
                           Point(glm::vec3(now[size_t(i)]), pinned ? 0.0f : initial[size_t(i)].w));
    }
    return edits;
}

}  // namespace cloth
