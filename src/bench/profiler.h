#pragma once
// GPU time per named pass with GL_TIME_ELAPSED queries, read back a few frames later
// so the CPU never waits for the GPU. Each pass is also a debug group in captures.
//
// Some drivers' timer queries do not see compute work (Mesa's llvmpipe runs dispatches
// outside the span its queries time). For those, the profiler falls back to glFinish()
// before and after each pass and the CPU clock: it stalls, but measures what ran.
#include <deque>
#include <map>
#include <string>
#include <vector>

#include "gl/debug.h"
#include "gl/objects.h"

namespace cs {

// The name under which the framework times each frame's render() for the overlay.
constexpr const char* kDrawPass = "draw";

class GpuProfiler {
public:
    class Scope;
    enum class Method { TimerQueries, FinishAndClock };

    void setMethod(Method method) { method_ = method; }
    Method method() const { return method_; }
    std::string methodName() const;

    // Times the GL commands issued while the returned scope lives. Passes must not nest:
    // only one GL_TIME_ELAPSED query may be active at a time. A pass that is not `listed`
    // (the framework's timing of render(), kDrawPass) is timed but left out of the frame's
    // list of passes and of passNames(), which are the sample's own.
    Scope pass(const char* name, bool listed = true);
    // Collects every query whose result is ready, without waiting.
    void collect();
    // Waits for all pending queries (end of a benchmark).
    void collectAll();

    // Milliseconds of each pass: the latest value and every sample since clearSamples().
    double latestMs(const std::string& pass) const;
    // The median of its last kRecent values: steadier than the latest, for an estimate.
    double recentMs(const std::string& pass) const;
    static constexpr std::size_t kRecent = 8;
    const std::map<std::string, std::vector<double>>& samples() const { return samples_; }
    std::vector<std::string> passNames() const;  // in first-seen order
    // Frames, for the overlay: it lists only the passes of the last frame that ran any, so a
    // pass that stopped running (a method switched off) leaves the list.
    void beginFrame();
    const std::vector<std::string>& lastFramePasses() const { return lastFrame_; }
    // How many times `pass` ran in that frame (a step run steps_per_frame times), and how many
    // frames ago that frame was (1: the frame before; more where a sample computes only on a
    // change).
    int lastFrameRuns(const std::string& pass) const;
    int lastFrameAge() const { return lastFrameAge_; }
    // Whether render() has been timed (kDrawPass).
    bool timesDraw() const { return latest_.count(kDrawPass) != 0; }
    void clearSamples();

private:
    struct Pending {
        std::string pass;
        GlObject<QueryTraits> query;
    };
    void collect(bool wait);
    void record(const std::string& pass, double ms);
    GlObject<QueryTraits> takeQuery();

    std::deque<Pending> pending_;
    std::vector<GlObject<QueryTraits>> spare_;
    std::map<std::string, double> latest_;
    std::map<std::string, std::vector<double>> samples_;
    std::map<std::string, std::deque<double>> recent_;  // the last kRecent of each
    std::vector<std::string> order_;
    std::vector<std::string> thisFrame_, lastFrame_;
    std::map<std::string, int> thisRuns_, lastRuns_;
    int lastFrameAge_ = 0;
    bool active_ = false;
    Method method_ = Method::TimerQueries;
};

class GpuProfiler::Scope {
public:
    Scope(GpuProfiler& profiler, const char* name, bool listed);
    ~Scope();
    Scope(Scope&&) = delete;  // guaranteed copy elision returns it from pass()

private:
    DebugGroup group_;
    GpuProfiler* profiler_ = nullptr;
    std::string name_;
    Method method_;              // fixed for the pass, even if the profiler's changes
    double startSeconds_ = 0.0;  // FinishAndClock only
};

}  // namespace cs
