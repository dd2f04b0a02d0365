#pragma once
// The overlay's count without a stall. Reading a buffer the GPU is still writing makes the
// CPU wait for everything queued before it; so each frame copies the count into a small
// read-back buffer of its own and sets a fence after the copy, and later frames read only
// the copies whose fence has already signalled. The count shown is a frame or two old; the
// GPU never waits for the CPU, nor the CPU for the GPU.
#include <array>
#include <cstdint>

#include "gl/objects.h"

namespace compaction {

class DelayedCount {
public:
    DelayedCount();
    ~DelayedCount();
    DelayedCount(const DelayedCount&) = delete;
    DelayedCount& operator=(const DelayedCount&) = delete;

    // Queues a copy of the uint at byte `offset` of `source`, written by frame `frame`. The
    // caller's barrier must include GL_BUFFER_UPDATE_BARRIER_BIT after the shader writes to
    // it. Skipped, not waited for, when every slot is still in flight.
    void request(const cs::Buffer& source, GLintptr offset, std::uint64_t frame);
    // Reads every copy whose fence has signalled, without waiting.
    void poll();

    bool known() const { return known_; }
    std::uint32_t value() const { return value_; }
    std::uint64_t frame() const { return frame_; }  // the frame that wrote value()

private:
    struct Slot {
        cs::Buffer copy;
        GLsync fence = nullptr;
        std::uint64_t frame = 0;
    };
    std::array<Slot, 3> slots_;
    bool known_ = false;
    std::uint32_t value_ = 0;
    std::uint64_t frame_ = 0;
};

}  // namespace compaction
