// What the line_space sample's passes need (passes.h): each family's programs, textures and
// buffers, made for an image and a space, and its parameter block's sizes. Nothing here runs
// on the GPU; passes.cpp runs the passes.
#include <algorithm>
#include <cstddef>
#include <string>
#include <utility>

#include "gl/info.h"
#include "passes.h"
#include "util/error.h"

namespace line_space {
namespace {

// The std430 arrays the shaders see: hough.glsl's table of vec2 (cos, sin), pyramid.glsl's
// uvec2 (score, index), the uvec4 entries that reduce_round.comp and gather.comp write.
static_assert(sizeof(glm::vec2) == 8, "a vec2 in std430 is 8 bytes");
static_assert(sizeof(glm::uvec2) == 8, "a uvec2 in std430 is 8 bytes");
static_assert(sizeof(Entry) == 16, "a uvec4 in std430 is 16 bytes");
// The pyramid's levels in ReadOut: every level of a space whose sides fit in an int.
constexpr int kMostLevels = int(sizeof(ReadOutBlock::levels) / sizeof(glm::ivec4));

// The max pyramid's bytes: level 0, then halves rounded up, up to a single entry.
std::int64_t pyramidBytes(glm::ivec2 entriesSize, std::vector<int>* offsets = nullptr,
                          std::vector<glm::ivec2>* sizes = nullptr) {
    std::int64_t entries = 0;
    for (glm::ivec2 size = entriesSize;; size = (size + 1) / 2) {
        if (offsets) offsets->push_back(int(entries));
        if (sizes) sizes->push_back(size);
        entries += std::int64_t(size.x) * size.y;
        if (size == glm::ivec2(1)) break;
    }
    return entries * std::int64_t(sizeof(glm::uvec2));
}

// Each of `programs` that is built, against `block`.
template <typename Values>
void checkEach(cs::UniformBlock<Values>& block, std::initializer_list<const cs::Program*> programs,
               const cs::Params& params) {
    for (const cs::Program* program : programs)
        if (*program) block.check(*program, params);
}

}  // namespace

// ---- Edges ----

void EdgeDetector::prepare(int width, int height) {
    if (!blur) {
        blur = cs::Program::compute("line_space/edges.comp", {{"BLUR", "1"}});
        gradient = cs::Program::compute("line_space/edges.comp", {{"GRADIENT", "1"}});
        suppress = cs::Program::compute("line_space/edges.comp", {{"SUPPRESS", "1"}});
        hysteresis = cs::Program::compute("line_space/edges.comp", {{"HYSTERESIS", "1"}});
        strongEdges = cs::Program::compute("line_space/edges.comp", {{"STRONG_EDGES", "1"}});
        inputEdges = cs::Program::compute("line_space/edges.comp", {{"INPUT_EDGES", "1"}});
        changedGroups = cs::Buffer("canny changed groups", 4, cs::BufferUse::ReadBack);
    }
    block.values.size = {width, height};
    block.upload();  // cannyPasses() uploads it again with the thresholds as they are then
    if (blurred.width() == width && blurred.height() == height) return;
    blurred = cs::Texture2D("canny blurred grey", width, height, GL_R8UI);
    gradients = cs::Texture2D("canny gradients", width, height, GL_R32UI);
    classes[0] = cs::Texture2D("canny classes 0", width, height, GL_R8UI);
    classes[1] = cs::Texture2D("canny classes 1", width, height, GL_R8UI);
}

// ---- The line space ----

void LineSpaceCount::prepare(int width, int height) {
    if (!packBits) {
        packBits = cs::Program::compute("line_space/pack_bits.comp");
        count = cs::Program::compute("line_space/count.comp");
        // 32 rows of up to 64 words: 8 KiB of shared memory, and slabs as wide as 2048 pixels.
        countTiled = cs::Program::compute("line_space/count_tiled.comp",
                                          {{"SLAB_ROWS", "32"}, {"SLAB_WORDS", "64"}});
    }
    block.values.imageExtent = {width, height};
    block.values.size = layoutSize(width, height);
    block.values.wordsPerRow = (width + 31) / 32;
    block.upload();  // countPass() uploads it again with gap and segments as they are then
    edgeBits = cs::Buffer("edge bits", GLsizeiptr(height) * block.values.wordsPerRow * 4,
                          cs::BufferUse::Computed);
}

// ---- Hough ----

// A list of the edge pixels: room for every pixel, one uint (x | y << 16) each.
void HoughTransform::requireFits(int width, int height) {
    cs::requireLimit(
        GL_MAX_SHADER_STORAGE_BLOCK_SIZE, std::int64_t(width) * height * 4,
        "the edge list of a " + std::to_string(width) + "x" + std::to_string(height) + " image");
}

void HoughTransform::prepare(int imageWidth, int imageHeight) {
    if (!compact) {
        compact = cs::Program::compute("line_space/hough_compact.comp");
        commandPass = cs::Program::compute("line_space/hough_args.comp");
        toEntries = cs::Program::compute("line_space/hough_entries.comp");
        edgeCount = cs::Buffer("edge count", 4, cs::BufferUse::Computed);
        command = cs::Buffer("vote dispatch command", 3 * 4, cs::BufferUse::Computed);
    }
    if (imageWidth != width || imageHeight != height) {
        requireFits(imageWidth, imageHeight);
        edgeList = cs::Buffer("edge list", GLsizeiptr(imageWidth) * imageHeight * 4,
                              cs::BufferUse::Computed);
        width = imageWidth;
        height = imageHeight;
    }
    const int thetaSteps = block.values.theta_steps;
    size = houghSize(width, height, thetaSteps);
    block.values.imageExtent = {width, height};
    block.values.dOffset = size.dOffset;
    block.values.dBins = size.dBins;
    block.upload();  // houghPasses() uploads it again with the vote's dispatch figures
    const auto table = houghAngles(thetaSteps);
    angles = cs::Buffer("hough angles", GLsizeiptr(table.size() * sizeof(glm::vec2)),
                        cs::BufferUse::Input, table.data());
    votes =
        cs::Buffer("hough votes", GLsizeiptr(size.dBins) * thetaSteps * 4, cs::BufferUse::Computed);
    // As many angles as fit one histogram of dBins uints each in shared memory, up to 16.
    thetaBlock = std::min(16, cs::glInteger(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE) / (4 * size.dBins));
    vote = cs::Program::compute("line_space/hough_vote.comp",
                                {{"THETA_BLOCK", std::to_string(kPlainThetaBlock)}});
    if (sharedFits())
        voteShared = cs::Program::compute(
            "line_space/hough_vote_shared.comp",
            {{"THETA_BLOCK", std::to_string(thetaBlock)}, {"D_BINS", std::to_string(size.dBins)}});
}

// ---- Reading the lines out ----

glm::ivec2 requireSpace(int width, int height, bool hough, int thetaSteps) {
    const std::string image =
        "a " + std::to_string(width) + "x" + std::to_string(height) + " image";
    if (width < 2 || height < 2)
        throw cs::Error(image + " holds no line: both sides need at least 2 pixels");
    glm::ivec2 size;
    if (hough) {
        HoughTransform::requireFits(width, height);
        size = {houghSize(width, height, thetaSteps).dBins, thetaSteps};
    } else {
        // The entries keep border points as 16-bit numbers (geometry.h).
        if (borderCount(width, height) > 0xFFFF)
            throw cs::Error("the line space numbers at most 65535 border points; " + image +
                            " has " + std::to_string(borderCount(width, height)));
        size = layoutSize(width, height);
    }
    const std::string space =
        std::string(hough ? "the accumulator" : "the line space") + " of " + image;
    cs::requireLimit(GL_MAX_TEXTURE_SIZE, std::max(size.x, size.y), space);
    Interpreter::requireFits(size);
    return size;
}

void Interpreter::requireFits(glm::ivec2 entriesSize) {
    cs::requireLimit(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, pyramidBytes(entriesSize),
                     "the max pyramid of " + std::to_string(entriesSize.x) + "x" +
                         std::to_string(entriesSize.y) + " entries");
}

void Interpreter::resize(glm::ivec2 entriesSize) {
    if (!pyramidLevel) {
        pyramidLevel = cs::Program::compute("line_space/pyramid.comp");
        reduceRound = cs::Program::compute("line_space/reduce_round.comp");
        keysOfLevel = cs::Program::compute("line_space/sort_keys.comp");
        thresholdScatter = cs::Program::compute("line_space/threshold_scatter.comp");
        gather = cs::Program::compute("line_space/gather.comp");
        spaceView = cs::Program::compute("line_space/space_view.comp");
    }
    if (entriesSize == size) return;
    requireFits(entriesSize);  // before anything changes
    std::vector<int> levelOffsets;
    std::vector<glm::ivec2> levelSizes;
    const std::int64_t bytes = pyramidBytes(entriesSize, &levelOffsets, &levelSizes);
    size = entriesSize;
    offsets = std::move(levelOffsets);
    sizes = std::move(levelSizes);
    pyramid = cs::Buffer("max pyramid", GLsizeiptr(bytes), cs::BufferUse::Computed);
    const std::uint64_t count = std::uint64_t(entriesSize.x) * entriesSize.y;
    // One uint per entry at the most: threshold's flags, the sorted keys and values.
    places = cs::Buffer("threshold places", GLsizeiptr(count * 4), cs::BufferUse::Computed);
    sortKeys = cs::Buffer("sort keys", GLsizeiptr(count * 4), cs::BufferUse::Computed);
    sortValues = cs::Buffer("sort values", GLsizeiptr(count * 4), cs::BufferUse::Computed);
    if (levels() > kMostLevels) throw cs::Error("more pyramid levels than ReadOut holds");
    block.values.spaceSize = size;
    block.values.levelCount = levels();
    for (int l = 0; l < levels(); ++l)
        block.values.levels[l] = {offsets[l], sizes[l].x, sizes[l].y, 0};
    block.upload();  // pyramidPasses() uploads it again with the parameters as they are then
}

void Interpreter::setNeighbourhood(const Neighbourhood& around) {
    block.values.neighbourhood = int(around.kind);
    block.values.borderImage = around.image;
}

void Interpreter::setMethod(bool hough, glm::ivec2 image) {
    block.values.layoutGaps = hough ? 0u : 1u;
    using Kind = Neighbourhood::Kind;
    setNeighbourhood({hough ? Kind::HoughAngles : Kind::BorderPoints, image});
}

void Interpreter::reserveChosen(std::uint32_t most) {
    if (std::uint64_t(maxima.size()) < std::uint64_t(most) * 4)
        maxima = cs::Buffer("reduce maxima", GLsizeiptr(most) * 4, cs::BufferUse::Computed);
    if (std::uint64_t(gathered.size()) < std::uint64_t(most) * sizeof(Entry))
        gathered =
            cs::Buffer("chosen entries", GLsizeiptr(most * sizeof(Entry)), cs::BufferUse::ReadBack);
}

void checkBlocks(const cs::Params& params, EdgeDetector& edges, LineSpaceCount& lineSpace,
                 HoughTransform& hough, Interpreter& interpreter) {
    checkEach(edges.block,
              {&edges.blur, &edges.gradient, &edges.suppress, &edges.hysteresis, &edges.strongEdges,
               &edges.inputEdges},
              params);
    checkEach(lineSpace.block, {&lineSpace.packBits, &lineSpace.count, &lineSpace.countTiled},
              params);
    checkEach(
        hough.block,
        {&hough.compact, &hough.commandPass, &hough.vote, &hough.voteShared, &hough.toEntries},
        params);
    checkEach(interpreter.block,
              {&interpreter.pyramidLevel, &interpreter.spaceView, &interpreter.reduceRound,
               &interpreter.keysOfLevel, &interpreter.thresholdScatter},
              params);
}

}  // namespace line_space
