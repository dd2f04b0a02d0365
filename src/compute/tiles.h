#pragma once
// What the scan (scan.h) and the reduction (reduce.h) share: the element types they add up,
// and tiles, the blocks of a row that one work group handles. Both run the kernels in
// shaders/compute/: tile_sums.comp (each tile's sum) and scan_tiles.comp (each tile scanned).
#include <cstdint>
#include <vector>

#include "gl/objects.h"
#include "gl/program.h"

namespace cs {

// uint sums wrap modulo 2^32, exactly as C++ unsigned addition does; float and vec4 are
// IEEE single precision, added in a tree-like order.
enum class ElementType { Uint, Float, Vec4 };
std::uint32_t elementBytes(ElementType type);

// Elements in one tile: 128 invocations, each owning 16 consecutive elements.
constexpr std::uint32_t kTileElements = 2048;

// One of the tile kernels, compiled for an element type.
Program tileProgram(const char* file, ElementType type);

// Dispatches `program` with one work group per tile: x across a row's tiles, y over the
// rows. `tileSums` (0 for none) is bound at 4 and `output` (0 for none) at 2 and 3. Data
// larger than one SSBO may be (GL_MAX_SHADER_STORAGE_BLOCK_SIZE, 128 MiB on some drivers)
// or than one dispatch may cover goes in chunks of whole tiles, each bound with
// glBindBufferRange; the firstTile and elementOffset uniforms tell the shader where a chunk
// starts. Throws cs::Error when rows cannot be dispatched on this device.
void dispatchTiles(const Program& program, ElementType type, GLuint input, GLuint output,
                   GLuint tileSums, std::uint64_t rowLength, std::uint32_t rows);

// The tiles that cover a row of `rowLength` elements.
inline std::uint64_t tilesFor(std::uint64_t rowLength) {
    return (rowLength + kTileElements - 1) / kTileElements;
}

// Scratch buffers for tile sums, one per level of recursion, grown as needed.
class TileSumBuffers {
public:
    const Buffer& at(std::size_t level, std::uint64_t bytes);

private:
    std::vector<Buffer> buffers_;
};

}  // namespace cs
