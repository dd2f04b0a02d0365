// The line_space sample's passes, every one written out: bind, dispatch, and the barrier its
// readers need, in the order main.cpp's detect() runs them (passes.h). A pass binds what its
// shader declares; the calls into src/compute (cs::GpuScan, cs::GpuSort) leave the caller's
// bindings and program as they found them (gl/kept_bindings.h).
#include "passes.h"

#include <algorithm>

#include "gl/dispatch.h"

namespace line_space {

// ---- Edges (canny.h) ----

void cannyPasses(EdgeDetector& canny, const cs::Texture2D& source, const cs::Texture2D& edges,
                 int low, int high) {
    const int width = source.width(), height = source.height();  // one invocation per pixel

    canny.blur.use();
    glUniform2i(canny.blur.uniform("size"), width, height);
    glBindImageTexture(0, source.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
    glBindImageTexture(1, canny.blurred.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R8UI);
    glm::uvec3 groups = canny.blur.groupsFor(width, height);
    glDispatchCompute(groups.x, groups.y, groups.z);
    // Each of the next passes reads the previous one's image stores with imageLoad.
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);

    canny.gradient.use();
    glUniform2i(canny.gradient.uniform("size"), width, height);
    glBindImageTexture(0, canny.blurred.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8UI);
    glBindImageTexture(1, canny.gradients.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
    groups = canny.gradient.groupsFor(width, height);
    glDispatchCompute(groups.x, groups.y, groups.z);
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);

    canny.suppress.use();
    glUniform2i(canny.suppress.uniform("size"), width, height);
    glUniform1ui(canny.suppress.uniform("lowSquared"), GLuint(low * low));
    glUniform1ui(canny.suppress.uniform("highSquared"), GLuint(high * high));
    glBindImageTexture(0, canny.gradients.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
    glBindImageTexture(1, canny.classes[0].id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R8UI);
    groups = canny.suppress.groupsFor(width, height);
    glDispatchCompute(groups.x, groups.y, groups.z);
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);

    // Hysteresis until a dispatch changes nothing. Each dispatch follows chains across whole
    // tiles, so a few suffice; the count each one leaves is read back (4 bytes, a wait for the
    // GPU), which is why the sample runs detection when its input changes, not every frame.
    canny.hysteresis.use();
    glUniform2i(canny.hysteresis.uniform("size"), width, height);
    glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, canny.changedGroups.id());
    groups = canny.hysteresis.groupsFor(width, height);
    int current = 0;
    for (canny.hysteresisDispatches = 1;; ++canny.hysteresisDispatches) {
        const GLuint zero = 0;
        canny.changedGroups.upload(&zero, 4);
        glBindImageTexture(0, canny.classes[current].id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R8UI);
        glBindImageTexture(1, canny.classes[1 - current].id(), 0, GL_FALSE, 0, GL_WRITE_ONLY,
                           GL_R8UI);
        glDispatchCompute(groups.x, groups.y, groups.z);
        current = 1 - current;
        // The next dispatch (or canny_edges.comp) loads the classes just stored, and the
        // counter is read back with glGetBufferSubData.
        glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
        GLuint changed = 0;
        canny.changedGroups.download(&changed, 4);
        if (changed == 0) break;
    }

    canny.strongEdges.use();
    glUniform2i(canny.strongEdges.uniform("size"), width, height);
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
    glUniform2i(canny.inputEdges.uniform("size"), source.width(), source.height());
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
    const int wordsPerRow = (edges.width() + 31) / 32;
    const GLuint words = GLuint(edges.height() * wordsPerRow);
    packBits.use();
    glUniform1i(packBits.uniform("wordsPerRow"), wordsPerRow);
    glUniform2i(packBits.uniform("imageExtent"), edges.width(), edges.height());
    glUniform1ui(packBits.uniform("count"), words);
    glBindImageTexture(0, edges.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, lineSpace.edgeBits.id());
    const glm::uvec3 groups = packBits.itemGroupsFor(words);  // numbered by linearItem()
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The walks read the bits from a storage buffer.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

// One invocation per entry of the layout walks the line between its two border points and
// counts the edge pixels on it (count.comp), or the same with the edge bits a work group needs
// copied into shared memory (count_tiled.comp).
void countPass(const LineSpaceCount& lineSpace, bool tiled, glm::ivec2 imageSize,
               const cs::Texture2D& entries, int gap, bool segments) {
    const cs::Program& count = tiled ? lineSpace.countTiled : lineSpace.count;
    count.use();
    glUniform2i(count.uniform("size"), entries.width(), entries.height());
    glUniform2i(count.uniform("imageExtent"), imageSize.x, imageSize.y);
    glUniform1i(count.uniform("wordsPerRow"), (imageSize.x + 31) / 32);
    glUniform1i(count.uniform("gap"), gap);
    glUniform1i(count.uniform("segments"), segments);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, lineSpace.edgeBits.id());
    glBindImageTexture(0, entries.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32UI);
    const glm::uvec3 groups = count.groupsFor(entries.width(), entries.height());
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The pyramid, the view and the gather load the entries with imageLoad, and
    // --space-output reads them back (TEXTURE_UPDATE).
    glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
}

// ---- The Hough transform (thesis §5.2, hough.h) ----

void houghPasses(HoughTransform& hough, const cs::Texture2D& edges, const cs::Texture2D& entries,
                 bool sharedMemory) {
    // The count is zeroed and the votes cleared below by buffer updates, over what the last
    // vote's shaders wrote there: updates wait for those writes only after this bit.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    const GLuint zero = 0;
    hough.edgeCount.upload(&zero, 4);  // a buffer update, ordered before the dispatch that counts

    // 1. The edge pixels as a list.
    hough.compact.use();
    glUniform2i(hough.compact.uniform("size"), hough.width, hough.height);
    glBindImageTexture(0, edges.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
    glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, hough.edgeCount.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, hough.edgeList.id());
    const glm::uvec3 groups = hough.compact.groupsFor(hough.width, hough.height);
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The next two passes read the count with atomicCounter() (ATOMIC_COUNTER), and the vote
    // reads the list from a storage buffer (SHADER_STORAGE).
    glMemoryBarrier(GL_ATOMIC_COUNTER_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);

    // 2. The vote's dispatch size, worked out and written by a shader from the count.
    const bool shared = sharedMemory && hough.sharedFits();
    const cs::Program& vote = shared ? hough.voteShared : hough.vote;
    const int block = shared ? hough.thetaBlock : kPlainThetaBlock;
    GLint groupSize[3];
    vote.workGroupSize(groupSize);
    hough.commandPass.use();
    glUniform1ui(hough.commandPass.uniform("edgesPerGroup"),
                 GLuint(groupSize[0] * (shared ? kSharedVoteEdges : 1)));
    glUniform1ui(hough.commandPass.uniform("maxGroups"), cs::maxGroupCount(0));
    glUniform1ui(hough.commandPass.uniform("thetaGroups"),
                 GLuint((hough.size.thetaSteps + block - 1) / block));
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, hough.command.id());
    glDispatchCompute(1, 1, 1);
    // glDispatchComputeIndirect reads the command this shader wrote: a read that only
    // GL_COMMAND_BARRIER_BIT orders after shader writes.
    glMemoryBarrier(GL_COMMAND_BARRIER_BIT);

    // 3. The votes, as many work groups as the command says.
    vote.use();
    glUniform2i(vote.uniform("imageExtent"), hough.width, hough.height);
    glUniform1i(vote.uniform("dOffset"), hough.size.dOffset);
    glUniform1i(vote.uniform("dBins"), hough.size.dBins);
    glUniform1i(vote.uniform("thetaSteps"), hough.size.thetaSteps);
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

    // 4. The accumulator as entries, the votes at binding 1 still.
    hough.toEntries.use();
    glUniform2i(hough.toEntries.uniform("size"), hough.size.dBins, hough.size.thetaSteps);
    glBindImageTexture(0, entries.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32UI);
    const glm::uvec3 entryGroups =
        hough.toEntries.groupsFor(hough.size.dBins, hough.size.thetaSteps);
    glDispatchCompute(entryGroups.x, entryGroups.y, entryGroups.z);
    // The pyramid, the view and the gather load the entries with imageLoad, and
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

// ---- Reading the lines out (thesis §5.3, interpret.h) ----

void pyramidPasses(Interpreter& interpreter, const cs::Texture2D& entries) {
    const cs::Program& base = interpreter.pyramidBase;
    base.use();
    glUniform2i(base.uniform("size"), interpreter.size.x, interpreter.size.y);
    glBindImageTexture(0, entries.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32UI);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, interpreter.pyramid.id());
    const glm::uvec3 groups = base.groupsFor(interpreter.size.x, interpreter.size.y);
    glDispatchCompute(groups.x, groups.y, groups.z);
    // Each level reads the one below from the pyramid; after the last, the view and the
    // interpretations read it.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);

    const cs::Program& level = interpreter.pyramidLevel;
    level.use();
    for (int l = 1; l < interpreter.levels(); ++l) {
        const glm::ivec2 size = interpreter.sizes[l], below = interpreter.sizes[l - 1];
        glUniform2i(level.uniform("size"), size.x, size.y);
        glUniform1i(level.uniform("offset"), interpreter.offsets[l]);
        glUniform2i(level.uniform("belowSize"), below.x, below.y);
        glUniform1i(level.uniform("belowOffset"), interpreter.offsets[l - 1]);
        const glm::uvec3 levelGroups = level.groupsFor(size.x, size.y);
        glDispatchCompute(levelGroups.x, levelGroups.y, levelGroups.z);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // the next level, or the readers
    }
}

void spaceViewPass(const Interpreter& interpreter, const cs::Texture2D& entries,
                   const cs::Texture2D& view, bool layoutGaps) {
    const cs::Program& spaceView = interpreter.spaceView;
    spaceView.use();
    glUniform2i(spaceView.uniform("size"), entries.width(), entries.height());
    glUniform1i(spaceView.uniform("topOffset"), interpreter.topOffset());
    glUniform1i(spaceView.uniform("layoutGaps"), layoutGaps);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, interpreter.pyramid.id());
    glBindImageTexture(0, entries.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32UI);
    glBindImageTexture(1, view.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    const glm::uvec3 groups = spaceView.groupsFor(entries.width(), entries.height());
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The draw samples the view as a texture.
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
}

// Every entry scoring at least `minimum`: a flag each, the scan of the flags, a scatter of the
// kept ones to their places, and a sort of those by score.
void thresholdPasses(Interpreter& interpreter, std::uint32_t minimum, int most) {
    const std::uint32_t count = std::uint32_t(interpreter.size.x) * interpreter.size.y;
    const cs::Program& scatter = interpreter.thresholdScatter;
    const glm::uvec3 groups = scatter.itemGroupsFor(count);  // numbered by linearItem()
    scatter.use();
    glUniform1ui(scatter.uniform("count"), count);
    glUniform1ui(scatter.uniform("threshold"), minimum);
    glUniform1i(scatter.uniform("flags"), 1);  // this pass writes the flags
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, interpreter.pyramid.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, interpreter.sortKeys.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, interpreter.sortValues.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, interpreter.places.id());
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The scan reads the flags.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    interpreter.scan.run(interpreter.places, interpreter.places, count, 1, cs::ScanMode::Inclusive);
    // The scatter reads the places, and the count of kept entries, the last place, is read
    // back: the sort needs it on the CPU, as the number of elements to sort.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    // The same program and bindings again (the scan kept them): now the scatter.
    glUniform1i(scatter.uniform("flags"), 0);
    glDispatchCompute(groups.x, groups.y, groups.z);
    interpreter.places.download(&interpreter.candidates, 4, GLintptr(count - 1) * 4);
    // The sort reads the keys and values just scattered.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    interpreter.gpuSort.run(interpreter.sortKeys, interpreter.sortValues, interpreter.candidates,
                            16);
    // The gather reads the sorted values.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    interpreter.chosenIndices = &interpreter.sortValues;
    interpreter.chosenCount = std::min(interpreter.candidates, std::uint32_t(most));
}

// The m best entries one by one: the pyramid's top is the best; its s x s neighbourhood is
// zeroed at level 0 and repaired up the pyramid, level by level, so that the next top is
// another line (reduce_round.comp).
void reducePasses(Interpreter& interpreter, int most, int suppress, const Neighbourhood& around) {
    interpreter.reserveChosen(std::uint32_t(most));
    const cs::Program& round = interpreter.reduceRound;
    round.use();
    glUniform1i(round.uniform("topOffset"), interpreter.topOffset());
    glUniform2i(round.uniform("baseSize"), interpreter.size.x, interpreter.size.y);
    glUniform1i(round.uniform("suppress"), suppress);
    glUniform1i(round.uniform("neighbourhood"), int(around.kind));
    glUniform2i(round.uniform("imageExtent"), around.image.x, around.image.y);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, interpreter.pyramid.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, interpreter.maxima.id());
    // One invocation per entry of the neighbourhood, at every level.
    const glm::uvec3 groups = round.groupsFor(suppress, suppress);
    for (int found = 0; found < most; ++found)
        for (int l = 0; l < interpreter.levels(); ++l) {
            glUniform1i(round.uniform("level"), l);
            glUniform1ui(round.uniform("found"), GLuint(found));
            glUniform1i(round.uniform("offset"), interpreter.offsets[l]);
            glUniform2i(round.uniform("size"), interpreter.sizes[l].x, interpreter.sizes[l].y);
            if (l > 0) {
                glUniform1i(round.uniform("belowOffset"), interpreter.offsets[l - 1]);
                glUniform2i(round.uniform("belowSize"), interpreter.sizes[l - 1].x,
                            interpreter.sizes[l - 1].y);
            }
            glDispatchCompute(groups.x, groups.y, groups.z);
            // The next level's pass reads this one's entries (and level 0's record of the
            // maximum); the next round starts from the repaired top; the gather reads the
            // maxima.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
    interpreter.candidates = 0;
    interpreter.chosenIndices = &interpreter.maxima;
    interpreter.chosenCount = std::uint32_t(most);
}

// The pyramid's level `prereduce` (the best of every 2^prereduce square), sorted by score.
void sortPasses(Interpreter& interpreter, int prereduce, int most) {
    const int level = std::min(prereduce, interpreter.levels() - 1);
    const std::uint32_t count =
        std::uint32_t(interpreter.sizes[level].x) * interpreter.sizes[level].y;
    const cs::Program& keys = interpreter.keysOfLevel;
    keys.use();
    glUniform1ui(keys.uniform("count"), count);
    glUniform1i(keys.uniform("offset"), interpreter.offsets[level]);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, interpreter.pyramid.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, interpreter.sortKeys.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, interpreter.sortValues.id());
    const glm::uvec3 groups = keys.itemGroupsFor(count);  // numbered by linearItem()
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The sort reads the keys and values.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    interpreter.gpuSort.run(interpreter.sortKeys, interpreter.sortValues, count, 16);
    // The gather reads the sorted values.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    interpreter.candidates = count;
    interpreter.chosenIndices = &interpreter.sortValues;
    interpreter.chosenCount = std::min(count, std::uint32_t(most));
}

std::vector<Interpreter::Chosen> gatherPass(Interpreter& interpreter,
                                            const cs::Texture2D& entries) {
    const std::uint32_t count = interpreter.chosenCount;
    std::vector<Interpreter::Chosen> result(count);
    if (count == 0) return result;
    interpreter.reserveChosen(count);
    const cs::Program& gather = interpreter.gather;
    gather.use();
    glUniform1ui(gather.uniform("count"), count);
    glUniform1i(gather.uniform("entriesWidth"), interpreter.size.x);
    glBindImageTexture(0, entries.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32UI);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, interpreter.chosenIndices->id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, interpreter.gathered.id());
    const glm::uvec3 groups = gather.itemGroupsFor(count);  // numbered by linearItem()
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The downloads read what the gather and the interpretation's shaders wrote.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<Entry> gathered(count);
    std::vector<std::uint32_t> indices(count);
    interpreter.gathered.download(gathered.data(), GLsizeiptr(gathered.size() * sizeof(Entry)));
    interpreter.chosenIndices->download(indices.data(), GLsizeiptr(indices.size() * 4));
    for (std::size_t i = 0; i < result.size(); ++i) result[i] = {indices[i], gathered[i]};
    return result;
}

}  // namespace line_space
