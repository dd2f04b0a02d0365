#include "grid.h"

#include <algorithm>

#include "dispatch.h"

namespace flocking {

void Grid::create() {
    cells_ = cs::Program::compute("flocking/cells.comp");
    reorder_ = cs::Program::compute("flocking/reorder.comp");
    occupancyPass_ = cs::Program::compute("flocking/occupancy.comp");
    occupancyCounters_ = cs::Buffer("grid occupancy", 2 * sizeof(GLuint), cs::BufferUse::Computed);
}

void Grid::resize(GLuint members) {
    const GLsizeiptr n = members;
    keys_ = cs::Buffer("grid keys", n * 4, cs::BufferUse::Computed);
    order_ = cs::Buffer("grid order", n * 4, cs::BufferUse::Computed);
    sortedBoids_ = cs::Buffer("boids in grid order", n * 32, cs::BufferUse::Computed);
    tableSize_ = tableSizeFor(members);
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
    setUniforms(cells_);
    dispatchOver(cells_, count, {{0, boids}, {1, keys_}});
    // The bin sort's count reads the keys as storage.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    binSort_.count(keys_, count, tableSize_);
}

// The bin sort's order, then the members' records in that order.
void Grid::scatter(const cs::Buffer& boids, GLuint count) {
    binSort_.scatter(order_);
    // The reorder reads the order as storage.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    dispatchOver(reorder_, count, {{0, boids}, {1, sortedBoids_}, {5, order_}});
    // The update reads the sorted records, the order and the bins' starts as storage.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void Grid::setUniforms(const cs::Program& program) const {
    glUniform1f(program.uniform("inverseCellEdge"), 1.0f / cellEdge_);
    glUniform1ui(program.uniform("tableSize"), tableSize_);
}

void Grid::countOccupancy() {
    const GLuint zero[2] = {0, 0};
    occupancyCounters_.upload(zero, sizeof zero);  // after last frame's read, and its barrier
    dispatchOver(occupancyPass_, tableSize_, {{6, binSort_.binStarts()}, {7, occupancyCounters_}});
    // readOccupancy() reads the counters the atomics wrote.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
}

void Grid::readOccupancy() {
    occupancyCounters_.download(occupancy_, sizeof occupancy_);
}

}  // namespace flocking
