#include "delayed_count.h"

namespace compaction {

DelayedCount::DelayedCount() = default;

DelayedCount::~DelayedCount() {
    for (Slot& slot : slots_)
        if (slot.fence) glDeleteSync(slot.fence);
}

void DelayedCount::request(const cs::Buffer& source, GLintptr offset, std::uint64_t frame) {
    for (Slot& slot : slots_) {
        if (slot.fence) continue;
        if (!slot.copy) slot.copy = cs::Buffer("delayed count", 4, cs::BufferUse::ReadBack);
        glBindBuffer(GL_COPY_READ_BUFFER, source.id());
        glBindBuffer(GL_COPY_WRITE_BUFFER, slot.copy.id());
        glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, offset, 0, 4);
        glBindBuffer(GL_COPY_READ_BUFFER, 0);
        glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
        slot.fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
        slot.frame = frame;
        return;
    }
}

void DelayedCount::poll() {
    for (Slot& slot : slots_) {
        if (!slot.fence) continue;
        // A timeout of 0 asks whether the fence has signalled, and never waits. The flush
        // makes sure the fence reaches the GPU, or it might never signal.
        const GLenum status = glClientWaitSync(slot.fence, GL_SYNC_FLUSH_COMMANDS_BIT, 0);
        if (status != GL_ALREADY_SIGNALED && status != GL_CONDITION_SATISFIED) continue;
        glDeleteSync(slot.fence);
        slot.fence = nullptr;
        if (known_ && slot.frame < frame_) continue;  // an older copy than the one shown
        // The copy has finished, so this read does not wait for the GPU.
        slot.copy.download(&value_, 4);
        frame_ = slot.frame;
        known_ = true;
    }
}

}  // namespace compaction
