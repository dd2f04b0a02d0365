#pragma once
// Long work cut into slices across frames, so that a window redraws while it runs, shows how
// far it is, and takes Esc or a cancel between two slices: about kSlice of work a frame in a
// window, and at least one item. Headless, all of it in the first frame, so that a run's
// results and outputs are those of the whole work.
//
//   cs::Slices runs;
//   runs.start(experiments * runsEach, headless());   // when the work is asked for
//   for (; runs.more(); runs.next()) doItem(runs.at());  // in update(), every frame
//   if (!runs.running()) ...                            // done (or cancelled)
#include <chrono>
#include <cstdint>

namespace cs {

class Slices {
public:
    static constexpr std::chrono::milliseconds kSlice{100};

    // Begins the work: items 0 to total - 1, from the next more().
    void start(std::uint64_t total, bool allAtOnce) {
        at_ = 0;
        total_ = total;
        allAtOnce_ = allAtOnce;
        inSlice_ = false;
        cancelled_ = false;
    }
    // Whether to do item at() now: work is left, no cancel was asked, and this frame's slice
    // is not over. A false that ends a slice starts the next one at the next call.
    bool more() {
        if (cancelled_) total_ = at_;
        if (at_ >= total_) return false;
        const auto now = std::chrono::steady_clock::now();
        if (!inSlice_) {
            inSlice_ = true;
            sliceStart_ = now;
            return true;
        }
        if (allAtOnce_ || now - sliceStart_ < kSlice) return true;
        inSlice_ = false;  // on from here next frame
        return false;
    }
    void next() { ++at_; }
    // Ends the work at the next more(), keeping what was done (from a button, say).
    void cancel() { cancelled_ = true; }

    std::uint64_t at() const { return at_; }
    std::uint64_t total() const { return total_; }
    bool running() const { return at_ < total_ && !cancelled_; }
    float fraction() const { return total_ > 0 ? float(double(at_) / double(total_)) : 1.0f; }

private:
    std::uint64_t at_ = 0, total_ = 0;
    bool allAtOnce_ = false, inSlice_ = false, cancelled_ = false;
    std::chrono::steady_clock::time_point sliceStart_;
};

}  // namespace cs
