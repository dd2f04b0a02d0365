#pragma once
// The flocking sample's neighbour grid, past the book, with its passes written out (bind,
// dispatch, barrier) in passes.cpp: rebuilt every step in three passes (bin, scan, scatter),
// so that the update (main.cpp) visits only the members in the 27 cells around each member,
// which it finds in the members' records sorted by cell; and, for the overlay, how full the
// bins are (occupancy), read a frame or more late. main.cpp times each pass.
#include "compute/bin_sort.h"
#include "gl/fenced_read.h"
#include "gl/objects.h"
#include "gl/program.h"

namespace flocking {

// occupancy.comp's counters, as its Occupancy block holds them.
struct Occupancy {
    GLuint binsInUse = 0;
    GLuint fullestBin = 0;  // the members in the fullest bin
};
static_assert(sizeof(Occupancy) == 8);

class Grid {
public:
    // The programs and the occupancy counters; the context is current.
    void create();
    // The buffers for `members` members, and the table of bins for them.
    void resize(GLuint members);

    // Pass "bin": the bin of each member's cell (cells.comp, `boids` at binding 0), then the
    // members per bin (the bin sort's count).
    void bin(const cs::Buffer& boids, GLuint count, float radius, float separationDistance);
    // Pass "scan": the counts become the bins' starts (its barrier inside).
    void scan() { binSort_.scan(); }
    // Pass "scatter": the members' order by bin, then their records in that order
    // (reorder.comp), read from the members that bin() left bound at binding 0.
    void scatter(GLuint count);

    // What the update reads (grid.comp): the records in bin order, the order, the bins' starts,
    // and the cells' size and the table's (grid.glsl).
    const cs::Buffer& sortedBoids() const { return sortedBoids_; }
    const cs::Buffer& order() const { return order_; }
    const cs::Buffer& binStarts() const { return binSort_.binStarts(); }
    void setUniforms(const cs::Program& program) const;

    // For the overlay, after a step: the bins in use and the fullest, counted on the GPU
    // (occupancy.comp) and copied for a fenced read. pollOccupancy() reads the copies whose
    // fence has signalled, without waiting: the counts are known a frame or more later.
    void countOccupancy();
    void pollOccupancy() { occupancyRead_.poll(); }
    bool occupancyKnown() const { return occupancyRead_.known(); }
    Occupancy occupancy() const { return occupancyRead_.value<Occupancy>(); }
    // Forgets the counts: the cells or the flock they counted changed.
    void forgetOccupancy() { occupancyRead_.reset(); }
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
    cs::Buffer occupancyCounters_;  // an Occupancy
    cs::FencedRead occupancyRead_;
};

}  // namespace flocking
