#pragma once
// What the scan (scan.h) and the reduction (reduce.h) share: the element types they add up,
// and tiles, the blocks of a row that one work group handles. Both run the kernels in
// shaders/compute/: tile_sums.comp (each tile's sum), scan_tiles.comp (each tile scanned) and
// scan_single_pass.comp (each tile scanned with the sum of the tiles before it, in one pass).
#include <cstdint>
#include <vector>

#include "gl/objects.h"
#include "gl/program.h"

namespace cs {

// uint sums wrap modulo 2^32, exactly as C++ unsigned addition does; float and vec4 are
// IEEE single precision, added in a tree-like order.
enum class ElementType { Uint, Float, Vec4 };
std::uint32_t elementBytes(ElementType type);

// A tile is what one work group owns: `groupSize` invocations, each owning `quads` quads (four
// consecutive elements) one after the other (shaders/compute/scan_common.glsl).
struct TileShape {
    std::uint32_t groupSize, quads;
    constexpr std::uint32_t elements() const { return groupSize * quads * 4; }
};

// The tile of the reduction and of reduce-then-scan: 128 invocations, 16 elements each.
constexpr TileShape kTileShape{128, 4};
constexpr std::uint32_t kTileElements = kTileShape.elements();

// One of the tile kernels, compiled for an element type and a tile shape, with any further
// #defines the kernel takes.
Program tileProgram(const char* file, ElementType type, TileShape shape = kTileShape,
                    const ShaderDefines& extra = {});

// The tiles of `tileElements` that cover a row of `rowLength` elements.
inline std::uint64_t tilesFor(std::uint64_t rowLength, std::uint32_t tileElements = kTileElements) {
    return (rowLength + tileElements - 1) / tileElements;
}

// One dispatch's share of the data. Data larger than one SSBO may be
// (GL_MAX_SHADER_STORAGE_BLOCK_SIZE, 128 MiB on some drivers) or than one dispatch may cover
// goes in chunks of whole tiles of one row, each bound with glBindBufferRange; otherwise one
// chunk holds every tile of every row.
struct TileChunk {
    std::uint64_t firstTile = 0, tiles = 0;  // within the row
    std::uint64_t firstElement = 0;          // of the row: where the bound range starts
    std::uint64_t elements = 0;              // in the bound range
    bool wholeBuffer = true;                 // bound whole, not as a range
};

// The chunks for `rows` rows of `rowLength` elements in tiles of `tileElements`, no chunk
// holding more than `maxChunkTiles` tiles (0: as many as one binding and one dispatch allow).
// Throws cs::Error where the rows cannot be dispatched or bound on this device.
std::vector<TileChunk> tileChunks(ElementType type, std::uint64_t rowLength, std::uint32_t rows,
                                  std::uint32_t tileElements, std::uint64_t maxChunkTiles = 0);

// Binds a chunk of `input` at 0 and 1 (scalar and vector views) and of `output` (0 for none)
// at 2 and 3, and sets the kernel's firstTile and elementOffset uniforms, which tell it where
// the chunk starts. A whole-buffer output stays whole: a transposed write scatters over it.
void bindChunk(const Program& program, ElementType type, const TileChunk& chunk, GLuint input,
               GLuint output);

// Dispatches `program` with one work group per tile of kTileShape: x across a row's tiles, y
// over the rows, chunk by chunk. `tileSums` (0 for none) is bound at 4.
void dispatchTiles(const Program& program, ElementType type, GLuint input, GLuint output,
                   GLuint tileSums, std::uint64_t rowLength, std::uint32_t rows);

// Scratch buffers for tile sums, one per level of recursion, grown as needed.
class TileSumBuffers {
public:
    const Buffer& at(std::size_t level, std::uint64_t bytes);

private:
    std::vector<Buffer> buffers_;
};

}  // namespace cs
