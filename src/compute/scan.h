#pragma once
// GPU prefix sum (scan) of a buffer, for any length, staying on the GPU throughout.
//
//   cs::GpuScan scan(cs::ElementType::Uint);
//   scan.run(keys, offsets, count, 1, cs::ScanMode::Exclusive);  // one pass, out of place
//   scan.run(values, values, count);                             // inclusive, in place
//   glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // before a shader reads the result
//
// Bindings: like every algorithm in src/compute, it leaves the caller's as it found them (the
// program in use, the indirect dispatch buffer and shader storage points 0-7;
// gl/kept_bindings.h), so a caller binds its own once.
//
// Element i of the output is the sum of elements 0..i of the input (inclusive) or 0..i-1
// (exclusive; element 0 is zero). `rows` > 1 scans that many rows of `rowLength` elements
// each, independently: the summed-area table's row pass. With transposeOutput, element
// (row, i) is written to output[i * rows + row], so a second row scan of the result is the
// column pass (OpenGL SuperBible, 6th ed., Listing 10.7).
//
// Two algorithms (ScanAlgorithm); by default the single pass wherever it applies:
//
// Single pass (one row, out of place), shaders/compute/scan_single_pass.glsl: tiles of 16 KiB
// (singlePassTile), one work group each, taking its tile from an atomic counter; each scans its
// tile and learns what all the tiles before it add up to by decoupled look-back (D. Merrill, M.
// Garland, "Single-pass Parallel Prefix Scan with Decoupled Look-back", NVIDIA Technical Report
// NVR-2016-002, 2016), each tile's state in one slot that only rises; by default one
// predecessor per step, or as a variant a window of them per round trip. It waits on no work group
// that might not be running: a predecessor that stays silent has its tile summed from the input
// instead, the decoupled fallback (T. Smith, R. Levien, J. D. Owens, SPAA 2025), so it needs no
// promise of forward progress between work groups, which OpenGL does not make. One pass over the
// data, read and written once (8 bytes per uint), the least a scan can move. It cannot run in
// place: the fallback reads a predecessor's input, which an in-place scan may be overwriting at
// that very moment, a race in time that no barrier can order. Subgroup operations scan within the
// tile where the GL has them (GL_KHR_shader_subgroup: basic, arithmetic and ballot operations in
// compute shaders); elsewhere shared memory does.
//
// Reduce-then-scan (any rows, in place, transposed): tiles of 2048 elements, three passes:
//  1. tile_sums.comp: each tile's sum -> tileSums
//  2. the tile sums are scanned (exclusive) by this same algorithm, recursively
//  3. scan_tiles.comp: each tile is scanned again, plus the sum of the tiles before it
// Three memory passes over the data (read, read, write: 12 bytes per uint). A row that fits
// in one tile takes only pass 3.
//
// Arithmetic: see ElementType (tiles.h). uint results equal a CPU scan bit for bit, by either
// algorithm. float and vec4 results differ from a sequential CPU loop by rounding (bounded in
// tests/gl/scan_test.cpp); the single pass's sums of whole tiles depend on how far each look-
// back had to go, so its float results may differ in the last bits from one run to the next.
#include <cstdint>
#include <vector>

#include "compute/tiles.h"

namespace cs {

enum class ScanMode { Inclusive, Exclusive };

// The single pass's default tile for an element type: 128 invocations, each loading eight
// 16-byte vectors, so 4096 uint or float elements, or 1024 vec4s (tuned on llvmpipe: the table
// is in samples/prefix_sum/README.md).
TileShape singlePassTile(ElementType type);

enum class ScanAlgorithm {
    Auto,            // SinglePass where it applies, ReduceThenScan elsewhere
    SinglePass,      // one row, out of place only
    ReduceThenScan,  // any rows, in place, transposed
};

// How the single pass runs. The defaults are what every scan should use; tests change them to
// take the paths that a device takes only by chance, and the bench to time each variant.
struct SinglePassOptions {
    // Polls of a silent predecessor, after the first, before its tile is summed from the input.
    std::uint32_t pollsBeforeFallback = 64;
    // At most this many tiles per dispatch, so that short rows too go in chunks, each starting
    // from the previous one's total. 0: as many as one binding and one dispatch take.
    std::uint64_t chunkTiles = 0;
    // Subgroup operations where this GL has them for compute shaders; false: shared memory.
    bool subgroups = true;

    // Variants (samples/prefix_sum/README.md compares them; the defaults are the plainest).
    // Predecessors the work group reads per round of its look-back, one per invocation (at most
    // the tile's invocations); 0: one invocation walks back one predecessor at a time.
    std::uint32_t lookBackWindow = 0;
    // With a window, on the subgroup kernel only: each round's nearest inclusive prefix and
    // sum found by subgroup operations (a subgroupMin, a subgroupAdd, a ballot), not by loops
    // over the window in shared memory (WINDOW_BY_SUBGROUPS in scan_single_pass.glsl).
    bool windowBySubgroups = false;
    // Tile states read with an atomic that changes nothing; false: with plain coherent loads.
    bool atomicReads = true;
    // The tile; {0, 0}: singlePassTile(type).
    TileShape tile{0, 0};

    // For tests, 0 when off; tiles are counted within a dispatch. Tiles t with
    // t % stalledEvery == stalledEvery - 1 publish nothing, as if their work groups had stalled
    // for good, so that the tiles after them must take the fallback.
    std::uint32_t stalledEvery = 0;
    // Tiles t with t % tornEvery == tornEvery - 1 publish their aggregate, then only the first
    // state word of their inclusive prefix, as if stalled for good between two stores: a torn
    // slot, which readers must take for "not yet".
    std::uint32_t tornEvery = 0;
    // Tiles t with t % inclusiveEvery != 0 publish their aggregate and never their inclusive
    // prefix, as if their look-backs never ended: a look-back from tile t then finds its
    // nearest inclusive prefix at the multiple of inclusiveEvery below t, at the latest.
    std::uint32_t inclusiveEvery = 0;
    // For the bench and the tests: a kernel built with look-back counters (LOOKBACK_COUNTERS in
    // scan_single_pass.glsl), read back with GpuScan::lookBackCounts(). Off, the kernel has none.
    bool countLookBack = false;
    // For the bench: each tile scanned alone, as if it were the row's first (TILES_ALONE in
    // scan_single_pass.glsl): no look-back, nothing published. The output is then each tile's
    // own scan, not the row's: the pass's cost apart from its work groups talking.
    bool tilesAlone = false;
};

// One tile's look-back, as the counters saw it: predecessors whose values it added (steps),
// reads of the tile states (polls) and predecessors it summed from the input (fallbacks).
struct LookBackCount {
    std::uint32_t steps = 0, polls = 0, fallbacks = 0;
};

class GpuScan {
public:
    // No GL work until the first run.
    explicit GpuScan(ElementType type, ScanAlgorithm algorithm = ScanAlgorithm::Auto)
        : type_(type), algorithm_(algorithm) {}

    // `input` and `output` may be the same buffer, except with transposeOutput or
    // ScanAlgorithm::SinglePass. Throws cs::Error when a buffer is too small, the data cannot
    // be bound on this device, or the chosen algorithm does not take these arguments.
    void run(const Buffer& input, const Buffer& output, std::uint64_t rowLength,
             std::uint32_t rows = 1, ScanMode mode = ScanMode::Inclusive,
             bool transposeOutput = false);

    // The algorithm run() takes for these arguments: the one asked for, or for Auto the single
    // pass where it applies (one row, out of place) and reduce-then-scan elsewhere.
    ScanAlgorithm algorithmFor(const Buffer& input, const Buffer& output, std::uint32_t rows) const;

    void setSinglePassOptions(const SinglePassOptions& options);
    // Whether the single pass uses subgroup operations on this GL (needs a current context).
    bool singlePassUsesSubgroups() const;
    // Tiles loaded and stored coalesced, through shared memory (COALESCED in scan_common.glsl),
    // by both algorithms; off by default: each invocation reads its own run of elements.
    void setCoalesced(bool coalesced);
    // Per tile of the last single-pass run with SinglePassOptions::countLookBack, in row order:
    // what its look-back did. Reads back from the GPU (it waits): for benches and tests.
    std::vector<LookBackCount> lookBackCounts() const;

    ElementType type() const { return type_; }
    ScanAlgorithm algorithm() const { return algorithm_; }

private:
    void scanLevel(GLuint input, GLuint output, std::uint64_t rowLength, std::uint32_t rows,
                   ScanMode mode, bool transposeOutput, std::size_t level);
    void singlePass(GLuint input, GLuint output, std::uint64_t rowLength, ScanMode mode);

    ElementType type_;
    ScanAlgorithm algorithm_;
    bool coalesced_ = false;
    SinglePassOptions singlePassOptions_;
    Program tileSumsPass_, scanPass_, singlePassProgram_;
    TileSumBuffers tileSums_;
    Buffer tileStates_, carries_;     // the single pass's
    Buffer lookBackCounts_;           // with countLookBack: 3 words per tile
    std::uint64_t countedTiles_ = 0;  // tiles of the last counted run
};

}  // namespace cs
