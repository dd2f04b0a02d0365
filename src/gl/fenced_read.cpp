#include "gl/fenced_read.h"

#include <stdexcept>
#include <utility>

namespace cs {

FencedRead::FencedRead(const std::string& name, GLsizeiptr size) : size_(size) {
    if (size <= 0) throw std::logic_error("FencedRead '" + name + "': size must be positive");
    for (Slot& slot : slots_)
        slot.copy = Buffer(name + " (fenced read)", size, BufferUse::ReadBack);
    bytes_.resize(std::size_t(size));
}

FencedRead::~FencedRead() {
    release();
}

FencedRead::FencedRead(FencedRead&& other) noexcept {
    *this = std::move(other);
}

FencedRead& FencedRead::operator=(FencedRead&& other) noexcept {
    if (this == &other) return *this;
    release();
    size_ = other.size_;
    for (std::size_t i = 0; i < slots_.size(); ++i) {
        slots_[i].copy = std::move(other.slots_[i].copy);
        slots_[i].fence = std::exchange(other.slots_[i].fence, nullptr);
        slots_[i].sequence = other.slots_[i].sequence;
        slots_[i].tag = other.slots_[i].tag;
    }
    requests_ = other.requests_;
    shownSequence_ = other.shownSequence_;
    tag_ = other.tag_;
    known_ = std::exchange(other.known_, false);
    bytes_ = std::move(other.bytes_);
    return *this;
}

void FencedRead::release() {
    for (Slot& slot : slots_)
        if (slot.fence) glDeleteSync(std::exchange(slot.fence, nullptr));
}

bool FencedRead::request(const Buffer& source, GLintptr offset, std::uint64_t tag) {
    for (Slot& slot : slots_) {
        if (slot.fence) continue;  // still in flight
        glBindBuffer(GL_COPY_READ_BUFFER, source.id());
        glBindBuffer(GL_COPY_WRITE_BUFFER, slot.copy.id());
        glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, offset, 0, size_);
        glBindBuffer(GL_COPY_READ_BUFFER, 0);
        glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
        slot.fence = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
        slot.sequence = ++requests_;
        slot.tag = tag;
        return true;
    }
    return false;
}

bool FencedRead::poll() {
    bool newer = false;
    for (Slot& slot : slots_) {
        if (!slot.fence) continue;
        // A timeout of 0 asks whether the fence has signalled and never waits. The flush
        // makes sure the fence reaches the GPU, or it might never signal.
        const GLenum status = glClientWaitSync(slot.fence, GL_SYNC_FLUSH_COMMANDS_BIT, 0);
        if (status != GL_ALREADY_SIGNALED && status != GL_CONDITION_SATISFIED) continue;
        glDeleteSync(std::exchange(slot.fence, nullptr));
        if (known_ && slot.sequence < shownSequence_) continue;  // older than the one held
        // The copy has finished, so this read does not wait for the GPU.
        slot.copy.download(bytes_.data(), size_);
        shownSequence_ = slot.sequence;
        tag_ = slot.tag;
        known_ = newer = true;
    }
    return newer;
}

void FencedRead::reset() {
    release();
    known_ = false;
    shownSequence_ = requests_;  // a copy requested before now is never shown
}

}  // namespace cs
