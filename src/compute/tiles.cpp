#include "compute/tiles.h"

#include <algorithm>
#include <string>

#include "gl/dispatch.h"
#include "gl/info.h"
#include "util/error.h"

namespace cs {
namespace {

// The tile kernels' shape (shaders/compute/scan_common.glsl): invocations per work group,
// and quads (four consecutive elements) per invocation.
constexpr std::uint32_t kGroupSize = 128;
constexpr std::uint32_t kQuads = 4;
static_assert(kGroupSize * kQuads * 4 == kTileElements, "a tile is what one work group owns");

}  // namespace

std::uint32_t elementBytes(ElementType type) {
    return type == ElementType::Vec4 ? 16 : 4;
}

Program tileProgram(const char* file, ElementType type) {
    return Program::compute(file, {{"SCAN_TYPE", std::to_string(int(type))},
                                   {"GROUP_SIZE", std::to_string(kGroupSize)},
                                   {"ITEMS", std::to_string(kQuads)}});
}

void dispatchTiles(const Program& program, ElementType type, GLuint input, GLuint output,
                   GLuint tileSums, std::uint64_t rowLength, std::uint32_t rows) {
    const std::uint64_t tilesPerRow = tilesFor(rowLength);
    const std::uint64_t bytesPerElement = elementBytes(type);
    program.use();
    glUniform1ui(program.uniform("rowLength"), GLuint(rowLength));
    glUniform1ui(program.uniform("tilesPerRow"), GLuint(tilesPerRow));
    if (tileSums) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, tileSums);

    const std::uint64_t tileBytes = kTileElements * bytesPerElement;
    const auto maxBlockBytes = std::uint64_t(glInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE));
    const GLuint maxGroups = maxGroupCount(0);
    if (rows > maxGroupCount(1))
        throw Error("scan: " + std::to_string(rows) + " rows exceed the " +
                    std::to_string(maxGroupCount(1)) + " work groups this GL dispatches along y");
    const std::uint64_t totalBytes = rowLength * rows * bytesPerElement;
    const bool chunked = totalBytes > maxBlockBytes || tilesPerRow > std::uint64_t(maxGroups);
    if (chunked && rows > 1)
        throw Error("scan: " + std::to_string(rows) + " rows of " + std::to_string(rowLength) +
                    " elements exceed what this device binds at once (" +
                    std::to_string(maxBlockBytes) + " bytes per SSBO)");
    const std::uint64_t chunkTiles =
        chunked ? std::min<std::uint64_t>(maxBlockBytes / tileBytes, std::uint64_t(maxGroups))
                : tilesPerRow;
    const auto alignment = std::uint64_t(glInteger(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT));
    if (chunked && (chunkTiles * tileBytes) % alignment != 0)
        throw Error("scan: chunks of " + std::to_string(chunkTiles * tileBytes) +
                    " bytes break this device's SSBO offset alignment");

    for (std::uint64_t first = 0; first < tilesPerRow; first += chunkTiles) {
        const std::uint64_t tiles = std::min(chunkTiles, tilesPerRow - first);
        const std::uint64_t firstElement = first * kTileElements;
        // Unchunked, the range is all rows; a chunk (single row only) is its tiles.
        const std::uint64_t elements =
            chunked ? std::min(tiles * kTileElements, rowLength - firstElement) : rowLength * rows;
        const auto offset = GLintptr(firstElement * bytesPerElement);
        const auto size = GLsizeiptr(elements * bytesPerElement);
        // Scalar and vector views of the same range (see scan_common.glsl).
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, input, offset, size);
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, input, offset, size);
        if (output) {
            // A transposed write scatters over the whole output, so it is bound whole.
            if (!chunked) {
                glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, output);
                glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, output);
            } else {
                glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 2, output, offset, size);
                glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 3, output, offset, size);
            }
        }
        glUniform1ui(program.uniform("firstTile"), GLuint(first));
        glUniform1ui(program.uniform("elementOffset"), chunked ? GLuint(firstElement) : 0u);
        glDispatchCompute(GLuint(tiles), rows, 1);
    }
}

const Buffer& TileSumBuffers::at(std::size_t level, std::uint64_t bytes) {
    if (buffers_.size() <= level) buffers_.resize(level + 1);
    Buffer& sums = buffers_[level];
    if (std::uint64_t(sums.size()) < bytes)
        sums = Buffer("tile sums, level " + std::to_string(level), GLsizeiptr(bytes),
                      BufferUse::Computed);
    return sums;
}

}  // namespace cs
