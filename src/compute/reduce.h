#pragma once
// GPU sum of a buffer, left on the GPU:
//
//   cs::GpuReduce sum(cs::ScanType::Vec4);
//   sum.run(energies, count, totals, 0);   // totals[0] = energies[0] + ... + energies[count-1]
//
// It is the scan's first pass on repeat (shaders/compute/scan_reduce.comp): each work group
// sums a tile of 2048 elements into one value, and the tile sums are summed the
// same way until one value is left, which is copied to `result` at `resultOffset` bytes.
// The caller issues the barrier its next use of `result` needs (GL_BUFFER_UPDATE_BARRIER_BIT
// before reading it back with glGetBufferSubData, for instance).
//
// uint sums wrap modulo 2^32 and are exact; float and vec4 sum in a tree order, with an
// error far below a sequential sum's (see tests/gl/reduce_test.cpp).
#include <cstdint>
#include <vector>

#include "compute/scan.h"

namespace cs {

class GpuReduce {
public:
    explicit GpuReduce(ScanType type) : type_(type) {}  // no GL work until the first run

    // Sums `count` elements of `input`; an empty input sums to zero.
    void run(const Buffer& input, std::uint64_t count, const Buffer& result,
             GLintptr resultOffset = 0);

    std::uint32_t elementBytes() const { return type_ == ScanType::Vec4 ? 16 : 4; }
    std::uint32_t tileElements() const { return GpuScan::kTileElements; }

private:
    ScanType type_;
    Program reduce_;
    std::vector<Buffer> levels_;  // the tile sums of each round, grown as needed
};

}  // namespace cs
