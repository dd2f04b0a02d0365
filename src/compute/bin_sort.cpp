#include "compute/bin_sort.h"

#include <algorithm>
#include <limits>
#include <string>

#include "gl/debug.h"
#include "gl/kept_bindings.h"
#include "util/error.h"

namespace cs {
namespace {

// A buffer of at least `count` uints, grown (never shrunk) as needed.
void reserveUints(Buffer& buffer, const char* name, std::uint64_t count) {
    const auto bytes = GLsizeiptr(std::max<std::uint64_t>(count, 1) * 4);
    if (buffer.size() < bytes) buffer = Buffer(name, bytes, BufferUse::Computed);
}

void requireUints(const Buffer& buffer, const char* what, std::uint32_t items) {
    if (std::uint64_t(buffer.size()) < std::uint64_t(items) * 4)
        throw Error(std::string("bin sort: ") + what + " of " + std::to_string(buffer.size()) +
                    " bytes cannot hold " + std::to_string(items) + " uints");
}

void dispatchItems(const Program& program, std::uint32_t items, std::uint32_t bins) {
    program.use();
    glUniform1ui(program.uniform("count"), items);
    glUniform1ui(program.uniform("bins"), bins);
    const glm::uvec3 groups = program.groupsFor(items);
    glDispatchCompute(groups.x, groups.y, groups.z);
}

}  // namespace

void GpuBinSort::count(const Buffer& keys, std::uint32_t items, std::uint32_t bins) {
    const KeptBindings kept;  // the caller's bindings, back as they were on return
    if (bins == 0 || bins == std::numeric_limits<std::uint32_t>::max())
        throw Error("bin sort: " + std::to_string(bins) + " bins; it takes 1 to 2^32 - 2");
    requireUints(keys, "a key buffer", items);
    if (!countPass_) {
        countPass_ = Program::compute("compute/bin_sort_count.comp");
        scatterPass_ = Program::compute("compute/bin_sort_scatter.comp");
        orderPass_ = Program::compute("compute/bin_sort_order.comp");
    }
    countPass_.groupsFor(items);  // throws, naming the limit, before anything is dispatched
    keys_ = &keys;
    items_ = items;
    bins_ = bins;
    reserveUints(starts_, "bin sort: counts, then bin starts", std::uint64_t(bins) + 1);
    reserveUints(arrivals_, "bin sort: arrival numbers", items);
    reserveUints(placed_, "bin sort: items in arrival order", items);

    DebugGroup group("bin sort: count");
    // The clear writes counters that the last sort's shaders wrote: it must wait for them.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    const GLuint zero = 0;
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, starts_.id());
    glClearBufferSubData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, 0, GLsizeiptr(bins + 1ull) * 4,
                         GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
    glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, keys.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, starts_.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, arrivals_.id());
    dispatchItems(countPass_, items, bins);
    // The scan reads the counts, the scatter the arrival numbers: both as storage.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void GpuBinSort::scan() {
    const KeptBindings kept;  // the caller's bindings, back as they were on return
    if (!keys_) throw Error("bin sort: scan() before count()");
    // bins + 1 counts, the last one zero: its exclusive sum is the end of the last bin.
    scan_.run(starts_, starts_, std::uint64_t(bins_) + 1, 1, ScanMode::Exclusive);
    // The scatter reads the bin starts as storage.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void GpuBinSort::scatter(const Buffer& order) {
    const KeptBindings kept;  // the caller's bindings, back as they were on return
    if (!keys_) throw Error("bin sort: scatter() before count()");
    requireUints(order, "an order buffer", items_);
    DebugGroup group("bin sort: scatter");
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, keys_->id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, starts_.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, arrivals_.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, placed_.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, order.id());
    dispatchItems(scatterPass_, items_, bins_);
    // The ordering pass reads every bin's members in arrival order, as storage.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    dispatchItems(orderPass_, items_, bins_);
}

void GpuBinSort::run(const Buffer& keys, std::uint32_t items, std::uint32_t bins,
                     const Buffer& order) {
    count(keys, items, bins);
    scan();
    scatter(order);
}

}  // namespace cs
