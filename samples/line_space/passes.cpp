// The line_space sample's passes, every one written out: bind, dispatch, and the barrier its
// readers need, in the order main.cpp's detect() runs them (passes.h). A pass binds what its
// shader reads, its family's parameter block included, right before its dispatch: nothing
// relies on a binding that an earlier pass left, or that a call into src/compute kept.
#include "passes.h"

#include <algorithm>

#include "gl/dispatch.h"

namespace line_space {

// ---- Edges ----

void cannyPasses(EdgeDetector& canny, const cs::Texture2D& source, const cs::Texture2D& edges) {
    const int width = source.width(), height = source.height();  // one invocation per pixel
    canny.block.upload();                                        // the thresholds as they are now

    canny.blur.use();
    canny.block.bind(0);
    glBindImageTexture(0, source.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
    glBindImageTexture(1, canny.blurred.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R8UI);
    glm::uvec3 groups = canny.blur.groupsFor(width, height);
    glDispatchCompute(groups.x, groups.y, groups.z);
    // Each of the next passes reads the previous one's image stores with imageLoad.
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);

    canny.gradient.use();
    canny.block.bind(0);
    glBindImageTexture(0, canny.blurred.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8UI);
    glBindImageTexture(1, canny.gradients.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
    groups = canny.gradient.groupsFor(width, height);
    glDispatchCompute(groups.x, groups.y, groups.z);
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);

    canny.suppress.use();
    canny.block.bind(0);
    glBindImageTexture(0, canny.gradients.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
    glBindImageTexture(1, canny.classes[0].id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R8UI);
    groups = canny.suppress.groupsFor(width, height);
    glDispatchCompute(groups.x, groups.y, groups.z);
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);

    // Hysteresis until a dispatch changes nothing. Each dispatch follows chains across whole
    // tiles, so a few suffice; the count each one leaves is read back (4 bytes, a wait for the
    // GPU), which is why the sample runs detection when its input changes, not every frame.
    canny.hysteresis.use();
    groups = canny.hysteresis.groupsFor(width, height);
    int current = 0;
    for (canny.hysteresisDispatches = 1;; ++canny.hysteresisDispatches) {
        const GLuint zero = 0;
        canny.changedGroups.upload(&zero, 4);
        canny.block.bind(0);
        glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, canny.changedGroups.id());
        glBindImageTexture(0, canny.classes[current].id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8UI);
        glBindImageTexture(1, canny.classes[1 - current].id(), 0, GL_FALSE, 0, GL_WRITE_ONLY,
                           GL_R8UI);
        glDispatchCompute(groups.x, groups.y, groups.z);
        current = 1 - current;
        // The next dispatch (or the strong edges) loads the classes just stored, and the
        // counter is read back with glGetBufferSubData.
        glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
        GLuint changed = 0;
        canny.changedGroups.download(&changed, 4);
        if (changed == 0) break;
    }

    canny.strongEdges.use();
    canny.block.bind(0);
    glBindImageTexture(0, canny.classes[current].id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8UI);
    glBindImageTexture(1, edges.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    groups = canny.strongEdges.groupsFor(width, height);
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The transforms load the edges (SHADER_IMAGE_ACCESS), the draw samples them
    // (TEXTURE_FETCH), --edges-output reads them back (TEXTURE_UPDATE).
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |
                    GL_TEXTURE_UPDATE_BARRIER_BIT);
}

void inputEdgesPass(const EdgeDetector& canny, const cs::Texture2D& source,
                    const cs::Texture2D& edges) {
    canny.inputEdges.use();
    canny.block.bind(0);  // the size, as prepare() uploaded it
    glBindImageTexture(0, source.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
    glBindImageTexture(1, edges.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    const glm::uvec3 groups = canny.inputEdges.groupsFor(source.width(), source.height());
    glDispatchCompute(groups.x, groups.y, groups.z);
    // As after Canny: the transforms, the draw and --edges-output read the edges.
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |
                    GL_TEXTURE_UPDATE_BARRIER_BIT);
}

// ---- The line space (thesis §5.1) ----

void packBitsPass(const LineSpaceCount& lineSpace, const cs::Texture2D& edges) {
    const cs::Program& packBits = lineSpace.packBits;
    packBits.use();
    lineSpace.block.bind(1);  // the sizes, as prepare() uploaded them
    glBindImageTexture(0, edges.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, lineSpace.edgeBits.id());
    // One invocation per word of a row, one row of invocations per row of pixels.
    const glm::uvec3 groups =
        packBits.groupsFor(lineSpace.block.values.wordsPerRow, edges.height());
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The walks read the bits from a storage buffer.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

// One invocation per entry of the layout walks the line between its two border points and
// counts the edge pixels on it (count.comp), or the same with the edge bits a work group needs
// copied into shared memory (count_tiled.comp).
void countPass(LineSpaceCount& lineSpace, bool tiled, bool segments, const cs::Texture2D& entries) {
    lineSpace.block.values.segments = segments ? 1u : 0u;
    lineSpace.block.upload();  // gap (the parameter's own storage) and segments as they are now
    const cs::Program& count = tiled ? lineSpace.countTiled : lineSpace.count;
    count.use();
    lineSpace.block.bind(1);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, lineSpace.edgeBits.id());
    glBindImageTexture(0, entries.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32UI);
    const glm::uvec3 groups = count.groupsFor(entries.width(), entries.height());
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The pyramid, the view and the read-out load the entries with imageLoad, and
    // --space-output reads them back (TEXTURE_UPDATE).
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
}

// ---- Reading the lines out (thesis §5.3) ----

void pyramidPasses(Interpreter& interpreter, const cs::Texture2D& entries) {
    interpreter.block.upload();  // suppress, threshold and prereduce as they are now
    const cs::Program& level = interpreter.pyramidLevel;
    level.use();
    for (int l = 0; l < interpreter.levels(); ++l) {
        glUniform1i(level.uniform("level"), l);  // level 0 from the entries, then 2x2 maxima
        interpreter.block.bind(3);
        glBindImageTexture(0, entries.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32UI);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, interpreter.pyramid.id());
        const glm::uvec3 groups = level.groupsFor(interpreter.sizes[l].x, interpreter.sizes[l].y);
        glDispatchCompute(groups.x, groups.y, groups.z);
        // Each level reads the one below from the pyramid; after the last, the view and the
        // interpretations read it.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
}

void spaceViewPass(const Interpreter& interpreter, const cs::Texture2D& entries,
                   const cs::Texture2D& view) {
    const cs::Program& spaceView = interpreter.spaceView;
    spaceView.use();
    interpreter.block.bind(3);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, interpreter.pyramid.id());
    glBindImageTexture(0, entries.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32UI);
    glBindImageTexture(1, view.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    const glm::uvec3 groups = spaceView.groupsFor(entries.width(), entries.height());
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The draw samples the view as a texture.
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
}

// The m best entries one by one: the pyramid's top is the best; its s x s neighbourhood is
// zeroed at level 0 and repaired up the pyramid, level by level, so that the next top is
// another line (reduce_round.comp). Level 0's pass records each maximum and its entry.
void reducePasses(Interpreter& interpreter, const cs::Texture2D& entries, int most) {
    interpreter.reserveChosen(std::uint32_t(most));
    const cs::Program& round = interpreter.reduceRound;
    const int suppress = interpreter.block.values.suppress;
    // One invocation per entry of the neighbourhood, at every level.
    const glm::uvec3 groups = round.groupsFor(suppress, suppress);
    round.use();
    for (int found = 0; found < most; ++found)
        for (int l = 0; l < interpreter.levels(); ++l) {
            glUniform2i(round.uniform("roundLevel"), found, l);
            interpreter.block.bind(3);
            glBindImageTexture(0, entries.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32UI);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, interpreter.pyramid.id());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, interpreter.maxima.id());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, interpreter.gathered.id());
            glDispatchCompute(groups.x, groups.y, groups.z);
            // The next level's pass reads this one's entries (and level 0's record of the
            // maximum); the next round starts from the repaired top.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
    // readChosen() reads the maxima and their entries back.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    interpreter.candidates = 0;
    interpreter.chosenIndices = &interpreter.maxima;
    interpreter.chosenCount = std::uint32_t(most);
}

std::vector<Interpreter::Chosen> readChosen(const Interpreter& interpreter) {
    const std::uint32_t count = interpreter.chosenCount;
    std::vector<Interpreter::Chosen> result(count);
    if (count == 0) return result;
    std::vector<Entry> entries(count);
    std::vector<std::uint32_t> indices(count);
    interpreter.gathered.download(entries.data(), GLsizeiptr(entries.size() * sizeof(Entry)));
    interpreter.chosenIndices->download(indices.data(), GLsizeiptr(indices.size() * 4));
    for (std::size_t i = 0; i < result.size(); ++i) result[i] = {indices[i], entries[i]};
    return result;
}

// ---- The other read-outs: threshold and sort, with the library's scan and sort ----

namespace {

// The first `count` of the sorted indices' entries into interpreter.gathered (gather.comp).
void gatherPass(Interpreter& interpreter, const cs::Texture2D& entries, std::uint32_t count) {
    interpreter.chosenIndices = &interpreter.sortValues;
    interpreter.chosenCount = count;
    if (count == 0) return;
    interpreter.reserveChosen(count);
    const cs::Program& gather = interpreter.gather;
    gather.use();
    glUniform1ui(gather.uniform("count"), count);
    glBindImageTexture(0, entries.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32UI);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, interpreter.sortValues.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, interpreter.gathered.id());
    const glm::uvec3 groups = gather.itemGroupsFor(count);  // numbered by linearItem()
    glDispatchCompute(groups.x, groups.y, groups.z);
    // readChosen() reads back what the gather and the sort wrote.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
}

}  // namespace

// Every entry scoring at least the threshold: a flag each, the scan of the flags, a scatter of
// the kept ones to their places, and a sort of those by score.
void thresholdPasses(Interpreter& interpreter, const cs::Texture2D& entries, int most) {
    const std::uint32_t count = std::uint32_t(interpreter.size.x) * interpreter.size.y;
    const cs::Program& scatter = interpreter.thresholdScatter;
    const glm::uvec3 groups = scatter.itemGroupsFor(count);  // numbered by linearItem()
    scatter.use();
    glUniform1i(scatter.uniform("flags"), 1);  // this dispatch writes the flags
    interpreter.block.bind(3);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, interpreter.pyramid.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, interpreter.places.id());
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The scan reads the flags.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    // cs::GpuScan, a tool: contract in src/compute/scan.h.
    interpreter.scan.run(interpreter.places, interpreter.places, count, 1, cs::ScanMode::Inclusive);
    // The scatter reads the places, and the count of kept entries, the last place, is read
    // back: the sort needs it on the CPU, as the number of elements to sort.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    scatter.use();
    glUniform1i(scatter.uniform("flags"), 0);  // this dispatch scatters
    interpreter.block.bind(3);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, interpreter.pyramid.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, interpreter.sortKeys.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, interpreter.sortValues.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, interpreter.places.id());
    glDispatchCompute(groups.x, groups.y, groups.z);
    interpreter.places.download(&interpreter.candidates, 4, GLintptr(count - 1) * 4);
    // The sort reads the keys and values just scattered.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    // cs::GpuSort, a tool: contract in src/compute/sort.h.
    interpreter.gpuSort.run(interpreter.sortKeys, interpreter.sortValues, interpreter.candidates,
                            16);
    // The gather reads the sorted values.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    gatherPass(interpreter, entries, std::min(interpreter.candidates, std::uint32_t(most)));
}

// The pyramid's level `prereduce` (the best of every 2^prereduce square), sorted by score.
void sortPasses(Interpreter& interpreter, const cs::Texture2D& entries, int most) {
    const int level = std::min(interpreter.block.values.prereduce, interpreter.levels() - 1);
    const std::uint32_t count =
        std::uint32_t(interpreter.sizes[level].x) * interpreter.sizes[level].y;
    const cs::Program& keys = interpreter.keysOfLevel;
    keys.use();
    interpreter.block.bind(3);  // sort_keys.comp finds the same level from prereduce
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, interpreter.pyramid.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, interpreter.sortKeys.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, interpreter.sortValues.id());
    const glm::uvec3 groups = keys.itemGroupsFor(count);  // numbered by linearItem()
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The sort reads the keys and values.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    // cs::GpuSort, a tool: contract in src/compute/sort.h.
    interpreter.gpuSort.run(interpreter.sortKeys, interpreter.sortValues, count, 16);
    // The gather reads the sorted values.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    interpreter.candidates = count;
    gatherPass(interpreter, entries, std::min(count, std::uint32_t(most)));
}

// ---- The alternative transform: Hough (thesis §5.2) ----

void houghPasses(HoughTransform& hough, const cs::Texture2D& edges, const cs::Texture2D& entries,
                 bool sharedMemory) {
    // The vote's figures, which the shader that writes its dispatch size reads.
    const bool shared = sharedMemory && hough.sharedFits();
    const cs::Program& vote = shared ? hough.voteShared : hough.vote;
    const int angleBlock = shared ? hough.thetaBlock : kPlainThetaBlock;
    GLint groupSize[3];
    vote.workGroupSize(groupSize);
    hough.block.values.edgesPerGroup = GLuint(groupSize[0] * (shared ? kSharedVoteEdges : 1));
    hough.block.values.maxGroups = cs::maxGroupCount(0);
    hough.block.values.thetaGroups = GLuint((hough.size.thetaSteps + angleBlock - 1) / angleBlock);
    hough.block.upload();

    // The count is zeroed and the votes cleared below by buffer updates, over what the last
    // vote's shaders wrote there: updates wait for those writes only after this bit.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    const GLuint zero = 0;
    hough.edgeCount.upload(&zero, 4);  // a buffer update, ordered before the dispatch that counts

    // 1. The edge pixels as a list.
    hough.compact.use();
    hough.block.bind(2);
    glBindImageTexture(0, edges.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
    glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, hough.edgeCount.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, hough.edgeList.id());
    const glm::uvec3 groups = hough.compact.groupsFor(hough.width, hough.height);
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The next two passes read the count with atomicCounter() (ATOMIC_COUNTER), and the vote
    // reads the list from a storage buffer (SHADER_STORAGE).
    glMemoryBarrier(GL_ATOMIC_COUNTER_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);

    // 2. The vote's dispatch size, worked out and written by a shader from the count.
    hough.commandPass.use();
    hough.block.bind(2);
    glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, hough.edgeCount.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, hough.command.id());
    glDispatchCompute(1, 1, 1);
    // glDispatchComputeIndirect reads the command this shader wrote: a read that only
    // GL_COMMAND_BARRIER_BIT orders after shader writes.
    glMemoryBarrier(GL_COMMAND_BARRIER_BIT);

    // 3. The votes, as many work groups as the command says.
    vote.use();
    hough.block.bind(2);
    glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, hough.edgeCount.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, hough.edgeList.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, hough.angles.id());
    // Binding at an index binds the target too, and glClearBufferData clears what is bound to
    // the target: the votes, bound last. A clear, not a shader write: ordered with the vote
    // without a barrier.
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, hough.votes.id());
    glClearBufferData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, nullptr);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, hough.command.id());
    glDispatchComputeIndirect(0);
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
    // The entries pass reads the votes from a storage buffer.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);

    // 4. The accumulator as entries.
    hough.toEntries.use();
    hough.block.bind(2);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, hough.votes.id());
    glBindImageTexture(0, entries.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32UI);
    const glm::uvec3 entryGroups =
        hough.toEntries.groupsFor(hough.size.dBins, hough.size.thetaSteps);
    glDispatchCompute(entryGroups.x, entryGroups.y, entryGroups.z);
    // The pyramid, the view and the read-out load the entries with imageLoad, and
    // --space-output reads them back (TEXTURE_UPDATE).
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
}

GLuint houghEdgeCount(const HoughTransform& hough) {
    // The count is an atomic counter's; a read-back of it is a buffer update.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    GLuint count = 0;
    hough.edgeCount.download(&count, 4);
    return count;
}

}  // namespace line_space
