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
//
// Since the value is late, a caller whose request changes from frame to frame (another
// element, other settings) gives each request a tag, and the value comes back with its
// request's tag, so that it is shown for what it is:
//
//     record.request(records, index * sizeof(Record), index);   // tag: which element
//     record.poll();
//     if (record.holds(hoveredIndex)) show(record.value<Record>());
//
// cs::TaggedRead (below) takes any value as the tag, such as the settings a result was
// computed with, and gives it back with the value that answers its request.
#include <array>
#include <cstddef>
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

    // How many copies may be in flight at once. The value held therefore answers one of the
    // last kInFlight + 1 requests that were queued (a newer one that finished would replace
    // it): TaggedRead keeps its tags in a ring of that many.
    static constexpr std::size_t kInFlight = 3;

    // Queues a copy of size() bytes at `offset` of `source`, tagged `tag` (the caller's name
    // for what it asked: an element's index, a count of requests), which tag() returns with
    // its value. Shader writes to `source` need GL_BUFFER_UPDATE_BARRIER_BIT before the call.
    // When every copy is still in flight (the GPU is kInFlight requests behind) the request
    // is skipped, never waited for: returns whether it was queued.
    bool request(const Buffer& source, GLintptr offset = 0, std::uint64_t tag = 0);
    // Reads every copy whose fence has signalled, without waiting. Returns whether a newer
    // value than the one held arrived.
    bool poll();
    // Forgets the value and every copy in flight: for a result whose meaning changed (a new
    // simulation), so that no old value is shown as the new one's.
    void reset();

    bool known() const { return known_; }
    // The tag of the request whose value is held (meaningful when known()).
    std::uint64_t tag() const { return tag_; }
    // Whether the value held answers a request tagged `tag`.
    bool holds(std::uint64_t tag) const { return known_ && tag_ == tag; }
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
        std::uint64_t tag = 0;       // the caller's tag for that request
    };
    void release();

    GLsizeiptr size_ = 0;
    std::array<Slot, kInFlight> slots_;
    std::uint64_t requests_ = 0;
    std::uint64_t shownSequence_ = 0;  // the request whose bytes are held
    std::uint64_t tag_ = 0;            // and its tag
    bool known_ = false;
    std::vector<unsigned char> bytes_;
};

// A fenced read whose tag is any value the caller chooses, kept on the CPU while its copy is
// in flight and given back with the value that answers its request:
//
//     cs::TaggedRead<Settings> count("kept count", sizeof(std::uint32_t));   // once
//     count.poll();                                                // each frame
//     count.request(result, 0, settings);   // the settings this frame's count comes from
//     if (count.known()) show(count.value<std::uint32_t>(), count.tag());
template <typename Tag>
class TaggedRead {
public:
    TaggedRead() = default;
    TaggedRead(const std::string& name, GLsizeiptr size) : read_(name, size) {}

    // FencedRead::request, keeping `tag` for the value that answers it.
    bool request(const Buffer& source, GLintptr offset, const Tag& tag) {
        if (!read_.request(source, offset, requests_ + 1)) return false;
        ++requests_;
        tags_[requests_ % tags_.size()] = tag;
        return true;
    }
    bool poll() { return read_.poll(); }
    void reset() { read_.reset(); }
    bool known() const { return read_.known(); }
    template <typename T>
    T value() const {
        return read_.value<T>();
    }
    // The tag of the request whose value is held (meaningful when known()).
    const Tag& tag() const { return tags_[read_.tag() % tags_.size()]; }

private:
    FencedRead read_;  // tagged with each request's number
    // By request number: the value held answers one of the last kInFlight + 1 requests.
    std::array<Tag, FencedRead::kInFlight + 1> tags_{};
    std::uint64_t requests_ = 0;
};

}  // namespace cs
