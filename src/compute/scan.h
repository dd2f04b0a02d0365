#pragma once
// GPU prefix sum (scan) of a buffer, for any length, staying on the GPU throughout.
//
//   cs::GpuScan scan(cs::ScanType::Uint);
//   scan.run(values, values, count);                       // inclusive, in place
//   scan.run(keys, offsets, count, 1, cs::ScanMode::Exclusive);
//   glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);         // before a shader reads the result
//
// Element i of the output is the sum of elements 0..i of the input (inclusive) or 0..i-1
// (exclusive; element 0 is zero). `rows` > 1 scans that many rows of `rowLength` elements
// each, independently: the summed-area table's row pass. With transposeOutput, element
// (row, i) is written to output[i * rows + row], so a second row scan of the result is the
// column pass (OpenGL SuperBible, Listing 10.7).
//
// Arithmetic: uint sums wrap modulo 2^32, exactly as C++ unsigned addition does, so the
// result equals a CPU scan bit for bit. float and vec4 are IEEE single precision: the sum
// order differs from a sequential CPU loop, so results differ by rounding (bounded in
// tests/gl/scan_test.cpp).
//
// How: reduce-then-scan. A tile is 2048 elements for one work group: 128 invocations, each
// owning sixteen consecutive elements, loaded four at a time.
//  1. scan_reduce.comp: each tile's sum -> tileSums
//  2. the tile sums are scanned (exclusive) by this same algorithm, recursively
//  3. scan_tiles.comp: each tile is scanned again, plus the sum of the tiles before it
// Three memory passes over the data (read, read, write: 12 bytes per uint), where a copy
// needs two. A row that fits in one tile takes only pass 3.
#include <cstdint>
#include <vector>

#include "gl/objects.h"
#include "gl/program.h"

#ifndef CS_SCAN_GROUP_SIZE
#define CS_SCAN_GROUP_SIZE 128
#endif
#ifndef CS_SCAN_ITEMS
#define CS_SCAN_ITEMS 4
#endif

namespace cs {

enum class ScanType { Uint, Float, Vec4 };
enum class ScanMode { Inclusive, Exclusive };

class GpuScan {
public:
    explicit GpuScan(ScanType type) : type_(type) {}  // no GL work until the first run

    // `input` and `output` may be the same buffer, except with transposeOutput. Throws
    // cs::Error when a buffer is too small or the data cannot be bound on this device.
    void run(const Buffer& input, const Buffer& output, std::uint64_t rowLength,
             std::uint32_t rows = 1, ScanMode mode = ScanMode::Inclusive,
             bool transposeOutput = false);

    // The sum of `count` elements of `input`, left on the GPU: written to `result` at
    // `resultOffset` bytes (an empty input sums to zero). It is pass 1 on repeat: tile sums,
    // then the tile sums' tile sums, until one value is left. The caller's barrier must make
    // its shader writes to `input` visible to storage reads. The value reaches `result`
    // through glCopyBufferSubData, not a shader write, so no later use of it needs one.
    void sum(const Buffer& input, std::uint64_t count, const Buffer& result,
             GLintptr resultOffset = 0);

    ScanType type() const { return type_; }
    std::uint32_t elementBytes() const { return type_ == ScanType::Vec4 ? 16 : 4; }
    // Invocations per work group, and vectors of 4 elements per invocation.
    static constexpr std::uint32_t kGroupSize = CS_SCAN_GROUP_SIZE;
    static constexpr std::uint32_t kItems = CS_SCAN_ITEMS;
    static constexpr std::uint32_t kTileElements = kItems * kGroupSize * 4;
    std::uint32_t tileElements() const { return kTileElements; }

private:
    void loadPrograms();
    void scanLevel(GLuint input, GLuint output, std::uint64_t rowLength, std::uint32_t rows,
                   ScanMode mode, bool transposeOutput, size_t level);
    void dispatchTiles(const Program& program, GLuint input, GLuint output, GLuint tileSums,
                       std::uint64_t rowLength, std::uint32_t rows, std::uint64_t tilesPerRow);
    const Buffer& tileSums(size_t level, std::uint64_t elements);

    ScanType type_;
    Program reduce_, tiles_;
    std::vector<Buffer> tileSums_;  // one per recursion level, grown as needed
};

}  // namespace cs
