#include "compute/sort.h"

#include <string>
#include <utility>

#include "gl/debug.h"
#include "gl/info.h"
#include "gl/kept_bindings.h"
#include "util/error.h"

namespace cs {
namespace {

// The kernels' shape (shaders/compute/sort_common.glsl): a tile of 64 invocations owning 16
// consecutive elements each.
constexpr std::uint32_t kGroupSize = 64;
constexpr std::uint32_t kItems = 16;
constexpr std::uint32_t kTile = kGroupSize * kItems;
constexpr std::uint32_t kRadix = 16;  // 4 bits per pass

Program sortProgram(const char* file) {
    return Program::compute(
        file, {{"GROUP_SIZE", std::to_string(kGroupSize)}, {"ITEMS", std::to_string(kItems)}});
}

// `buffer`, made `bytes` large if it is smaller.
void grow(Buffer& buffer, const char* name, std::uint64_t bytes) {
    if (std::uint64_t(buffer.size()) < bytes)
        buffer = Buffer(name, GLsizeiptr(bytes), BufferUse::Computed);
}

}  // namespace

void GpuSort::run(const Buffer& keys, const Buffer& values, std::uint64_t count, int keyBits) {
    const KeptBindings kept;  // the caller's bindings, back as they were on return
    if (keyBits < 1 || keyBits > 32)
        throw Error("sort: keys of " + std::to_string(keyBits) + " bits; 1 to 32 are sorted");
    const std::uint64_t bytes = count * 4;
    if (std::uint64_t(keys.size()) < bytes || std::uint64_t(values.size()) < bytes)
        throw Error("sort of " + std::to_string(count) + " elements needs " +
                    std::to_string(bytes) + "-byte buffers; got " + std::to_string(keys.size()) +
                    " and " + std::to_string(values.size()));
    if (count <= 1) return;
    requireLimit(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, GLint64(bytes),
                 "a sort of " + std::to_string(count) + " keys");
    if (!histogramPass_) {
        histogramPass_ = sortProgram("compute/sort_histogram.comp");
        scatterPass_ = sortProgram("compute/sort_scatter.comp");
    }
    // One work group per tile; groupsFor refuses more than this GL dispatches.
    const glm::uvec3 groups = histogramPass_.groupsFor((count + kItems - 1) / kItems);
    const std::uint64_t tiles = groups.x;
    grow(digitCounts_, "sort digit counts", kRadix * tiles * 4);
    grow(otherKeys_, "sort keys, other buffer", bytes);
    grow(otherValues_, "sort values, other buffer", bytes);

    DebugGroup group("sort");
    // An even number of passes, so that the last one writes into `keys` and `values`.
    const int passes = (keyBits + 7) / 8 * 2;
    GLuint from[2] = {keys.id(), values.id()}, to[2] = {otherKeys_.id(), otherValues_.id()};
    for (int pass = 0; pass < passes; ++pass) {
        const GLuint shift = GLuint(4 * pass);
        histogramPass_.use();
        glUniform1ui(histogramPass_.uniform("count"), GLuint(count));
        glUniform1ui(histogramPass_.uniform("tiles"), GLuint(tiles));
        glUniform1ui(histogramPass_.uniform("shift"), shift);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, from[0]);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, digitCounts_.id());
        glDispatchCompute(groups.x, groups.y, groups.z);
        // The scan reads the counts.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        scan_.run(digitCounts_, digitCounts_, kRadix * tiles, 1, ScanMode::Exclusive);
        // The scatter reads the scanned counts.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);

        scatterPass_.use();
        glUniform1ui(scatterPass_.uniform("count"), GLuint(count));
        glUniform1ui(scatterPass_.uniform("tiles"), GLuint(tiles));
        glUniform1ui(scatterPass_.uniform("shift"), shift);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, from[0]);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, from[1]);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, to[0]);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, to[1]);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, digitCounts_.id());
        glDispatchCompute(groups.x, groups.y, groups.z);
        std::swap(from, to);
        // The next pass reads the keys and values just written, and its histogram rewrites
        // the counts this scatter read. After the last pass, the caller's barrier names its
        // own readers.
        if (pass + 1 < passes) glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
}

}  // namespace cs
