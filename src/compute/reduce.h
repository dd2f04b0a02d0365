#pragma once
// GPU reduction: the sum of a buffer's elements, left on the GPU.
//
//   cs::GpuReduce reduce(cs::ElementType::Vec4);
//   reduce.sum(energies, count, totals);            // totals[0] = energies[0] + ... + [count-1]
//
// How: each work group sums one tile of 2048 elements (tile_sums.comp, the scan's first
// pass), which leaves one value per tile; the same kernel then sums those, round after round,
// until one value is left. A glMemoryBarrier between rounds makes each round's writes visible
// to the next one's reads: the dispatch boundary is the only barrier between work groups.
// Arithmetic: see ElementType (tiles.h); float sums differ from a sequential loop by rounding
// (bounded in tests/gl/reduce_test.cpp).
//
// Bindings: it leaves the caller's as it found them (the program in use, the indirect dispatch
// buffer and shader storage points 0-7; gl/kept_bindings.h), so a caller binds its own once.
#include <cstdint>

#include "compute/tiles.h"

namespace cs {

class GpuReduce {
public:
    explicit GpuReduce(ElementType type) : type_(type) {}  // no GL work until the first sum

    // The sum of `count` elements of `input`, written to `result` at `resultOffset` bytes (an
    // empty input sums to zero). The caller's barrier must make its shader writes to `input`
    // visible to storage reads. The value reaches `result` through glCopyBufferSubData, not a
    // shader write, so no later use of it needs a barrier.
    void sum(const Buffer& input, std::uint64_t count, const Buffer& result,
             GLintptr resultOffset = 0);

private:
    ElementType type_;
    Program tileSumsPass_;
    TileSumBuffers tileSums_;
};

}  // namespace cs
