#include "compute/scan.h"

#include <string>

#include "gl/debug.h"
#include "util/error.h"

namespace cs {

void GpuScan::run(const Buffer& input, const Buffer& output, std::uint64_t rowLength,
                  std::uint32_t rows, ScanMode mode, bool transposeOutput) {
    const std::uint64_t elements = rowLength * rows;
    if (elements == 0) return;
    const std::uint64_t bytes = elements * elementBytes(type_);
    if (std::uint64_t(input.size()) < bytes || std::uint64_t(output.size()) < bytes)
        throw Error("scan of " + std::to_string(elements) + " elements needs " +
                    std::to_string(bytes) + "-byte buffers; got " + std::to_string(input.size()) +
                    " and " + std::to_string(output.size()));
    if (transposeOutput && input.id() == output.id())
        throw Error("a transposed scan cannot run in place");
    if (!scanPass_) {
        tileSumsPass_ = tileProgram("compute/tile_sums.comp", type_);
        scanPass_ = tileProgram("compute/scan_tiles.comp", type_);
    }
    DebugGroup group("scan");
    // A single row transposed is the row itself; the plain write path handles chunking.
    scanLevel(input.id(), output.id(), rowLength, rows, mode, transposeOutput && rows > 1, 0);
}

void GpuScan::scanLevel(GLuint input, GLuint output, std::uint64_t rowLength, std::uint32_t rows,
                        ScanMode mode, bool transposeOutput, std::size_t level) {
    const std::uint64_t tilesPerRow = tilesFor(rowLength);
    GLuint sums = 0;
    if (tilesPerRow > 1) {
        sums = tileSums_.at(level, tilesPerRow * rows * elementBytes(type_)).id();
        dispatchTiles(tileSumsPass_, type_, input, 0, sums, rowLength, rows);
        // The next level reads the tile sums the first pass wrote.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        scanLevel(sums, sums, tilesPerRow, rows, ScanMode::Exclusive, false, level + 1);
        // The final pass reads the scanned tile sums.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    scanPass_.use();
    glUniform1i(scanPass_.uniform("exclusive"), mode == ScanMode::Exclusive);
    glUniform1i(scanPass_.uniform("transposeOutput"), transposeOutput);
    glUniform1i(scanPass_.uniform("addTileSums"), sums != 0);
    dispatchTiles(scanPass_, type_, input, output, sums, rowLength, rows);
}

}  // namespace cs
