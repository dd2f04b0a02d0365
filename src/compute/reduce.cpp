#include "compute/reduce.h"

#include <string>

#include "gl/debug.h"
#include "util/error.h"

namespace cs {

void GpuReduce::run(const Buffer& input, std::uint64_t count, const Buffer& result,
                    GLintptr resultOffset) {
    if (std::uint64_t(input.size()) < count * elementBytes())
        throw Error("sum of " + std::to_string(count) + " elements needs a buffer of " +
                    std::to_string(count * elementBytes()) + " bytes; got " +
                    std::to_string(input.size()));
    if (resultOffset + GLintptr(elementBytes()) > result.size())
        throw Error("sum result does not fit its buffer at offset " + std::to_string(resultOffset));
    if (!reduce_)
        reduce_ = Program::compute("compute/scan_reduce.comp",
                                   {{"SCAN_TYPE", std::to_string(int(type_))},
                                    {"GROUP_SIZE", std::to_string(GpuScan::kGroupSize)},
                                    {"ITEMS", std::to_string(GpuScan::kItems)}});
    DebugGroup group("reduce");
    if (count == 0) {
        const std::vector<std::uint8_t> zero(elementBytes(), 0);
        result.upload(zero.data(), GLsizeiptr(zero.size()), resultOffset);
        return;
    }
    reduce_.use();
    glUniform1ui(reduce_.uniform("firstTile"), 0);
    glUniform1ui(reduce_.uniform("elementOffset"), 0);
    GLuint source = input.id();
    for (size_t level = 0;; ++level) {
        const std::uint64_t tiles = (count + tileElements() - 1) / tileElements();
        if (levels_.size() <= level) levels_.resize(level + 1);
        if (std::uint64_t(levels_[level].size()) < tiles * elementBytes())
            levels_[level] =
                Buffer("reduce level " + std::to_string(level), GLsizeiptr(tiles * elementBytes()));
        const GLuint sums = levels_[level].id();
        glUniform1ui(reduce_.uniform("rowLength"), GLuint(count));
        glUniform1ui(reduce_.uniform("tilesPerRow"), GLuint(tiles));
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, source);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, source);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, sums);
        glDispatchCompute(GLuint(tiles), 1, 1);
        source = sums;
        if (tiles == 1) break;
        // The next round reads the tile sums this one wrote.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        count = tiles;
    }
    // The copy reads the last round's shader writes.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    glBindBuffer(GL_COPY_READ_BUFFER, source);
    glBindBuffer(GL_COPY_WRITE_BUFFER, result.id());
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, resultOffset, elementBytes());
    glBindBuffer(GL_COPY_READ_BUFFER, 0);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
}

}  // namespace cs
