// The roofline calibration's kernels (bench/calibration.h) compute what they claim: copies that
// copy every byte, whichever way, and FMA chains whose result the CPU predicts. A calibration that
// timed a kernel doing less than its count would overstate the device.
#include "bench/calibration.h"

#include <cmath>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "gl/objects.h"
#include "gl/program.h"
#include "gl_test.h"
#include "support/error_from.h"

namespace {

using Calibration = cs::test::GlTest;

// Every way of copying that the calibration times, as it runs them and with windows small
// enough that a test buffer takes several, the last one partial: each byte arrives.
TEST_F(Calibration, EveryCopyVariantCopiesEveryElement) {
    const GLsizeiptr step = cs::BufferCopier::kCopyStepBytes;
    const GLsizeiptr bytes = 5 * step;
    const size_t words = size_t(bytes) / 4;
    std::vector<std::uint32_t> data(words);
    for (size_t i = 0; i < words; ++i) data[i] = std::uint32_t(i * 2654435761u);
    const std::vector<std::uint32_t> poison(words, 0xdeadbeefu);
    cs::Buffer source("copy test source", bytes, cs::BufferUse::Input, data.data());
    cs::Buffer destination("copy test destination", bytes, cs::BufferUse::Computed);
    std::vector<cs::CopyVariant> variants = cs::copyVariants();
    for (const cs::CopyVariant& variant : cs::copyVariants()) {
        cs::CopyVariant small = variant;
        small.name += ", in windows of 2 steps";
        small.window = 2 * step;
        variants.push_back(small);
    }
    const cs::BufferCopier copier;
    for (const cs::CopyVariant& variant : variants) {
        destination.upload(poison.data(), bytes);
        copier.copy(variant, source, destination);
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);  // the download copies the writes
        std::vector<std::uint32_t> result(words);
        destination.download(result.data(), bytes);
        EXPECT_TRUE(result == data) << variant.name;
    }
}

TEST_F(Calibration, FmaKernelComputesItsChains) {
    const cs::Program fma = cs::Program::compute("framework/calibrate_fma.comp");
    const GLuint invocations = 256;
    cs::Buffer sink("fma test sink", invocations * 4, cs::BufferUse::Computed);
    const int iterations = 3;  // 3 x 4 FMAs on every chain
    fma.use();
    glUniform1i(fma.uniform("iterations"), iterations);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, sink.id());
    glDispatchCompute(1, 1, 1);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<float> result(invocations);
    sink.download(result.data(), invocations * 4);
    // Chain k of invocation i starts at i * 1e-6 + k / 10 (four equal lanes each) and runs
    // x = 0.999 x + 0.001 twelve times. GLSL may fuse or not, so allow float rounding.
    for (GLuint i = 0; i < invocations; i += 51) {
        double expected = 0.0;
        for (int k = 0; k < 8; ++k) {
            double x = double(float(i) * 1e-6f) + 0.1 * k;
            for (int n = 0; n < 4 * iterations; ++n) x = x * 0.999 + 0.001;
            expected += 4 * x;
        }
        EXPECT_NEAR(result[i], expected, 1e-5 * expected) << "invocation " << i;
    }
}

TEST_F(Calibration, TheCopyRooflineIsTheFasterCopy) {
    const cs::Calibration c = cs::calibrateDevice(cs::detectTimingMethod());
    EXPECT_GT(c.shaderCopyGBps, 0.0);
    EXPECT_GT(c.apiCopyGBps, 0.0);
    EXPECT_EQ(c.copyGBps, std::max(c.shaderCopyGBps, c.apiCopyGBps));
    EXPECT_FALSE(c.copyWay.empty());
    EXPECT_EQ(c.copyVariants.size(), cs::copyVariants().size());
    EXPECT_GT(c.fmaGflops, 0.0);
    EXPECT_GE(c.copySpread, 0.0);
    EXPECT_GE(c.fmaSpread, 0.0);
}

// The FMA rate a dispatch at a time, as nbody's window runs it: the loop count grows, then
// kRuns timed runs, each a step() of its own; the rate is the fastest run's, the spread
// measured from it.
TEST_F(Calibration, TheFmaRateIsMeasuredOneDispatchAStep) {
    cs::FmaMeasurement measurement(cs::detectTimingMethod());
    int steps = 1;
    while (!measurement.step()) {
        ++steps;
        ASSERT_LE(steps, 17 + cs::FmaMeasurement::kRuns) << "the loop count grows 16 times at most";
    }
    EXPECT_EQ(measurement.runsDone(), cs::FmaMeasurement::kRuns);
    EXPECT_GE(steps, cs::FmaMeasurement::kRuns + 1) << "a growing step, then one per run";
    EXPECT_TRUE(measurement.step()) << "done stays done, and runs nothing";
    cs::Calibration c;
    measurement.result(c);
    EXPECT_GT(c.fmaGflops, 0.0);
    EXPECT_GE(c.fmaSpread, 0.0);
    EXPECT_EQ(c.fmaRuns, cs::FmaMeasurement::kRuns);
}

// The copy at one size, for sweeps: any byte count, rounded up to the kernel's step.
TEST_F(Calibration, TheCopyAtOneSizeTakesAnyByteCount) {
    const cs::GpuProfiler::Method method = cs::detectTimingMethod();
    for (const GLsizeiptr bytes : {GLsizeiptr(1), GLsizeiptr(16384), GLsizeiptr((1 << 20) + 3)})
        EXPECT_GT(cs::copyGBpsAt(bytes, method), 0.0) << bytes << " bytes";
}

// The copy in a benchmark's own buffers copies them, every variant: the destination ends
// equal to the source. Buffers that no copy variant can take are refused.
TEST_F(Calibration, TheCopyInGivenBuffersCopiesThem) {
    const cs::GpuProfiler::Method method = cs::detectTimingMethod();
    const std::size_t words = 4 * cs::BufferCopier::kCopyStepBytes / 4;
    std::vector<std::uint32_t> data(words);
    for (std::size_t i = 0; i < words; ++i) data[i] = std::uint32_t(i * 2654435761u) | 1u;
    const auto bytes = GLsizeiptr(words * 4);
    const cs::Buffer source("source", bytes, cs::BufferUse::Input, data.data());
    const cs::Buffer destination("destination", bytes, cs::BufferUse::Computed);
    EXPECT_GT(cs::copyGBpsBetween(source, destination, method), 0.0);
    std::vector<std::uint32_t> copied(words);
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    destination.download(copied.data(), bytes);
    EXPECT_TRUE(copied == data);
    const cs::Buffer odd("odd", bytes + 4, cs::BufferUse::Computed);
    EXPECT_NE(
        cs::test::errorFrom([&] { cs::copyGBpsBetween(source, odd, method); }).find("one size"),
        std::string::npos);
}

// Grows the loop count of calibrate_fma.comp until `dispatch` takes 10 ms on the clock (the
// median of three, so that one run slowed by another process does not stop it early).
// Returns those milliseconds.
double growOneDispatch(const cs::Program& fma, const std::function<void()>& dispatch) {
    for (int iterations = 1;; iterations *= 2) {
        glUniform1i(fma.uniform("iterations"), iterations);
        const double ms = cs::medianGpuMs(dispatch, cs::GpuProfiler::Method::FinishAndClock, 3);
        if (ms >= 10.0 || iterations >= (1 << 16)) return ms;
    }
}

// Whichever method detectTimingMethod() picks must time a pass of ONE dispatch, with a
// framebuffer bound as a window's is. llvmpipe's queries read 0 without a framebuffer, but
// with one they time from flush to flush: a run of dispatches with barriers between them
// looked timed (the old probe trusted them, in a window only), while one dispatch reads ~0.
TEST_F(Calibration, TheDetectedMethodTimesOneDispatchWithAFramebufferBound) {
    const cs::Framebuffer target("timing test target", 320, 180, GL_RGBA8, /*withDepth=*/true);
    glBindFramebuffer(GL_FRAMEBUFFER, target.id());
    const cs::GpuProfiler::Method method = cs::detectTimingMethod();

    const cs::Program fma = cs::Program::compute("framework/calibrate_fma.comp");
    const GLuint groups = 256;
    cs::Buffer sink("timing test sink", groups * 256 * 4,  // 256 invocations a group
                    cs::BufferUse::Computed);
    fma.use();
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, sink.id());
    const auto dispatch = [&] { glDispatchCompute(groups, 1, 1); };
    const double clockMs = growOneDispatch(fma, dispatch);
    const double timedMs = cs::medianGpuMs(dispatch, method, 5);
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    // Queries that miss the dispatch read about 0. The clock also counts the submission and
    // glFinish's round trip, and a busy CPU renderer is noisy: a quarter leaves room for both.
    EXPECT_GE(timedMs, 0.25 * clockMs)
        << (method == cs::GpuProfiler::Method::TimerQueries ? "timer queries" : "the clock")
        << " timed " << timedMs << " ms of a dispatch that takes " << clockMs << " ms";
}

}  // namespace
