#pragma once
// The flocking sample's passes beside the book's update, each written out (bind, dispatch,
// barrier) in passes.cpp: the neighbour grid, past the book, rebuilt every step in three
// passes (bin, scan, scatter), so that the update (main.cpp) visits only the members in the
// 27 cells around each member, which it finds in the members' records sorted by cell, and,
// for the overlay, how full the bins are (occupancy), read a frame or more late; the health
// check after each update; and the planes' frames of a new flock. main.cpp times each pass.
#include "boids.h"
#include "compute/bin_sort.h"
#include "gl/fenced_read.h"
#include "gl/objects.h"
#include "gl/program.h"
#include "gl/uniform_block.h"

namespace flocking {

// occupancy.comp's counters, as its Occupancy block holds them.
struct Occupancy {
    GLuint binsInUse = 0;
    GLuint fullestBin = 0;  // the members in the fullest bin
};
static_assert(sizeof(Occupancy) == 8);

class Grid {
public:
    // The programs and the occupancy counters; the context is current. `update` (grid.comp)
    // reads the Cells block too: its layout is checked against the mirror with the bin pass's.
    void create(const cs::Program& update);
    // The buffers for `members` members, and the table of bins for them.
    void resize(GLuint members);

    // Pass "bin": the bin of each member's cell (cells.comp), then the members per bin (the
    // bin sort's count).
    void bin(const cs::Buffer& boids, GLuint count, float radius, float separationDistance);
    // Pass "scan": the counts become the bins' starts (its barrier inside).
    void scan() { binSort_.scan(); }
    // Pass "scatter": the members' order by bin, then the records of `boids` in that order
    // (reorder.comp).
    void scatter(const cs::Buffer& boids, GLuint count);

    // What the update reads (grid.comp): the records in bin order, the order, the bins' starts,
    // and the Cells block (grid.glsl).
    const cs::Buffer& sortedBoids() const { return sortedBoids_; }
    const cs::Buffer& order() const { return order_; }
    const cs::Buffer& binStarts() const { return binSort_.binStarts(); }
    const cs::UniformBlock<Cells>& cells() const { return cells_; }

    // For the overlay, after a step: the bins in use and the fullest, counted on the GPU
    // (occupancy.comp) and copied for a fenced read. It first reads the copies of earlier
    // frames whose fence has signalled, without waiting: the counts are known a frame or more
    // later.
    void countOccupancy();
    bool occupancyKnown() const { return occupancyRead_.known(); }
    Occupancy occupancy() const { return occupancyRead_.value<Occupancy>(); }
    // Forgets the counts: the cells or the flock they counted changed.
    void forgetOccupancy() { occupancyRead_.reset(); }
    GLuint tableSize() const { return cells_.values.tableSize; }
    float cellEdge() const { return cellEdge_; }

    // The bins for `members` members: the smallest power of two at least twice as many, so
    // that at most half are in use (a member's cell shares its bin with few others).
    static GLuint tableSizeFor(GLuint members);

private:
    cs::Program cellsPass_, reorder_, occupancyPass_;
    // A key (bin) per member, the bin sort's order, the members' records in that order.
    cs::Buffer keys_, order_, sortedBoids_;
    cs::GpuBinSort binSort_;
    cs::UniformBlock<Cells> cells_{
        "Cells", {CS_BLOCK_MEMBER(Cells, inverseCellEdge), CS_BLOCK_MEMBER(Cells, tableSize)}};
    float cellEdge_ = 0.0f;
    cs::Buffer occupancyCounters_;  // an Occupancy
    cs::FencedRead occupancyRead_;
};

// The flock's health check, beside the lesson: the first step that made a member's position
// or velocity inf or NaN (near the float limit they overflow), which a diagnostics pass after
// each update (health.comp) marks with atomicMin. A run whose flock overflowed fails naming
// that step, writing nothing.
class Health {
public:
    void create();  // the program; the context is current
    void reset();   // a flag that no step has marked yet (0xFFFFFFFF)
    // Pass "health": checks `boids`, which step `step` wrote (1 for the first). No barrier:
    // require() reads the flag behind one, and the next check's atomicMin comes after the
    // next update's barrier.
    void check(const cs::Buffer& boids, GLuint count, GLuint step);
    // Throws cs::Error naming the first step that overflowed, if one did. Reads the flag back
    // and waits for the GPU: for the end of a run (finish()), after a BUFFER_UPDATE barrier.
    void require() const;

private:
    cs::Program pass_;
    cs::Buffer flag_;
};

// Pass "orient", for a flock that no step has written yet: the planes' frames of `boids` into
// `frames` (orient.comp, the program given), and the barrier the draw needs.
void orientPlanes(const cs::Program& orient, const cs::Buffer& boids, const cs::Buffer& frames,
                  GLuint count);

}  // namespace flocking
