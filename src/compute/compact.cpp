#include "compute/compact.h"

#include <string>

#include "compute/histopyramid.h"
#include "gl/debug.h"
#include "gl/dispatch.h"
#include "gl/info.h"
#include "gl/kept_bindings.h"
#include "util/error.h"

namespace cs {

GpuCompact::GpuCompact(CompactMethod method) : method_(method) {
    if (method == CompactMethod::HistoPyramid || method == CompactMethod::HistoPyramidVec4)
        pyramid_ = std::make_unique<GpuHistoPyramid>(method == CompactMethod::HistoPyramidVec4);
}

GpuCompact::~GpuCompact() = default;
GpuCompact::GpuCompact(GpuCompact&&) noexcept = default;
GpuCompact& GpuCompact::operator=(GpuCompact&&) noexcept = default;

void GpuCompact::run(const Buffer& flags, std::uint64_t n, const Buffer& indices,
                     const Buffer& result, CompactConsumer next) {
    const KeptBindings kept;  // the caller's bindings, back as they were on return
    if (n == 0 || n > kMaxCompactElements)
        throw Error("compaction: " + std::to_string(n) + " elements; it takes 1 to 2^31");
    if (std::uint64_t(flags.size()) < n * 4 || std::uint64_t(indices.size()) < n * 4)
        throw Error("compaction of " + std::to_string(n) + " elements needs " +
                    std::to_string(n * 4) + "-byte flags and indices; got " +
                    std::to_string(flags.size()) + " and " + std::to_string(indices.size()));
    if (result.size() < GLsizeiptr(sizeof(CompactResult)))
        throw Error("compaction: the result needs " + std::to_string(sizeof(CompactResult)) +
                    " bytes; got " + std::to_string(result.size()));
    if (next.localSize == 0) throw Error("compaction: the next pass's local size is 0");
    // The flags and the indices are bound whole.
    requireLimit(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, std::int64_t(n * 4),
                 "a compaction of " + std::to_string(n) + " flags");
    if (!arguments_) arguments_ = compactArgumentsProgram();
    DebugGroup group("compact");

    if (pyramid_) {
        pyramid_->build(flags, n);
        pyramid_->traverse(flags, indices);
        writeCompactResult(arguments_, pyramid_->levels(), pyramid_->countIndex(), result, next);
        return;
    }
    // The scatter and the append: one invocation per flag, reading the flags at binding 0 and
    // writing indices at 2, with their own third buffer at `binding`.
    const auto overFlags = [&](const Program& pass, GLuint binding, const Buffer& own) {
        pass.use();
        glUniform1ui(pass.uniform("count"), GLuint(n));
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, flags.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, indices.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding, own.id());
        const glm::uvec3 groups = pass.itemGroupsFor(n);
        glDispatchCompute(groups.x, groups.y, groups.z);
    };
    if (method_ == CompactMethod::Scan) {
        if (std::uint64_t(scanned_.size()) < n * 4)
            scanned_ = Buffer("compaction: scanned flags", GLsizeiptr(n * 4), BufferUse::Computed);
        if (!scatter_) scatter_ = Program::compute("compute/compact_scatter.comp");
        scan_.run(flags, scanned_, n);
        // The scatter and the count's reader below read the scanned flags.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        overFlags(scatter_, 1, scanned_);
        // The last inclusive sum is the count.
        writeCompactResult(arguments_, scanned_, std::uint32_t(n - 1), result, next);
        return;
    }
    // Atomic: the counter starts at zero. glClearBufferData is not a shader write, so the
    // append's atomics see it without a barrier.
    if (!counter_) counter_ = Buffer("compaction: append counter", 4, BufferUse::Computed);
    if (!append_) append_ = Program::compute("compute/compact_append.comp");
    const std::uint32_t zero = 0;
    glBindBuffer(GL_COPY_WRITE_BUFFER, counter_.id());
    glClearBufferData(GL_COPY_WRITE_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
    glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    overFlags(append_, 3, counter_);
    // The count's reader below reads the counter from a shader (SHADER_STORAGE); the next
    // run's glClearBufferData rewrites it, and must wait for these atomics (BUFFER_UPDATE).
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    writeCompactResult(arguments_, counter_, 0, result, next);
}

Program compactArgumentsProgram() {
    return Program::compute("compute/compact_arguments.comp");
}

void writeCompactResult(const Program& arguments, const Buffer& counts, std::uint32_t countIndex,
                        const Buffer& result, CompactConsumer next) {
    const KeptBindings kept;  // the caller's bindings, back as they were on return
    arguments.use();
    glUniform1ui(arguments.uniform("countIndex"), countIndex);
    glUniform1ui(arguments.uniform("localSize"), next.localSize);
    glUniform1ui(arguments.uniform("verticesPerElement"), next.verticesPerElement);
    glUniform1ui(arguments.uniform("maxGroupsX"), maxGroupCount(0));
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, counts.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 7, result.id());
    glDispatchCompute(1, 1, 1);
}

std::vector<std::uint32_t> compactOnCpu(const std::vector<std::uint32_t>& flags) {
    std::vector<std::uint32_t> indices;
    for (std::size_t i = 0; i < flags.size(); ++i)
        if (flags[i] != 0) indices.push_back(std::uint32_t(i));
    return indices;
}

}  // namespace cs
