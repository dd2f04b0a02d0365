#pragma once
// The flocking sample's neighbour grid, past the book: rebuilt every step in three passes (bin,
// scan, scatter), so that the update visits only the members in the 27 cells around each
// member, which it finds in the members' records sorted by cell. main.cpp times each pass and
// runs the update; each barrier is here, after the pass that wrote.
#include "compute/bin_sort.h"
#include "gl/objects.h"
#include "gl/program.h"

namespace flocking {

class Grid {
public:
    // The programs and the occupancy counters; the context is current.
    void create();
    // The buffers for `members` members, and the table of bins for them.
    void resize(GLuint members);

    // Pass "bin": the bin of each member's cell, then the members per bin.
    void bin(const cs::Buffer& boids, GLuint count, float radius, float separationDistance);
    // Pass "scan": the counts become the bins' starts (its barrier inside).
    void scan() { binSort_.scan(); }
    // Pass "scatter": the members' order by bin, then their records in that order.
    void scatter(const cs::Buffer& boids, GLuint count);

    // What the update reads (grid.comp): the records in bin order, the order, the bins' starts,
    // and the cells' size and the table's (grid.glsl).
    const cs::Buffer& sortedBoids() const { return sortedBoids_; }
    const cs::Buffer& order() const { return order_; }
    const cs::Buffer& binStarts() const { return binSort_.binStarts(); }
    void setUniforms(const cs::Program& program) const;

    // For the overlay: the bins in use and the fullest, counted on the GPU, then read back
    // (8 bytes, waiting for the GPU).
    void countOccupancy();
    void readOccupancy();
    GLuint binsInUse() const { return occupancy_[0]; }
    GLuint fullestBin() const { return occupancy_[1]; }
    GLuint tableSize() const { return tableSize_; }
    float cellEdge() const { return cellEdge_; }

    // The bins for `members` members: the smallest power of two at least twice as many, so
    // that at most half are in use (a member's cell shares its bin with few others).
    static GLuint tableSizeFor(GLuint members);

private:
    cs::Program cells_, reorder_, occupancyPass_;
    // A key (bin) per member, the bin sort's order, the members' records in that order.
    cs::Buffer keys_, order_, sortedBoids_;
    cs::GpuBinSort binSort_;
    GLuint tableSize_ = 0;
    float cellEdge_ = 0.0f;
    cs::Buffer occupancyCounters_;  // bins in use, the fullest bin
    GLuint occupancy_[2] = {0, 0};
};

}  // namespace flocking
