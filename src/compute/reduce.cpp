#include "compute/reduce.h"

#include <string>
#include <vector>

#include "gl/debug.h"
#include "gl/kept_bindings.h"
#include "util/error.h"

namespace cs {

void GpuReduce::sum(const Buffer& input, std::uint64_t count, const Buffer& result,
                    GLintptr resultOffset) {
    const KeptBindings kept;  // the caller's bindings, back as they were on return
    const std::uint32_t bytes = elementBytes(type_);
    if (std::uint64_t(input.size()) < count * bytes)
        throw Error("sum of " + std::to_string(count) + " elements needs a buffer of " +
                    std::to_string(count * bytes) + " bytes; got " + std::to_string(input.size()));
    if (resultOffset + GLintptr(bytes) > result.size())
        throw Error("sum result does not fit its buffer at offset " + std::to_string(resultOffset));
    DebugGroup group("sum");
    if (count == 0) {
        const std::vector<std::uint8_t> zero(bytes, 0);
        result.upload(zero.data(), GLsizeiptr(zero.size()), resultOffset);
        return;
    }
    if (!tileSumsPass_) tileSumsPass_ = tileProgram("compute/tile_sums.comp", type_);
    GLuint source = input.id();
    for (std::size_t round = 0;; ++round) {
        const std::uint64_t tiles = tilesFor(count);
        const GLuint sums = tileSums_.at(round, tiles * bytes).id();
        dispatchTiles(tileSumsPass_, type_, source, 0, sums, count, 1);
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
    glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, resultOffset, bytes);
    glBindBuffer(GL_COPY_READ_BUFFER, 0);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
}

}  // namespace cs
