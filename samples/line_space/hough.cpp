#include "hough.h"

#include <algorithm>
#include <string>

#include "gl/dispatch.h"
#include "gl/info.h"

namespace line_space {
namespace {

// hough.glsl's table of angles: vec2 (cos, sin), 8 bytes apart in std430.
static_assert(sizeof(glm::vec2) == 8, "a vec2 in std430 is 8 bytes");

// Angles per work group of the plain vote: work groups along y, for GPUs that want many.
constexpr int kPlainThetaBlock = 16;
// Edges per invocation of the shared-memory vote, which zeroes and flushes a histogram per
// work group: enough edges to pay for that.
constexpr int kSharedVoteEdges = 16;

}  // namespace

// A list of the edge pixels: room for every pixel, one uint (x | y << 16) each.
void HoughTransform::requireFits(int width, int height) {
    cs::requireLimit(
        GL_MAX_SHADER_STORAGE_BLOCK_SIZE, std::int64_t(width) * height * 4,
        "the edge list of a " + std::to_string(width) + "x" + std::to_string(height) + " image");
}

void HoughTransform::prepare(int width, int height, int thetaSteps) {
    if (!compact_) {
        compact_ = cs::Program::compute("line_space/hough_compact.comp");
        commandPass_ = cs::Program::compute("line_space/hough_args.comp");
        entries_ = cs::Program::compute("line_space/hough_entries.comp");
        edgeCount_ = cs::Buffer("edge count", 4, cs::BufferUse::Computed);
        command_ = cs::Buffer("vote dispatch command", 3 * 4, cs::BufferUse::Computed);
    }
    if (width != width_ || height != height_) {
        requireFits(width, height);
        edgeList_ =
            cs::Buffer("edge list", GLsizeiptr(width) * height * 4, cs::BufferUse::Computed);
        width_ = width, height_ = height;
    }
    size_ = houghSize(width, height, thetaSteps);
    const auto table = houghAngles(thetaSteps);
    angles_ = cs::Buffer("hough angles", GLsizeiptr(table.size() * sizeof(glm::vec2)),
                         cs::BufferUse::Input, table.data());
    votes_ = cs::Buffer("hough votes", GLsizeiptr(size_.dBins) * thetaSteps * 4,
                        cs::BufferUse::Computed);
    // As many angles as fit one histogram of dBins uints each in shared memory, up to 16.
    thetaBlock_ =
        std::min(16, cs::glInteger(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE) / (4 * size_.dBins));
    vote_ = cs::Program::compute("line_space/hough_vote.comp",
                                 {{"THETA_BLOCK", std::to_string(kPlainThetaBlock)}});
    if (sharedFits())
        voteShared_ = cs::Program::compute("line_space/hough_vote_shared.comp",
                                           {{"THETA_BLOCK", std::to_string(thetaBlock_)},
                                            {"D_BINS", std::to_string(size_.dBins)}});
}

void HoughTransform::vote(const cs::Texture2D& edges, const cs::Texture2D& entries,
                          bool sharedMemory) {
    // The count is zeroed and the votes cleared below by buffer updates, over what the last
    // vote's shaders wrote there: updates wait for those writes only after this bit.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    const GLuint zero = 0;
    edgeCount_.upload(&zero, 4);  // a buffer update, ordered before the dispatch that counts
    compact_.use();
    glUniform2i(compact_.uniform("size"), width_, height_);
    glBindImageTexture(0, edges.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
    glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, edgeCount_.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, edgeList_.id());
    const glm::uvec3 groups = compact_.groupsFor(width_, height_);
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The next two passes read the count with atomicCounter() (ATOMIC_COUNTER), and the vote
    // reads the list from a storage buffer (SHADER_STORAGE).
    glMemoryBarrier(GL_ATOMIC_COUNTER_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);

    // The vote's dispatch size, worked out and written by a shader from the count.
    const bool shared = sharedMemory && sharedFits();
    const cs::Program& voting = shared ? voteShared_ : vote_;
    const int block = shared ? thetaBlock_ : kPlainThetaBlock;
    GLint groupSize[3];
    voting.workGroupSize(groupSize);
    commandPass_.use();
    glUniform1ui(commandPass_.uniform("edgesPerGroup"),
                 GLuint(groupSize[0] * (shared ? kSharedVoteEdges : 1)));
    glUniform1ui(commandPass_.uniform("maxGroups"), cs::maxGroupCount(0));
    glUniform1ui(commandPass_.uniform("thetaGroups"),
                 GLuint((size_.thetaSteps + block - 1) / block));
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, command_.id());
    glDispatchCompute(1, 1, 1);
    // glDispatchComputeIndirect reads the command this shader wrote: a read that only
    // GL_COMMAND_BARRIER_BIT orders after shader writes.
    glMemoryBarrier(GL_COMMAND_BARRIER_BIT);

    voting.use();
    glUniform2i(voting.uniform("imageExtent"), width_, height_);
    glUniform1i(voting.uniform("dOffset"), size_.dOffset);
    glUniform1i(voting.uniform("dBins"), size_.dBins);
    glUniform1i(voting.uniform("thetaSteps"), size_.thetaSteps);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, angles_.id());
    // Binding at an index binds the target too, and glClearBufferData clears what is bound to
    // the target: the votes, bound last. A clear, not a shader write: ordered with the vote
    // without a barrier.
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, votes_.id());
    glClearBufferData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, nullptr);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, command_.id());
    glDispatchComputeIndirect(0);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
    // The entries pass reads the votes from a storage buffer.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);

    entries_.use();
    glUniform2i(entries_.uniform("size"), size_.dBins, size_.thetaSteps);
    glBindImageTexture(0, entries.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32UI);
    const glm::uvec3 entryGroups = entries_.groupsFor(size_.dBins, size_.thetaSteps);
    glDispatchCompute(entryGroups.x, entryGroups.y, entryGroups.z);
    // The pyramid, the view and the gather load the entries with imageLoad, and
    // --space-output reads them back (TEXTURE_UPDATE).
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
}

GLuint HoughTransform::edgeCount() const {
    // The count is an atomic counter's; a read-back of it is a buffer update.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    GLuint count = 0;
    edgeCount_.download(&count, 4);
    return count;
}

}  // namespace line_space
