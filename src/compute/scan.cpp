#include "compute/scan.h"

#include <algorithm>
#include <string>
#include <vector>

#include "gl/debug.h"
#include "gl/dispatch.h"
#include "gl/info.h"
#include "util/error.h"

namespace cs {

void GpuScan::run(const Buffer& input, const Buffer& output, std::uint64_t rowLength,
                  std::uint32_t rows, ScanMode mode, bool transposeOutput) {
    const std::uint64_t elements = rowLength * rows;
    if (elements == 0) return;
    const std::uint64_t bytes = elements * elementBytes();
    if (std::uint64_t(input.size()) < bytes || std::uint64_t(output.size()) < bytes)
        throw Error("scan of " + std::to_string(elements) + " elements needs " +
                    std::to_string(bytes) + "-byte buffers; got " + std::to_string(input.size()) +
                    " and " + std::to_string(output.size()));
    if (transposeOutput && input.id() == output.id())
        throw Error("a transposed scan cannot run in place");
    loadPrograms();
    DebugGroup group("scan");
    // A single row transposed is the row itself; the plain write path handles chunking.
    scanLevel(input.id(), output.id(), rowLength, rows, mode, transposeOutput && rows > 1, 0);
}

void GpuScan::sum(const Buffer& input, std::uint64_t count, const Buffer& result,
                  GLintptr resultOffset) {
    if (std::uint64_t(input.size()) < count * elementBytes())
        throw Error("sum of " + std::to_string(count) + " elements needs a buffer of " +
                    std::to_string(count * elementBytes()) + " bytes; got " +
                    std::to_string(input.size()));
    if (resultOffset + GLintptr(elementBytes()) > result.size())
        throw Error("sum result does not fit its buffer at offset " + std::to_string(resultOffset));
    DebugGroup group("sum");
    if (count == 0) {
        const std::vector<std::uint8_t> zero(elementBytes(), 0);
        result.upload(zero.data(), GLsizeiptr(zero.size()), resultOffset);
        return;
    }
    loadPrograms();
    GLuint source = input.id();
    for (size_t level = 0;; ++level) {
        const std::uint64_t tiles = (count + tileElements() - 1) / tileElements();
        const GLuint sums = tileSums(level, tiles).id();
        dispatchTiles(reduce_, source, 0, sums, count, 1, tiles);
        source = sums;
        if (tiles == 1) break;
        // The next round reads the tile sums this one wrote.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        count = tiles;
    }
    // The copy reads the last round's shader writes.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glBindBuffer(GL_COPY_READ_BUFFER, source);
    glBindBuffer(GL_COPY_WRITE_BUFFER, result.id());
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, resultOffset, elementBytes());
    glBindBuffer(GL_COPY_READ_BUFFER, 0);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
}

void GpuScan::loadPrograms() {
    if (reduce_) return;
    const ShaderDefines defines = {{"SCAN_TYPE", std::to_string(int(type_))},
                                   {"GROUP_SIZE", std::to_string(kGroupSize)},
                                   {"ITEMS", std::to_string(kItems)}};
    reduce_ = Program::compute("compute/scan_reduce.comp", defines);
    tiles_ = Program::compute("compute/scan_tiles.comp", defines);
}

void GpuScan::scanLevel(GLuint input, GLuint output, std::uint64_t rowLength, std::uint32_t rows,
                        ScanMode mode, bool transposeOutput, size_t level) {
    const std::uint64_t tilesPerRow = (rowLength + tileElements() - 1) / tileElements();
    GLuint sums = 0;
    if (tilesPerRow > 1) {
        sums = tileSums(level, tilesPerRow * rows).id();
        dispatchTiles(reduce_, input, 0, sums, rowLength, rows, tilesPerRow);
        // The next level reads the tile sums the reduce pass wrote.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        scanLevel(sums, sums, tilesPerRow, rows, ScanMode::Exclusive, false, level + 1);
        // The final pass reads the scanned tile sums.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    tiles_.use();
    glUniform1i(tiles_.uniform("exclusive"), mode == ScanMode::Exclusive);
    glUniform1i(tiles_.uniform("transposeOutput"), transposeOutput);
    glUniform1i(tiles_.uniform("addTileSums"), sums != 0);
    dispatchTiles(tiles_, input, output, sums, rowLength, rows, tilesPerRow);
}

// Dispatches one work group per tile: x across a row's tiles, y over the rows. Data larger
// than one SSBO may be (GL_MAX_SHADER_STORAGE_BLOCK_SIZE, 128 MiB on some drivers) or than
// one dispatch may cover (65535 groups) goes in chunks of whole tiles, each bound with
// glBindBufferRange; firstTile and elementOffset tell the shader where a chunk starts.
void GpuScan::dispatchTiles(const Program& program, GLuint input, GLuint output, GLuint tileSums,
                            std::uint64_t rowLength, std::uint32_t rows,
                            std::uint64_t tilesPerRow) {
    program.use();
    glUniform1ui(program.uniform("rowLength"), GLuint(rowLength));
    glUniform1ui(program.uniform("tilesPerRow"), GLuint(tilesPerRow));
    if (tileSums) glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, tileSums);

    const std::uint64_t tileBytes = std::uint64_t(tileElements()) * elementBytes();
    const std::uint64_t maxBlockBytes = std::uint64_t(glInteger(GL_MAX_SHADER_STORAGE_BLOCK_SIZE));
    const GLuint maxGroups = maxGroupCount(0);
    if (rows > maxGroupCount(1))
        throw Error("scan: " + std::to_string(rows) + " rows exceed the " +
                    std::to_string(maxGroupCount(1)) + " work groups this GL dispatches along y");
    const std::uint64_t totalBytes = rowLength * rows * elementBytes();
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
        const std::uint64_t firstElement = first * tileElements();
        // Unchunked, the range is all rows; a chunk (single row only) is its tiles.
        const std::uint64_t elements =
            chunked ? std::min(tiles * tileElements(), rowLength - firstElement) : rowLength * rows;
        const GLintptr offset = GLintptr(firstElement * elementBytes());
        const GLsizeiptr size = GLsizeiptr(elements * elementBytes());
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

const Buffer& GpuScan::tileSums(size_t level, std::uint64_t elements) {
    if (tileSums_.size() <= level) tileSums_.resize(level + 1);
    Buffer& sums = tileSums_[level];
    const auto bytes = GLsizeiptr(elements * elementBytes());
    if (sums.size() < bytes)
        sums = Buffer("scan tile sums, level " + std::to_string(level), bytes, BufferUse::Computed);
    return sums;
}

}  // namespace cs
