#include "compute/histopyramid.h"

#include <string>

#include "gl/debug.h"
#include "gl/info.h"
#include "gl/kept_bindings.h"
#include "util/error.h"

namespace cs {

void GpuHistoPyramid::build(const Buffer& flags, std::uint64_t n) {
    const KeptBindings kept;  // the caller's bindings, back as they were on return
    if (n == 0 || n > kMaxCompactElements)
        throw Error("histopyramid: " + std::to_string(n) + " elements; it takes 1 to 2^31");
    if (std::uint64_t(flags.size()) < n * 4)
        throw Error("histopyramid of " + std::to_string(n) + " flags needs a " +
                    std::to_string(n * 4) + "-byte buffer; got " + std::to_string(flags.size()));
    if (!build_) {
        const ShaderDefines defines = {{"PARTIAL_SUMS", partialSums_ ? "1" : "0"}};
        build_ = Program::compute("compute/histopyramid_build.comp", defines);
        traverse_ = Program::compute("compute/histopyramid_traverse.comp", defines);
        arguments_ = compactArgumentsProgram();
        traversal_ =
            Buffer("histopyramid traversal command", sizeof(CompactResult), BufferUse::Computed);
        topLevel_ = Buffer("histopyramid top level", 4, BufferUse::Computed);
    }
    // Level sizes: a quarter of the level below, rounded up, until one cell is left; at least
    // one level above the base, so that the top is never the caller's flags.
    std::uint32_t cells[kMaxPyramidLevels] = {std::uint32_t(n)}, offsets[kMaxPyramidLevels] = {};
    std::uint64_t total = 0;
    int top = 0;
    do {
        ++top;
        cells[top] = (cells[top - 1] + 3) / 4;
        offsets[top] = std::uint32_t(total);
        total += cells[top];
    } while (cells[top] > 1);
    const std::uint64_t cellBytes = partialSums_ ? 16 : 4;
    // Every level is bound at once, for the traversal.
    requireLimit(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, std::int64_t(total * cellBytes),
                 "a histopyramid of " + std::to_string(n) + " cells" +
                     (partialSums_ ? " with partial sums" : ""));
    if (std::uint64_t(levels_.size()) < total * cellBytes)
        levels_ =
            Buffer(partialSums_ ? "histopyramid levels (partial sums)" : "histopyramid levels",
                   GLsizeiptr(total * cellBytes), BufferUse::Computed);
    top_ = top;
    const auto topLevel = std::uint32_t(top);
    topLevel_.upload(&topLevel, 4);
    std::copy(cells, cells + kMaxPyramidLevels, cells_);
    std::copy(offsets, offsets + kMaxPyramidLevels, offsets_);

    DebugGroup group("histopyramid build");
    build_.use();
    setLevelUniforms(build_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, flags.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, levels_.id());
    for (int level = 1; level <= top_; ++level) {
        glUniform1ui(build_.uniform("level"), GLuint(level));
        const glm::uvec3 groups = build_.itemGroupsFor(cells_[level]);
        glDispatchCompute(groups.x, groups.y, groups.z);
        // The next level adds up this one's cells; after the top, the command below reads the
        // count, and the traversal and a caller's writeCompactResult read the levels.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    // The traversal's groups, from the count, on the GPU.
    writeCompactResult(arguments_, levels_, countIndex(), traversal_, {256, 1});
    // traverse() dispatches from this command (COMMAND) and reads its count (SHADER_STORAGE).
    glMemoryBarrier(GL_COMMAND_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
}

void GpuHistoPyramid::traverse(const Buffer& flags, const Buffer& indices) {
    const KeptBindings kept;  // the caller's bindings, back as they were on return
    if (!traverse_) throw Error("histopyramid: traverse() before build()");
    if (std::uint64_t(indices.size()) < std::uint64_t(cells_[0]) * 4)
        throw Error("histopyramid: the indices need " + std::to_string(cells_[0] * 4ull) +
                    " bytes; got " + std::to_string(indices.size()));
    DebugGroup group("histopyramid traverse");
    traverse_.use();
    setLevelUniforms(traverse_);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, flags.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, levels_.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, indices.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, topLevel_.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 7, traversal_.id());
    // As many groups as the count needs, however many elements the base has: the GPU wrote
    // the command in build(), and no read-back stands in between.
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, traversal_.id());
    glDispatchComputeIndirect(GLintptr(offsetof(CompactResult, dispatch)));
    glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
}

std::uint32_t GpuHistoPyramid::countIndex() const {
    // The top cell: its value, or with partial sums its .w, the fourth uint of the uvec4.
    return partialSums_ ? offsets_[top_] * 4 + 3 : offsets_[top_];
}

void GpuHistoPyramid::setLevelUniforms(const Program& program) const {
    glUniform1uiv(program.uniform("levelOffset"), kMaxPyramidLevels, offsets_);
    glUniform1uiv(program.uniform("levelCells"), kMaxPyramidLevels, cells_);
}

glm::uvec2 mortonCell(std::uint32_t index) {
    glm::uvec2 cell(0);
    for (int bit = 0; bit < 16; ++bit) {
        cell.x |= ((index >> (2 * bit)) & 1u) << bit;
        cell.y |= ((index >> (2 * bit + 1)) & 1u) << bit;
    }
    return cell;
}

std::uint32_t mortonIndex(glm::uvec2 cell) {
    std::uint32_t index = 0;
    for (int bit = 0; bit < 16; ++bit) {
        index |= ((cell.x >> bit) & 1u) << (2 * bit);
        index |= ((cell.y >> bit) & 1u) << (2 * bit + 1);
    }
    return index;
}

HistoPyramidCpu::HistoPyramidCpu(std::vector<std::uint32_t> base) {
    if (base.empty()) base.push_back(0);
    levels.push_back(std::move(base));
    do {
        const std::vector<std::uint32_t>& below = levels.back();
        std::vector<std::uint32_t> level((below.size() + 3) / 4, 0);
        for (std::size_t i = 0; i < below.size(); ++i) level[i / 4] += below[i];
        levels.push_back(std::move(level));
    } while (levels.back().size() > 1);
}

std::uint32_t HistoPyramidCpu::find(std::uint32_t key) const {
    std::uint32_t cell = 0;
    for (std::size_t level = levels.size() - 1; level > 0; --level) {
        const std::vector<std::uint32_t>& below = levels[level - 1];
        std::uint32_t child = 4 * cell;
        // Skip the children whose keys lie before `key`, in Z order.
        while (child + 1 < below.size() && child < 4 * cell + 3 && key >= below[child])
            key -= below[child++];
        cell = child;
    }
    return cell;
}

}  // namespace cs
