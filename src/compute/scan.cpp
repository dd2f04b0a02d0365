#include "compute/scan.h"

#include <algorithm>
#include <string>

#include "gl/debug.h"
#include "gl/info.h"
#include "gl/kept_bindings.h"
#include "util/error.h"

namespace cs {
namespace {

// Bytes of tile state per tile (scan_single_pass.glsl): one slot of two 32-bit state words per
// 32-bit word of an element.
std::uint64_t stateBytesPerTile(ElementType type) {
    return 2 * std::uint64_t(elementBytes(type));
}

}  // namespace

void GpuScan::run(const Buffer& input, const Buffer& output, std::uint64_t rowLength,
                  std::uint32_t rows, ScanMode mode, bool transposeOutput) {
    const KeptBindings kept;  // the caller's bindings, back as they were on return
    const std::uint64_t elements = rowLength * rows;
    if (elements == 0) return;
    const std::uint64_t bytes = elements * elementBytes(type_);
    if (std::uint64_t(input.size()) < bytes || std::uint64_t(output.size()) < bytes)
        throw Error("scan of " + std::to_string(elements) + " elements needs " +
                    std::to_string(bytes) + "-byte buffers; got " + std::to_string(input.size()) +
                    " and " + std::to_string(output.size()));
    if (transposeOutput && input.id() == output.id())
        throw Error("a transposed scan cannot run in place");
    DebugGroup group("scan");
    if (algorithmFor(input, output, rows) == ScanAlgorithm::SinglePass) {
        if (rows > 1 || input.id() == output.id())
            throw Error("the single-pass scan takes one row, out of place; this one is " +
                        (rows > 1 ? std::to_string(rows) + " rows" : std::string("in place")) +
                        " (use ScanAlgorithm::Auto or ReduceThenScan)");
        singlePass(input.id(), output.id(), rowLength, mode);
        return;
    }
    if (!scanPass_) {
        const ShaderDefines coalesced = {{"COALESCED", coalesced_ ? "1" : "0"}};
        tileSumsPass_ = tileProgram("compute/tile_sums.comp", type_, kTileShape, coalesced);
        scanPass_ = tileProgram("compute/scan_tiles.comp", type_, kTileShape, coalesced);
    }
    // A single row transposed is the row itself; the plain write path handles chunking.
    scanLevel(input.id(), output.id(), rowLength, rows, mode, transposeOutput && rows > 1, 0);
}

ScanAlgorithm GpuScan::algorithmFor(const Buffer& input, const Buffer& output,
                                    std::uint32_t rows) const {
    if (algorithm_ != ScanAlgorithm::Auto) return algorithm_;
    return rows == 1 && input.id() != output.id() ? ScanAlgorithm::SinglePass
                                                  : ScanAlgorithm::ReduceThenScan;
}

void GpuScan::setSinglePassOptions(const SinglePassOptions& options) {
    const SinglePassOptions& old = singlePassOptions_;
    // The options compiled into the kernel: a change builds it again at the next run.
    if (options.subgroups != old.subgroups || options.countLookBack != old.countLookBack ||
        options.tilesAlone != old.tilesAlone ||
        options.windowBySubgroups != old.windowBySubgroups ||
        options.lookBackWindow != old.lookBackWindow || options.atomicReads != old.atomicReads ||
        options.tile.groupSize != old.tile.groupSize || options.tile.quads != old.tile.quads)
        singlePassProgram_ = Program();
    singlePassOptions_ = options;
}

void GpuScan::setCoalesced(bool coalesced) {
    if (coalesced == coalesced_) return;
    coalesced_ = coalesced;
    tileSumsPass_ = Program();
    scanPass_ = Program();
    singlePassProgram_ = Program();
}

bool GpuScan::singlePassUsesSubgroups() const {
    return singlePassOptions_.subgroups && computeSubgroupsMissing().empty();
}

std::vector<LookBackCount> GpuScan::lookBackCounts() const {
    static_assert(sizeof(LookBackCount) == 12, "three words per tile, as the shader writes them");
    std::vector<LookBackCount> counts(countedTiles_);
    if (counts.empty()) return counts;
    // The read-back is a buffer read of the scan's shader writes.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    lookBackCounts_.download(counts.data(), GLsizeiptr(counts.size() * sizeof(LookBackCount)));
    return counts;
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

TileShape singlePassTile(ElementType type) {
    return {128, type == ElementType::Vec4 ? 2u : 8u};
}

void GpuScan::singlePass(GLuint input, GLuint output, std::uint64_t rowLength, ScanMode mode) {
    const SinglePassOptions& options = singlePassOptions_;
    const TileShape tile = options.tile.groupSize > 0 ? options.tile : singlePassTile(type_);
    if (options.lookBackWindow > tile.groupSize)
        throw Error("scan: a look-back window of " + std::to_string(options.lookBackWindow) +
                    " predecessors needs as many invocations; the tile has " +
                    std::to_string(tile.groupSize));
    if (options.windowBySubgroups && (options.lookBackWindow == 0 || !singlePassUsesSubgroups()))
        throw Error(
            "scan: a window by subgroups needs a look-back window and the subgroup kernel (" +
            (options.lookBackWindow == 0 ? std::string("no window was asked for")
             : !options.subgroups        ? std::string("subgroups were turned off")
                                         : computeSubgroupsMissing()) +
            ")");
    if (!singlePassProgram_)
        singlePassProgram_ =
            tileProgram(singlePassUsesSubgroups() ? "compute/scan_single_pass_subgroups.comp"
                                                  : "compute/scan_single_pass.comp",
                        type_, tile,
                        {{"LOOKBACK_WINDOW", std::to_string(options.lookBackWindow)},
                         {"STATE_READS_ATOMIC", options.atomicReads ? "1" : "0"},
                         {"COALESCED", coalesced_ ? "1" : "0"},
                         {"LOOKBACK_COUNTERS", options.countLookBack ? "1" : "0"},
                         {"TILES_ALONE", options.tilesAlone ? "1" : "0"},
                         {"WINDOW_BY_SUBGROUPS", options.windowBySubgroups ? "1" : "0"}});
    const Program& program = singlePassProgram_;

    // A dispatch's tile states are bound whole, so they too must fit one storage block.
    const std::uint64_t stateBytes = stateBytesPerTile(type_);
    const auto maxBlockBytes = std::uint64_t(glInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE));
    std::uint64_t maxChunkTiles = (maxBlockBytes - 4) / stateBytes;
    if (singlePassOptions_.chunkTiles > 0)
        maxChunkTiles = std::min(maxChunkTiles, singlePassOptions_.chunkTiles);
    const std::vector<TileChunk> chunks =
        tileChunks(type_, rowLength, 1, tile.elements(), maxChunkTiles);
    std::uint64_t mostTiles = 0;
    for (const TileChunk& chunk : chunks) mostTiles = std::max(mostTiles, chunk.tiles);
    const auto statesSize = GLsizeiptr(4 + mostTiles * stateBytes);
    if (tileStates_.size() < statesSize)
        tileStates_ = Buffer("scan tile states", statesSize, BufferUse::Computed);
    const auto carriesSize = GLsizeiptr(chunks.size() * elementBytes(type_));
    if (carries_.size() < carriesSize)
        carries_ = Buffer("scan chunk carries", carriesSize, BufferUse::Computed);

    program.use();
    glUniform1ui(program.uniform("rowLength"), GLuint(rowLength));
    glUniform1i(program.uniform("exclusive"), mode == ScanMode::Exclusive);
    glUniform1ui(program.uniform("pollsBeforeFallback"), singlePassOptions_.pollsBeforeFallback);
    glUniform1ui(program.uniform("stalledEvery"), singlePassOptions_.stalledEvery);
    glUniform1ui(program.uniform("tornEvery"), singlePassOptions_.tornEvery);
    glUniform1ui(program.uniform("inclusiveEvery"), singlePassOptions_.inclusiveEvery);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, tileStates_.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, carries_.id());
    if (singlePassOptions_.countLookBack) {
        countedTiles_ = tilesFor(rowLength, tile.elements());
        const auto countsSize = GLsizeiptr(countedTiles_ * sizeof(LookBackCount));
        if (lookBackCounts_.size() < countsSize)
            lookBackCounts_ = Buffer("scan look-back counts", countsSize, BufferUse::Computed);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 6, lookBackCounts_.id());
    }
    glBindBuffer(GL_COPY_WRITE_BUFFER, tileStates_.id());
    for (std::size_t c = 0; c < chunks.size(); ++c) {
        // The clear below rewrites the tile states that the shaders of the previous chunk (or
        // the previous scan) wrote (BUFFER_UPDATE), and this chunk's tiles read the carry the
        // previous chunk's last tile wrote (SHADER_STORAGE).
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
        // Every state word and the tile counter start at 0. The clear is a GL command, so the
        // dispatch after it sees its zeros without a barrier.
        glClearBufferSubData(GL_COPY_WRITE_BUFFER, GL_R32UI, 0,
                             GLsizeiptr(4 + chunks[c].tiles * stateBytes), GL_RED_INTEGER,
                             GL_UNSIGNED_INT, nullptr);
        glUniform1ui(program.uniform("chunk"), GLuint(c));
        bindChunk(program, type_, chunks[c], input, output);
        glDispatchCompute(GLuint(chunks[c].tiles), 1, 1);
    }
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
}

}  // namespace cs
