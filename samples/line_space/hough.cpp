#include "hough.h"

#include <algorithm>
#include <string>

#include "gl/info.h"

namespace line_space {

// hough.glsl's table of angles: vec2 (cos, sin), 8 bytes apart in std430.
static_assert(sizeof(glm::vec2) == 8, "a vec2 in std430 is 8 bytes");

// A list of the edge pixels: room for every pixel, one uint (x | y << 16) each.
void HoughTransform::requireFits(int width, int height) {
    cs::requireLimit(
        GL_MAX_SHADER_STORAGE_BLOCK_SIZE, std::int64_t(width) * height * 4,
        "the edge list of a " + std::to_string(width) + "x" + std::to_string(height) + " image");
}

void HoughTransform::prepare(int imageWidth, int imageHeight, int thetaSteps) {
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
        width = imageWidth, height = imageHeight;
    }
    size = houghSize(width, height, thetaSteps);
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

}  // namespace line_space
