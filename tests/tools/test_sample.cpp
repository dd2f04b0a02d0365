// test_sample: a sample that draws nothing of its own, for tests of the framework's run loop.
// Its frame is the flat background, so with the overlay on, any difference is the overlay's
// (tests/sample_smoke.sh overlay). --set gl_error=true raises GL_INVALID_ENUM in every frame,
// for the test that such a run fails and writes no --output (tests/samples/framework_test.cpp);
// --set debug_output=false turns KHR_debug off first, as a driver that sends no messages;
// --set performance_hint=true sends a medium-severity performance message in every frame, as
// some drivers do on every readback (only CS_GL_DEBUG=1 prints it); --set out_of_memory=true
// throws std::bad_alloc in setup(), as a huge input might; --set first_frame_pass=true times a
// pass in the first frame only, which --bench's timed frames then never see. `size` stands
// for a count that rebuilds state: each rebuild prints "test_sample: rebuilt for size=N" on
// stderr, so that a test can count them (an overlay drag must rebuild once, when let go).
// Its cost is declared to grow as its square, so that a drag to its end asks first.
// --set sleep_ms=N makes each update() take N ms (with jitter=true, 0.5 N and 1.5 N in
// turn), for the tests of the slow-frame note, whatever the size. It sleeps in a timed pass:
// where the profiler times with glFinish and the CPU clock (llvmpipe), the sleep is the
// frames' GPU work, which the window's estimates scale; the first frame says whether it is
// ("test_sample: sleep_ms is GPU work: yes").
#include <chrono>
#include <cstdio>
#include <new>
#include <thread>
#include <utility>

#include "app/sample.h"

class TestSample : public cs::Sample {
public:
    TestSample() : Sample("test_sample", "draws nothing; a probe for framework tests") {}

private:
    // First, so that its slider is the overlay's first.
    int& size = params.add("size", 512, {1, 1 << 20}, "a count that rebuilds state")
                    .costGrowsAs(cs::growth::square);
    int& sleepMs = params.add("sleep_ms", 0, {0, 5000}, "milliseconds each update() takes");
    bool& jitter = params.add("jitter", false, "sleep_ms alternates between 0.5x and 1.5x");
    int frames = 0;
    bool& glError = params.add("gl_error", false, "raise a GL error in every frame");
    bool& debugOutput = params.add("debug_output", true, "leave KHR_debug messages on");
    bool& performanceHint =
        params.add("performance_hint", false, "send a medium-severity message in every frame");
    bool& outOfMemory = params.add("out_of_memory", false, "throw std::bad_alloc in setup()");
    bool& firstFramePass = params.add("first_frame_pass", false, "a GPU pass in frame 1 only");
    bool firstFrame = true;

    void setup() override {
        if (!debugOutput) glDisable(GL_DEBUG_OUTPUT);
        if (outOfMemory) throw std::bad_alloc();
    }
    void update(double) override {
        if (params.changed(&size)) std::fprintf(stderr, "test_sample: rebuilt for size=%d\n", size);
        const bool first = std::exchange(firstFrame, false);
        const double factor = jitter ? (++frames % 2 ? 0.5 : 1.5) : 1.0;
        if (sleepMs > 0) {
            if (first)
                std::fprintf(
                    stderr, "test_sample: sleep_ms is GPU work: %s\n",
                    timingMethod() == cs::GpuProfiler::Method::FinishAndClock ? "yes" : "no");
            auto pass = gpuPass("sleep");
            std::this_thread::sleep_for(
                std::chrono::duration<double, std::milli>(sleepMs * factor));
        }
        if (firstFramePass && first) {
            auto pass = gpuPass("first frame");
        }
        if (glError) glBindBuffer(0x1234, 0);  // no such target
        if (performanceHint)
            glDebugMessageInsert(GL_DEBUG_SOURCE_APPLICATION, GL_DEBUG_TYPE_PERFORMANCE, 1,
                                 GL_DEBUG_SEVERITY_MEDIUM, -1, "a performance hint");
    }
    void render() override {}
    void finish() override {
        if (!options().output.empty()) queueOutput(options().output, "finished\n");
    }
};

CS_SAMPLE_MAIN(TestSample)
