#include "interpret.h"

#include <algorithm>
#include <string>
#include <utility>

#include "gl/info.h"
#include "hough.h"
#include "util/error.h"

namespace line_space {
namespace {

// The std430 arrays the shaders see: pyramid.glsl's uvec2 (score, index), gather.comp's
// uvec4 entries.
static_assert(sizeof(glm::uvec2) == 8, "a uvec2 in std430 is 8 bytes");
static_assert(sizeof(Entry) == 16, "a uvec4 in std430 is 16 bytes");

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

}  // namespace

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
    if (!pyramidBase) {
        pyramidBase = cs::Program::compute("line_space/pyramid_base.comp");
        pyramidLevel = cs::Program::compute("line_space/pyramid_level.comp");
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
}

void Interpreter::reserveChosen(std::uint32_t most) {
    if (std::uint64_t(maxima.size()) < std::uint64_t(most) * 4)
        maxima = cs::Buffer("reduce maxima", GLsizeiptr(most) * 4, cs::BufferUse::Computed);
    if (std::uint64_t(gathered.size()) < std::uint64_t(most) * sizeof(Entry))
        gathered =
            cs::Buffer("chosen entries", GLsizeiptr(most * sizeof(Entry)), cs::BufferUse::ReadBack);
}

}  // namespace line_space
