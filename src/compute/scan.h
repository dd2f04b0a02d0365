#pragma once
// GPU prefix sum (scan) of a buffer, for any length, staying on the GPU throughout.
//
//   cs::GpuScan scan(cs::ElementType::Uint);
//   scan.run(values, values, count);                       // inclusive, in place
//   scan.run(keys, offsets, count, 1, cs::ScanMode::Exclusive);
//   glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);         // before a shader reads the result
//
// Element i of the output is the sum of elements 0..i of the input (inclusive) or 0..i-1
// (exclusive; element 0 is zero). `rows` > 1 scans that many rows of `rowLength` elements
// each, independently: the summed-area table's row pass. With transposeOutput, element
// (row, i) is written to output[i * rows + row], so a second row scan of the result is the
// column pass (OpenGL SuperBible, 6th ed., Listing 10.7).
//
// Arithmetic: see ElementType (tiles.h). uint results equal a CPU scan bit for bit; float
// and vec4 results differ from a sequential CPU loop by rounding (bounded in
// tests/gl/scan_test.cpp).
//
// How: reduce-then-scan over tiles of 2048 elements, one work group per tile:
//  1. tile_sums.comp: each tile's sum -> tileSums
//  2. the tile sums are scanned (exclusive) by this same algorithm, recursively
//  3. scan_tiles.comp: each tile is scanned again, plus the sum of the tiles before it
// Three memory passes over the data (read, read, write: 12 bytes per uint), where a copy
// needs two. A row that fits in one tile takes only pass 3.
#include <cstdint>

#include "compute/tiles.h"

namespace cs {

enum class ScanMode { Inclusive, Exclusive };

class GpuScan {
public:
    explicit GpuScan(ElementType type) : type_(type) {}  // no GL work until the first run

    // `input` and `output` may be the same buffer, except with transposeOutput. Throws
    // cs::Error when a buffer is too small or the data cannot be bound on this device.
    void run(const Buffer& input, const Buffer& output, std::uint64_t rowLength,
             std::uint32_t rows = 1, ScanMode mode = ScanMode::Inclusive,
             bool transposeOutput = false);

    ElementType type() const { return type_; }

private:
    void scanLevel(GLuint input, GLuint output, std::uint64_t rowLength, std::uint32_t rows,
                   ScanMode mode, bool transposeOutput, std::size_t level);

    ElementType type_;
    Program tileSumsPass_, scanPass_;
    TileSumBuffers tileSums_;
};

}  // namespace cs
