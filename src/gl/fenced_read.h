#pragma once
// A GPU result read a frame or more late, without a stall.
//
// Reading a buffer that the GPU is still writing (glGetBufferSubData, Buffer::download)
// makes the CPU wait until everything queued before it has run: on a GPU that drains the
// pipeline, every frame it is done. An overlay figure does not need this frame's value, so:
//
//     cs::FencedRead totals("energy totals", sizeof(Totals));   // once
//     ...                                                       // each frame:
//     glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);  // the shader's writes, before the copy
//     totals.request(totalsBuffer);  // queues a GPU copy and a fence after it
//     totals.poll();                 // reads the copies whose fence has signalled
//     if (totals.known()) show(totals.value<Totals>());
//
// Each request copies the bytes into a small read-back buffer of its own and sets a fence
// after the copy; poll() asks each fence, with a zero timeout, whether it has signalled, and
// reads only those copies, which by then are finished. The value shown is one, two or three
// frames old; the GPU never waits for the CPU, nor the CPU for the GPU.
#include <array>
#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "gl/objects.h"

namespace cs {

class FencedRead {
public:
    FencedRead() = default;
    // Reads of `size` bytes; `name` labels the read-back buffers in captures.
    FencedRead(const std::string& name, GLsizeiptr size);
    ~FencedRead();
    FencedRead(FencedRead&& other) noexcept;
    FencedRead& operator=(FencedRead&& other) noexcept;

    // Queues a copy of size() bytes at `offset` of `source`. Shader writes to `source` need
    // GL_BUFFER_UPDATE_BARRIER_BIT before the call. When every copy is still in flight (the
    // GPU is three requests behind) the request is skipped, never waited for.
    void request(const Buffer& source, GLintptr offset = 0);
    // Reads every copy whose fence has signalled, without waiting. Returns whether a newer
    // value than the one held arrived.
    bool poll();
    // Forgets the value and every copy in flight: for a result whose meaning changed (a new
    // simulation), so that no old value is shown as the new one's.
    void reset();

    bool known() const { return known_; }
    GLsizeiptr size() const { return size_; }
    // The newest value read, as a T of exactly size() bytes.
    template <typename T>
    T value() const {
        static_assert(std::is_trivially_copyable_v<T>, "a GPU value is plain bytes");
        if (sizeof(T) != bytes_.size()) throw std::logic_error("FencedRead::value: wrong size");
        T result;
        std::memcpy(&result, bytes_.data(), sizeof(T));
        return result;
    }

private:
    struct Slot {
        Buffer copy;
        GLsync fence = nullptr;
        std::uint64_t sequence = 0;  // which request made it
    };
    void release();

    GLsizeiptr size_ = 0;
    std::array<Slot, 3> slots_;
    std::uint64_t requests_ = 0;
    std::uint64_t shownSequence_ = 0;  // the request whose bytes are held
    bool known_ = false;
    std::vector<unsigned char> bytes_;
};

}  // namespace cs
