// The neighbour grid's passes, each written out: bind, dispatch, and the barrier its readers
// need. main.cpp runs them in this order each step, between the centre and the update, and
// times each one: bin, scan (the framework's), scatter; then, while the overlay shows it, the
// occupancy. Every kernel here runs one invocation per item and skips the last group's
// overhang by its uniform `count`.
#include "passes.h"

#include <algorithm>

namespace flocking {

void Grid::create() {
    cells_ = cs::Program::compute("flocking/cells.comp");
    reorder_ = cs::Program::compute("flocking/reorder.comp");
    occupancyPass_ = cs::Program::compute("flocking/occupancy.comp");
    occupancyCounters_ = cs::Buffer("grid occupancy", sizeof(Occupancy), cs::BufferUse::Computed);
    occupancyRead_ = cs::FencedRead("grid occupancy", sizeof(Occupancy));
}

void Grid::resize(GLuint members) {
    const GLsizeiptr n = members;
    keys_ = cs::Buffer("grid keys", n * 4, cs::BufferUse::Computed);
    order_ = cs::Buffer("grid order", n * 4, cs::BufferUse::Computed);
    sortedBoids_ = cs::Buffer("boids in grid order", n * 32, cs::BufferUse::Computed);
    tableSize_ = tableSizeFor(members);
    forgetOccupancy();
}

GLuint Grid::tableSizeFor(GLuint members) {
    GLuint bins = 1;
    while (bins < 2 * members) bins *= 2;
    return bins;
}

// Each member's key is the bin of its cell, then the bin sort counts the members per bin.
// Cells of edge max(radius, separation_distance), and 1/256 more: a member within reach of
// another lies in its cell or one of the 26 around it, also after float rounding of
// position / edge (README.md, "The cells' edge").
void Grid::bin(const cs::Buffer& boids, GLuint count, float radius, float separationDistance) {
    cellEdge_ = std::max(radius, separationDistance) * (1.0f + 1.0f / 256.0f);
    cells_.use();
    glUniform1ui(cells_.uniform("count"), count);
    setUniforms(cells_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, boids.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, keys_.id());
    const glm::uvec3 groups = cells_.groupsFor(count);
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The bin sort's count reads the keys as storage.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    binSort_.count(keys_, count, tableSize_);
}

// The bin sort's order, then the members' records in that order.
void Grid::scatter(GLuint count) {
    binSort_.scatter(order_);
    // The reorder reads the order as storage.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    reorder_.use();
    glUniform1ui(reorder_.uniform("count"), count);
    // Binding 0 still holds the members, from bin(): the bin sort keeps the caller's
    // bindings (bin_sort.h).
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, sortedBoids_.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, order_.id());
    const glm::uvec3 groups = reorder_.groupsFor(count);
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The update reads the sorted records, the order and the bins' starts as storage.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void Grid::setUniforms(const cs::Program& program) const {
    glUniform1f(program.uniform("inverseCellEdge"), 1.0f / cellEdge_);
    glUniform1ui(program.uniform("tableSize"), tableSize_);
}

void Grid::countOccupancy() {
    const Occupancy zero;
    occupancyCounters_.upload(&zero, sizeof zero);  // after last frame's copy, and its barrier
    occupancyPass_.use();
    glUniform1ui(occupancyPass_.uniform("count"), tableSize_);  // one invocation per bin
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 6, binSort_.binStarts().id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 7, occupancyCounters_.id());
    const glm::uvec3 groups = occupancyPass_.groupsFor(tableSize_);
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The fenced read copies the counters the atomics wrote, and the next frame's
    // glBufferSubData clears them: both buffer updates.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    occupancyRead_.request(occupancyCounters_);
}

}  // namespace flocking
