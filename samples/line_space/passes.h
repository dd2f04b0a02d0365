#pragma once
// The line_space sample's passes on the GPU and what they need. passes.cpp writes every pass
// out as bind, dispatch and the barrier its readers need, in the order main.cpp's detect()
// runs them:
//   edges       cannyPasses() (edges.comp, five steps) or inputEdgesPass()
//   transform   packBitsPass() and countPass() (the line space), or houghPasses()
//   read-out    pyramidPasses(), spaceViewPass(), one of reducePasses(), thresholdPasses(),
//               sortPasses(), then readChosen(), which brings the chosen entries back
// Each pass family has its parameters in one std140 uniform block (gl/uniform_block.h), held
// by the struct below that makes the family's programs and buffers (resources.cpp). The
// parameters of the overlay and --set live in the block's values themselves (main.cpp
// declares them there); the rest the family writes from the image and the space it is made
// for. A block goes up whole, before the passes of a detection read it.
#include <cstdint>
#include <glm/glm.hpp>
#include <vector>

#include "app/params.h"
#include "compute/scan.h"
#include "compute/sort.h"
#include "geometry.h"
#include "gl/objects.h"
#include "gl/program.h"
#include "gl/uniform_block.h"

namespace line_space {

// Each block's C++ mirror is aligned to 16 bytes, so that its size is the block's as std140
// rounds it up: the buffer made at the first upload holds the whole block.

// ---- Edges: Canny's detector (Canny 1986), or the input's own edges ----

// edges.comp's block Edges, at uniform binding 0.
struct alignas(16) EdgesBlock {
    glm::ivec2 size;  // the image's
    int canny_low;    // the thresholds on the gradient's length
    int canny_high;
};

// Canny in whole numbers, so that the CPU reference (reference.h) gives the same edges bit for
// bit: 1. grey, 5x5 binomial blur; 2. Sobel gradient, squared length and one of four
// directions; 3. non-maximum suppression and the double threshold: strong, weak;
// 4. hysteresis, weak pixels next to strong ones become strong, dispatched again until no
// work group changes anything; 5. the strong pixels, white on black. All in edges.comp.
struct EdgeDetector {
    // Compiles the programs (once) and makes the work textures for a width x height image
    // (again when the size changes); the block's size is the image's.
    void prepare(int width, int height);

    cs::UniformBlock<EdgesBlock> block{"Edges", {CS_BLOCK_MEMBER(EdgesBlock, size)}};
    cs::Program blur, gradient, suppress, hysteresis, strongEdges;
    cs::Program inputEdges;  // --set edges=input: no Canny
    cs::Texture2D blurred, gradients;
    cs::Texture2D classes[2];      // hysteresis reads one class image, writes the other
    cs::Buffer changedGroups;      // hysteresis' atomic counter
    int hysteresisDispatches = 0;  // how many the last cannyPasses() made
};

// Canny's edges of `source` (RGBA8) into `edges` (RGBA8, the same size; canny.prepare() for
// that size first), with the block's thresholds. Waits for the GPU once per hysteresis
// dispatch (its counter).
void cannyPasses(EdgeDetector& canny, const cs::Texture2D& source, const cs::Texture2D& edges);
// The input's own edges (--set edges=input): every pixel whose R, G or B is not zero.
void inputEdgesPass(const EdgeDetector& canny, const cs::Texture2D& source,
                    const cs::Texture2D& edges);

// ---- The line space (thesis §5.1) ----

// line_space.glsl's block LineSpace, at uniform binding 1.
struct alignas(16) LineSpaceBlock {
    glm::ivec2 imageExtent;  // the edge image's
    glm::ivec2 size;         // the layout's (geometry.h)
    int wordsPerRow;         // of the edge bits
    int gap;                 // non-edge pixels a run may bridge
    std::uint32_t segments;  // 1: the longest run's score, not the whole line's
};

// The line space's count: pack_bits.comp packs the edges as bits, 32 pixels to a word; then
// count.comp has one invocation per entry of the layout walk the line between its two border
// points and count the edge pixels on it, or count_tiled.comp does the same with the edge
// bits a work group needs copied into shared memory first.
struct LineSpaceCount {
    // Compiles the programs (once) and makes the edge bits for a width x height image; the
    // block's sizes are that image's and its layout's.
    void prepare(int width, int height);

    cs::UniformBlock<LineSpaceBlock> block{
        "LineSpace",
        {CS_BLOCK_MEMBER(LineSpaceBlock, imageExtent), CS_BLOCK_MEMBER(LineSpaceBlock, size),
         CS_BLOCK_MEMBER(LineSpaceBlock, wordsPerRow), CS_BLOCK_MEMBER(LineSpaceBlock, segments)}};
    cs::Program packBits, count, countTiled;
    cs::Buffer edgeBits;  // (width + 31) / 32 words a row, bottom row first
};

// The edges as bits into lineSpace.edgeBits.
void packBitsPass(const LineSpaceCount& lineSpace, const cs::Texture2D& edges);
// The line space of the edges packed in lineSpace.edgeBits, by count.comp or (`tiled`)
// count_tiled.comp, into `entries` (RGBA32UI, layoutSize()); `segments` scores runs.
void countPass(LineSpaceCount& lineSpace, bool tiled, bool segments, const cs::Texture2D& entries);

// ---- The alternative: the Hough transform (thesis §5.2; Duda & Hart 1972) ----

// hough.glsl's block Hough, at uniform binding 2.
struct alignas(16) HoughBlock {
    glm::ivec2 imageExtent;
    int dOffset;  // HoughSize's (geometry.h)
    int dBins;
    int theta_steps;              // angles in [0, pi)
    std::uint32_t edgesPerGroup;  // hough_args.comp: edges one work group of the vote takes
    std::uint32_t maxGroups;      // GL_MAX_COMPUTE_WORK_GROUP_COUNT[0]
    std::uint32_t thetaGroups;    // the vote's work groups along y
};

// Angles per work group of the plain vote: work groups along y, for GPUs that want many.
constexpr int kPlainThetaBlock = 16;
// Edges per invocation of the shared-memory vote, which zeroes and flushes a histogram per
// work group: enough edges to pay for that.
constexpr int kSharedVoteEdges = 16;

// Every edge pixel votes, at every angle α, for the bin of d = x cos α + y sin α (geometry.h,
// hough.glsl), in four passes: hough_compact.comp lists the edge pixels, each taking its place
// with an atomic counter; hough_args.comp writes the vote's dispatch size from that count into
// the buffer glDispatchComputeIndirect reads (the count never comes to the CPU);
// hough_vote.comp, or hough_vote_shared.comp with a histogram per block of angles in shared
// memory, adds the votes atomically; hough_entries.comp writes the accumulator as entries like
// the line space's (the votes, and the bin's position).
struct HoughTransform {
    // Throws cs::Error where this GL cannot bind the edge list of a width x height image.
    static void requireFits(int width, int height);
    // For a width x height image and the block's theta_steps: the accumulator's size, the
    // angles' table and the vote kernels, compiled for its number of d bins.
    void prepare(int width, int height);
    // Whether the histogram of at least one angle fits in this GL's shared memory.
    bool sharedFits() const { return thetaBlock > 0; }

    cs::UniformBlock<HoughBlock> block{
        "Hough",
        {CS_BLOCK_MEMBER(HoughBlock, imageExtent), CS_BLOCK_MEMBER(HoughBlock, dOffset),
         CS_BLOCK_MEMBER(HoughBlock, dBins), CS_BLOCK_MEMBER(HoughBlock, edgesPerGroup),
         CS_BLOCK_MEMBER(HoughBlock, maxGroups), CS_BLOCK_MEMBER(HoughBlock, thetaGroups)}};
    int width = 0, height = 0;
    HoughSize size;
    int thetaBlock = 0;    // angles per work group of the shared-memory vote; 0: none fits
    cs::Buffer angles;     // hough.glsl's table: vec2 (cos, sin) per angle
    cs::Buffer edgeList;   // the edge pixels, one uint (x | y << 16) each
    cs::Buffer edgeCount;  // the atomic counter that places them
    cs::Buffer command;    // the vote's glDispatchComputeIndirect command
    cs::Buffer votes;      // the accumulator, dBins x theta_steps uints
    cs::Program compact, commandPass, vote, voteShared, toEntries;
};

// The Hough transform of `edges` into `entries` (RGBA32UI, dBins x theta_steps), with
// shared-memory histograms where asked for and they fit.
void houghPasses(HoughTransform& hough, const cs::Texture2D& edges, const cs::Texture2D& entries,
                 bool sharedMemory);
// The edges the last houghPasses() counted: a read-back, which waits for the GPU (--bench).
GLuint houghEdgeCount(const HoughTransform& hough);

// ---- Reading the lines out (thesis §5.3) ----

// pyramid.glsl's block ReadOut, at uniform binding 3.
struct alignas(16) ReadOutBlock {
    glm::ivec2 spaceSize;    // the entries': the pyramid's level 0
    glm::ivec2 borderImage;  // reduce by border points: the image's
    int levelCount;
    int suppress;                       // reduce: the neighbourhood zeroed round each maximum
    int neighbourhood;                  // reduce: Neighbourhood::Kind
    int threshold;                      // threshold: the least score kept
    int prereduce;                      // sort: 2x2 reductions first
    std::uint32_t layoutGaps;           // space view: 1 for the line space's layout
    alignas(16) glm::ivec4 levels[32];  // each level's start in the pyramid, and its size
};

// The size of the space the transform fills for a width x height image: the line space's
// layout (geometry.h), or the Hough accumulator of dBins x thetaSteps. Throws cs::Error,
// naming the limit, where this GL cannot hold the space or what the transform and the
// interpreter make for it, or where the image is too small to hold a line. Allocates nothing,
// so that a run can ask it first of every size it will meet (--bench-sizes).
glm::ivec2 requireSpace(int width, int height, bool hough, int thetaSteps);

// Reading lines out of the entries of either transform (RGBA32UI, the score in x):
//   reduce:    the m best entries one by one, each one's s x s neighbourhood (geometry.h)
//              then zeroed so that the next is another line: the max pyramid's top, then
//              reduce_round.comp, which records each maximum's entry;
//   threshold: every entry scoring at least t, best first: a flag per entry, cs::GpuScan of
//              the flags, a scatter into a list (threshold_scatter.comp), cs::GpuSort;
//   sort:      the pyramid's level p (the best entry of every 2^p square), all of it sorted
//              by score with cs::GpuSort, the first m.
// All three start from the max pyramid of the scores (pyramid.glsl), and leave the chosen
// entries' indices, best first, with the entries themselves (gather.comp for the two that
// sort). Ties go to the lower index in all three, so the CPU reference makes the same choice.
struct Interpreter {
    // Throws cs::Error where the max pyramid of entries of this size is more than one storage
    // block may hold on this GL.
    static void requireFits(glm::ivec2 entriesSize);
    // For entries of this size (at least 2 entries); requireFits first. Writes the block's
    // sizes and levels.
    void resize(glm::ivec2 entriesSize);
    // The neighbourhood reduce zeroes, into the block.
    void setNeighbourhood(const Neighbourhood& around);
    // The settings that follow from the method, into the block: the view greys the line
    // space's empty entries; reduce's neighbourhood goes round the accumulator's angles, or
    // round the border of the image (geometry.h).
    void setMethod(bool hough, glm::ivec2 image);
    int levels() const { return int(sizes.size()); }
    // Room for `most` chosen entries: reduce's maxima and the gathered entries.
    void reserveChosen(std::uint32_t most);

    // The entries an interpretation chose, as readChosen() returns them, best first: each
    // with its index in the entries (~0u and an empty entry where reduce ran out).
    struct Chosen {
        std::uint32_t index = 0;
        Entry entry{0u};
    };

    cs::UniformBlock<ReadOutBlock> block{
        "ReadOut",
        {CS_BLOCK_MEMBER(ReadOutBlock, spaceSize), CS_BLOCK_MEMBER(ReadOutBlock, borderImage),
         CS_BLOCK_MEMBER(ReadOutBlock, levelCount), CS_BLOCK_MEMBER(ReadOutBlock, neighbourhood),
         CS_BLOCK_MEMBER(ReadOutBlock, layoutGaps), CS_BLOCK_MEMBER(ReadOutBlock, levels)}};
    glm::ivec2 size{0};
    std::vector<int> offsets;       // where each level starts in the pyramid
    std::vector<glm::ivec2> sizes;  // each level's size
    cs::Program pyramidLevel, spaceView, reduceRound, keysOfLevel, thresholdScatter, gather;
    cs::Buffer pyramid;               // uvec2 (score, index) per entry of every level
    cs::Buffer places;                // threshold's flags, then their scan
    cs::Buffer sortKeys, sortValues;  // what cs::GpuSort sorts: 65535 - score, and the index
    cs::Buffer maxima;                // reduce's chosen indices, `most` uints
    cs::Buffer gathered;              // the chosen entries, for the read-back
    cs::GpuScan scan{cs::ElementType::Uint};
    cs::GpuSort gpuSort;
    // What the last interpretation left: its list of indices (maxima or sortValues) and how
    // many of them; how many entries it kept (threshold) or sorted (sort).
    const cs::Buffer* chosenIndices = nullptr;
    std::uint32_t chosenCount = 0, candidates = 0;
};

// The max pyramid of the entries' scores, which every interpretation starts from. Uploads the
// block: the passes after it read it as it is now.
void pyramidPasses(Interpreter& interpreter, const cs::Texture2D& entries);
// The entries as a heat map into `view` (RGBA8), scaled by the pyramid's top.
void spaceViewPass(const Interpreter& interpreter, const cs::Texture2D& entries,
                   const cs::Texture2D& view);
// The three interpretations, each choosing at most `most` entries, best first.
// thresholdPasses reads back how many entries it kept (the sort's count): a wait for the GPU.
void reducePasses(Interpreter& interpreter, const cs::Texture2D& entries, int most);
void thresholdPasses(Interpreter& interpreter, const cs::Texture2D& entries, int most);
void sortPasses(Interpreter& interpreter, const cs::Texture2D& entries, int most);
// Each family's block against its programs as linked (gl/uniform_block.h), the parameters
// found in `params`: once they are built, and again after a reload.
void checkBlocks(const cs::Params& params, EdgeDetector& edges, LineSpaceCount& lineSpace,
                 HoughTransform& hough, Interpreter& interpreter);

// The entries the last interpretation chose, read back (waits for the GPU).
std::vector<Interpreter::Chosen> readChosen(const Interpreter& interpreter);

}  // namespace line_space
