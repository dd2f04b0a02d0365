#pragma once
// Histogram pyramid (histopyramid): stream compaction by a pyramid of 2x2 sums, after
// G. Ziegler, A. Tevs, C. Theobalt, H.-P. Seidel, "On-the-fly point clouds through histogram
// pyramids", VMV 2006. Used through cs::GpuCompact (compact.h); exposed on its own so that
// its two phases can be timed apart and its levels drawn.
//
// Level 0, the base, is the flags: one cell per element, 0 or 1. Each level above holds one
// cell per 2x2 block of the one below, the sum of the block; the top has one cell, the
// number of kept elements. The base is laid out in Z (Morton) order: the cell at (x, y) is
// element x0 y0 x1 y1 ... (the bits of x and y interleaved), so the four children of cell j
// are elements 4j .. 4j + 3, and a base of any length is a tree of fours over the index.
//
//   build:    one pass per level, each cell adding its four children (histopyramid_build.comp)
//   traverse: one invocation per output key k < count, dispatched from the count on the GPU;
//             from the top, it steps into the child whose range of keys holds k, in Z order
//             (histopyramid_traverse.comp). Z order is index order, so the output ascends.
//
// With partial sums (the article's vec4 variant), a cell keeps its children's running sums
// (a, a+b, a+b+c, a+b+c+d): the traversal reads one value per level instead of three.
//
// Bindings: it leaves the caller's as it found them (the program in use, the indirect dispatch
// buffer and shader storage points 0-7; gl/kept_bindings.h), so a caller binds its own once.
#include <cstdint>
#include <glm/glm.hpp>
#include <vector>

#include "compute/compact.h"
#include "gl/objects.h"
#include "gl/program.h"

namespace cs {

// Levels 0 to 16 at the most: 4^16 = 2^32 cells cover kMaxCompactElements.
constexpr int kMaxPyramidLevels = 17;

class GpuHistoPyramid {
public:
    explicit GpuHistoPyramid(bool partialSums) : partialSums_(partialSums) {}

    // Builds levels 1 to top() from `n` flags (1 <= n <= kMaxCompactElements), then writes
    // the traversal's own dispatch command from the top cell. Ends with the barrier that
    // traverse() and the levels' other readers need.
    void build(const Buffer& flags, std::uint64_t n);
    // Writes the index of the k-th kept element to indices[k], for every k < count, with one
    // glDispatchComputeIndirect from the command build() wrote. `flags` as given to build().
    void traverse(const Buffer& flags, const Buffer& indices);

    // Where the count is, as a uint index into levels(): for writeCompactResult.
    std::uint32_t countIndex() const;
    const Buffer& levels() const { return levels_; }
    int top() const { return top_; }
    bool partialSums() const { return partialSums_; }
    // Level L's cells, and where it starts in levels() (in cells: uint, or uvec4 with partial
    // sums); level 0 is the flags. Both arrays have kMaxPyramidLevels entries.
    const std::uint32_t* levelCells() const { return cells_; }
    const std::uint32_t* levelOffsets() const { return offsets_; }

private:
    void setLevelUniforms(const Program& program) const;

    bool partialSums_;
    Program build_, traverse_, arguments_;
    Buffer levels_, traversal_;  // traversal_: a CompactResult sized for traverse_
    // top_ for the traversal's loop, in a buffer rather than a uniform: see
    // histopyramid_traverse.comp.
    Buffer topLevel_;
    int top_ = 0;
    std::uint32_t cells_[kMaxPyramidLevels] = {}, offsets_[kMaxPyramidLevels] = {};
};

// The base cell (x, y) of Morton index `index` (bits of x at even places, of y at odd), and
// back: mortonIndex(mortonCell(i)) == i.
glm::uvec2 mortonCell(std::uint32_t index);
std::uint32_t mortonIndex(glm::uvec2 cell);

// The same pyramid on the CPU, for tests and for teaching: levels[0] is the base, each level
// above has ceil(cells below / 4) cells, the last one cell.
struct HistoPyramidCpu {
    std::vector<std::vector<std::uint32_t>> levels;

    explicit HistoPyramidCpu(std::vector<std::uint32_t> base);
    std::uint32_t total() const { return levels.back()[0]; }
    // The base cell that output `key` (< total()) comes from: the traversal, in Z order.
    std::uint32_t find(std::uint32_t key) const;
};

}  // namespace cs
