#include "compute/tiles.h"

#include <algorithm>
#include <string>

#include "gl/dispatch.h"
#include "gl/info.h"
#include "util/error.h"

namespace cs {

std::uint32_t elementBytes(ElementType type) {
    return type == ElementType::Vec4 ? 16 : 4;
}

Program tileProgram(const char* file, ElementType type, TileShape shape,
                    const ShaderDefines& extra) {
    ShaderDefines defines = {{"SCAN_TYPE", std::to_string(int(type))},
                             {"GROUP_SIZE", std::to_string(shape.groupSize)},
                             {"ITEMS", std::to_string(shape.quads)}};
    defines.insert(defines.end(), extra.begin(), extra.end());
    return Program::compute(file, defines);
}

std::vector<TileChunk> tileChunks(ElementType type, std::uint64_t rowLength, std::uint32_t rows,
                                  std::uint32_t tileElements, std::uint64_t maxChunkTiles) {
    const std::uint64_t tilesPerRow = tilesFor(rowLength, tileElements);
    const std::uint64_t bytesPerElement = elementBytes(type);
    const std::uint64_t tileBytes = std::uint64_t(tileElements) * bytesPerElement;
    const auto maxBlockBytes = std::uint64_t(glInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE));
    const GLuint maxGroups = maxGroupCount(0);
    if (rows > maxGroupCount(1))
        throw Error("scan: " + std::to_string(rows) + " rows exceed the " +
                    std::to_string(maxGroupCount(1)) + " work groups this GL dispatches along y");
    std::uint64_t chunkTiles = std::min(maxBlockBytes / tileBytes, std::uint64_t(maxGroups));
    if (maxChunkTiles > 0) chunkTiles = std::min(chunkTiles, maxChunkTiles);
    const std::uint64_t totalBytes = rowLength * rows * bytesPerElement;
    const bool chunked = totalBytes > maxBlockBytes || tilesPerRow > chunkTiles;
    if (!chunked) return {{0, tilesPerRow, 0, rowLength * rows, true}};
    if (rows > 1)
        throw Error("scan: " + std::to_string(rows) + " rows of " + std::to_string(rowLength) +
                    " elements exceed what this device binds at once (" +
                    std::to_string(maxBlockBytes) + " bytes per SSBO)");
    const auto alignment = std::uint64_t(glInteger(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT));
    if ((chunkTiles * tileBytes) % alignment != 0)
        throw Error("scan: chunks of " + std::to_string(chunkTiles * tileBytes) +
                    " bytes break this device's SSBO offset alignment");

    std::vector<TileChunk> chunks;
    for (std::uint64_t first = 0; first < tilesPerRow; first += chunkTiles) {
        const std::uint64_t tiles = std::min(chunkTiles, tilesPerRow - first);
        const std::uint64_t firstElement = first * tileElements;
        chunks.push_back({first, tiles, firstElement,
                          std::min(tiles * tileElements, rowLength - firstElement), false});
    }
    return chunks;
}

void bindChunk(const Program& program, ElementType type, const TileChunk& chunk, GLuint input,
               GLuint output) {
    const std::uint64_t bytesPerElement = elementBytes(type);
    const auto offset = GLintptr(chunk.firstElement * bytesPerElement);
    const auto size = GLsizeiptr(chunk.elements * bytesPerElement);
    // Scalar and vector views of the same range (see scan_common.glsl).
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, input, offset, size);
    glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, input, offset, size);
    if (output) {
        if (chunk.wholeBuffer) {
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, output);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, output);
        } else {
            glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 2, output, offset, size);
            glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 3, output, offset, size);
        }
    }
    glUniform1ui(program.uniform("firstTile"), GLuint(chunk.firstTile));
    glUniform1ui(program.uniform("elementOffset"), GLuint(chunk.firstElement));
}

void dispatchTiles(const Program& program, ElementType type, GLuint input, GLuint output,
                   GLuint tileSums, std::uint64_t rowLength, std::uint32_t rows) {
    program.use();
    glUniform1ui(program.uniform("rowLength"), GLuint(rowLength));
    glUniform1ui(program.uniform("tilesPerRow"), GLuint(tilesFor(rowLength)));
    if (tileSums) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, tileSums);
    for (const TileChunk& chunk : tileChunks(type, rowLength, rows, kTileElements)) {
        bindChunk(program, type, chunk, input, output);
        glDispatchCompute(GLuint(chunk.tiles), rows, 1);
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
