// The passes beside the book's update, each written out: bind what it reads, dispatch, and
// the barrier its readers need. main.cpp runs the grid's in this order each step, after the
// centre and before the update, and times each one: bin, scan, scatter; then the health
// check after the update; then, while the overlay shows it, the occupancy. The counting sort
// is cs::GpuBinSort, a tool: contract in src/compute/bin_sort.h. Every kernel here runs one
// invocation per item and skips the last group's overhang by its uniform `count` (the
// health check by the length of the members' buffer).
#include "passes.h"

#include <algorithm>
#include <string>

#include "util/error.h"

namespace flocking {

void Grid::create(const cs::Program& update) {
    cellsPass_ = cs::Program::compute("flocking/cells.comp");
    reorder_ = cs::Program::compute("flocking/reorder.comp");
    occupancyPass_ = cs::Program::compute("flocking/occupancy.comp");
    occupancyCounters_ = cs::Buffer("grid occupancy", sizeof(Occupancy), cs::BufferUse::Computed);
    occupancyRead_ = cs::FencedRead("grid occupancy", sizeof(Occupancy));
    const cs::Params noParameters;  // the Cells block holds none: all derived
    cells_.check(cellsPass_, noParameters);
    cells_.check(update, noParameters);
}

void Grid::resize(GLuint members) {
    const GLsizeiptr n = members;
    keys_ = cs::Buffer("grid keys", n * 4, cs::BufferUse::Computed);
    order_ = cs::Buffer("grid order", n * 4, cs::BufferUse::Computed);
    sortedBoids_ = cs::Buffer("boids in grid order", n * 32, cs::BufferUse::Computed);
    cells_.values.tableSize = tableSizeFor(members);
    cellEdge_ = 0.0f;  // the next bin() writes the Cells block
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
// The Cells block goes up when the cells change: a new reach, or a new table (resize()).
void Grid::bin(const cs::Buffer& boids, GLuint count, float radius, float separationDistance) {
    const float edge = std::max(radius, separationDistance) * (1.0f + 1.0f / 256.0f);
    if (edge != cellEdge_) {
        cellEdge_ = edge;
        cells_.values.inverseCellEdge = 1.0f / edge;
        cells_.upload();
    }
    cellsPass_.use();
    glUniform1ui(cellsPass_.uniform("count"), count);
    cells_.bind(1);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, boids.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, keys_.id());
    const glm::uvec3 groups = cellsPass_.groupsFor(count);
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The bin sort's count reads the keys as storage.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    binSort_.count(keys_, count, tableSize());
}

// The bin sort's order, then the members' records in that order.
void Grid::scatter(const cs::Buffer& boids, GLuint count) {
    binSort_.scatter(order_);
    // The reorder reads the order as storage.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    reorder_.use();
    glUniform1ui(reorder_.uniform("count"), count);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, boids.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, sortedBoids_.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, order_.id());
    const glm::uvec3 groups = reorder_.groupsFor(count);
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The update reads the sorted records, the order and the bins' starts as storage.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void Grid::countOccupancy() {
    occupancyRead_.poll();  // earlier frames' counts, if they are in
    const Occupancy zero;
    occupancyCounters_.upload(&zero, sizeof zero);  // after last frame's copy, and its barrier
    occupancyPass_.use();
    glUniform1ui(occupancyPass_.uniform("count"), tableSize());  // one invocation per bin
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 6, binSort_.binStarts().id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 7, occupancyCounters_.id());
    const glm::uvec3 groups = occupancyPass_.groupsFor(tableSize());
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The fenced read copies the counters the atomics wrote, and the next frame's
    // glBufferSubData clears them: both buffer updates.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    occupancyRead_.request(occupancyCounters_);
}

namespace {

// health.comp's Health block before any step has gone non-finite.
constexpr GLuint kNoStep = 0xFFFFFFFFu;

}  // namespace

void Health::create() {
    pass_ = cs::Program::compute("flocking/health.comp");
}

void Health::reset() {
    flag_ = cs::Buffer("first non-finite step", sizeof kNoStep, cs::BufferUse::Computed, &kNoStep);
}

void Health::check(const cs::Buffer& boids, GLuint count, GLuint step) {
    pass_.use();
    glUniform1ui(pass_.uniform("stepNumber"), step);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, boids.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 7, flag_.id());
    const glm::uvec3 groups = pass_.groupsFor(count);
    glDispatchCompute(groups.x, groups.y, groups.z);
}

void Health::require() const {
    GLuint firstNonFinite = kNoStep;
    flag_.download(&firstNonFinite, sizeof firstNonFinite);
    if (firstNonFinite != kNoStep)
        throw cs::Error("step " + std::to_string(firstNonFinite) +
                        " produced a value that is not a finite number: the flock's "
                        "positions or velocities overflowed float");
}

void orientPlanes(const cs::Program& orient, const cs::Buffer& boids, const cs::Buffer& frames,
                  GLuint count) {
    orient.use();
    glUniform1ui(orient.uniform("count"), count);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, boids.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, frames.id());
    const glm::uvec3 groups = orient.groupsFor(count);
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The draw fetches the frames as vertex attributes.
    glMemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT);
}

}  // namespace flocking
