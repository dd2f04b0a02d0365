#include "bench/calibration.h"

#include <algorithm>
#include <chrono>
#include <functional>

#include "gl/debug.h"
#include "gl/info.h"
#include "gl/objects.h"
#include "gl/program.h"

namespace cs {
namespace {

double wallMs(const std::function<void()>& dispatch) {
    glFinish();
    const auto start = std::chrono::steady_clock::now();
    dispatch();
    glFinish();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

double queryMs(const std::function<void()>& dispatch) {
    GlObject<QueryTraits> query([] {
        GLuint id = 0;
        glGenQueries(1, &id);
        return id;
    }());
    glBeginQuery(GL_TIME_ELAPSED, query.id());
    dispatch();
    glEndQuery(GL_TIME_ELAPSED);
    GLuint64 ns = 0;
    glGetQueryObjectui64v(query.id(), GL_QUERY_RESULT, &ns);  // waits: calibration only
    return static_cast<double>(ns) * 1e-6;
}

// The copy kernel bound to two buffers of `bytes` (a multiple of kCopyGranule), ready to
// dispatch: calibrate_copy.comp copies four uvec4s per invocation.
constexpr GLsizeiptr kCopyGranule = 4 * 16 * 256;  // four uvec4s per invocation, 256 per group

// The most one dispatch of the copy kernel touches in each buffer. On an H200 every GL copy
// over buffers of 1 GiB ran at a quarter of its speed over 256 MiB (issue 26), so a large
// copy is several dispatches, each over a window of the buffers bound with
// glBindBufferRange. A window is also never larger than one storage block may be.
constexpr GLsizeiptr kCopyWindow = GLsizeiptr(256) << 20;

GLsizeiptr copyWindowBytes() {
    const auto maxBlock = GLsizeiptr(glInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE));
    // A multiple of the granule is a multiple of GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT
    // too (a power of two of at most 256 bytes), so every window's offset is aligned.
    return std::min(kCopyWindow, maxBlock) / kCopyGranule * kCopyGranule;
}

struct CopyKernel {
    Buffer source, destination;
    Program program;
    GLsizeiptr window = 0;

    explicit CopyKernel(GLsizeiptr bytes)
        : source("calibration copy source", bytes, BufferUse::Computed),
          destination("calibration copy destination", bytes, BufferUse::Computed),
          program(Program::compute("framework/calibrate_copy.comp")),
          window(copyWindowBytes()) {}
    void dispatch() const {
        program.use();
        for (GLintptr offset = 0; offset < source.size(); offset += window) {
            const GLsizeiptr part = std::min(window, source.size() - offset);
            glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, source.id(), offset, part);
            glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, destination.id(), offset, part);
            glDispatchCompute(GLuint(part / kCopyGranule), 1, 1);
        }
        // The next copy, by this kernel or by glCopyBufferSubData, writes the same buffer:
        // order it after these shader writes, as a real pipeline would.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    }
    void apiCopy() const {
        glBindBuffer(GL_COPY_READ_BUFFER, source.id());
        glBindBuffer(GL_COPY_WRITE_BUFFER, destination.id());
        glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, source.size());
        glBindBuffer(GL_COPY_READ_BUFFER, 0);
        glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    }
};

double spread(const PassStats& stats) {
    return stats.medianMs > 0 ? (stats.maxMs - stats.minMs) / stats.medianMs : 0.0;
}

// Both copies of `bytes` (rounded up to the granule), timed `repeats` times each.
struct CopyTimes {
    double movedBytes = 0;  // read + written
    PassStats shader, api;
};

CopyTimes timeCopies(GLsizeiptr bytes, GpuProfiler::Method method, int repeats) {
    const GLsizeiptr rounded =
        std::max(kCopyGranule, (bytes + kCopyGranule - 1) / kCopyGranule * kCopyGranule);
    CopyKernel copy(rounded);
    CopyTimes times;
    times.movedBytes = 2.0 * double(rounded);
    times.shader = gpuTimes(
        [&] {
            DebugGroup group("calibrate copy kernel");
            copy.dispatch();
        },
        method, repeats);
    times.api = gpuTimes(
        [&] {
            DebugGroup group("calibrate glCopyBufferSubData");
            copy.apiCopy();
        },
        method, repeats);
    return times;
}

double gbps(double bytes, const PassStats& stats) {
    return stats.medianMs > 0 ? bytes / (stats.medianMs * 1e6) : 0.0;
}

// The copy's roofline needs data that no cache holds: at least four times the last-level
// cache (50 MB on an H100), so 256 MiB each way.
void measureCopy(GpuProfiler::Method method, Calibration& calibration) {
    const CopyTimes times = timeCopies(GLsizeiptr(256) << 20, method, 9);
    calibration.shaderCopyGBps = gbps(times.movedBytes, times.shader);
    calibration.apiCopyGBps = gbps(times.movedBytes, times.api);
    const bool shaderFaster = calibration.shaderCopyGBps >= calibration.apiCopyGBps;
    calibration.copyGBps = std::max(calibration.shaderCopyGBps, calibration.apiCopyGBps);
    calibration.copySpread = spread(shaderFaster ? times.shader : times.api);
}

// The FMA kernel bound to a sink, one dispatch of `groups` groups per call: 4 x 32 FMAs per
// invocation per iteration (calibrate_fma.comp).
struct FmaKernel {
    Program program;
    GLuint groups = 0;
    double invocations = 0;
    Buffer sink;

    explicit FmaKernel(GLuint groupCount)
        : program(Program::compute("framework/calibrate_fma.comp")),
          groups(groupCount),
          invocations(double(groupCount) * localSizeX(program)),
          sink("calibration fma sink", GLsizeiptr(invocations * sizeof(float)),
               BufferUse::Computed) {}
    // The loop count is a uniform so the compiler cannot fold it.
    void setIterations(int iterations) const {
        program.use();
        glUniform1i(program.uniform("iterations"), iterations);
    }
    void dispatch() const {
        program.use();
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, sink.id());
        glDispatchCompute(groups, 1, 1);
    }
    static GLint localSizeX(const Program& program) {
        GLint local[3];
        program.workGroupSize(local);
        return local[0];
    }
};

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void measureFma(GpuProfiler::Method method, Calibration& calibration) {
    // Four times as many invocations as the largest GPUs keep resident, so that the last
    // wave's idle units hardly count.
    const FmaKernel fma(4096);
    // Grow the loop count until one dispatch is long enough (20 ms) to time well. The clock
    // decides too: a timer that reads short (one that misses compute work) would otherwise
    // double the count up to its cap, and one dispatch there runs for minutes on a CPU.
    constexpr int kRepeats = 5;
    int iterations = 1;
    PassStats stats;
    for (;;) {
        fma.setIterations(iterations);
        const auto start = std::chrono::steady_clock::now();
        stats = gpuTimes(
            [&] {
                DebugGroup group("calibrate fma");
                fma.dispatch();
            },
            method, kRepeats);
        const double wallMsPerRun = secondsSince(start) * 1e3 / (kRepeats + 1);
        if (stats.medianMs >= 20.0 || wallMsPerRun >= 20.0 || iterations >= (1 << 16)) break;
        iterations *= 2;
    }
    const double fmasPerIteration = 4 * 8 * 4;  // see calibrate_fma.comp
    calibration.fmaGflops =
        fma.invocations * iterations * fmasPerIteration * 2.0 / (stats.medianMs * 1e6);
    calibration.fmaSpread = spread(stats);
    calibration.fmaRuns = stats.samples;
}

}  // namespace

PassStats gpuTimes(const std::function<void()>& dispatch, GpuProfiler::Method method, int repeats) {
    // The repeats stop early, after at least one, once they have taken kRepeatBudgetSeconds:
    // a dispatch that takes seconds is timed well enough by a few runs.
    constexpr double kRepeatBudgetSeconds = 2.0;
    std::vector<double> times;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i <= repeats; ++i) {
        const double ms =
            method == GpuProfiler::Method::TimerQueries ? queryMs(dispatch) : wallMs(dispatch);
        if (i > 0) times.push_back(ms);
        if (i > 0 && secondsSince(start) > kRepeatBudgetSeconds) break;
    }
    return summarize(times);
}

double medianGpuMs(const std::function<void()>& dispatch, GpuProfiler::Method method, int repeats) {
    return gpuTimes(dispatch, method, repeats).medianMs;
}

double medianCpuMs(const std::function<void()>& work, int repeats) {
    work();
    std::vector<double> times;
    for (int i = 0; i < repeats; ++i) {
        const auto start = std::chrono::steady_clock::now();
        work();
        times.push_back(
            std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                .count());
    }
    return summarize(times).medianMs;
}

GpuProfiler::Method detectTimingMethod() {
    // Time what a pass is at its simplest: ONE dispatch, grown (by its loop count) until it
    // takes 5 ms of wall time so that launch overhead is negligible, then see whether a timer
    // query around that same dispatch agrees with the clock.
    //
    // One dispatch, not a run of many (the probe timed a run of copies until issue 21):
    // llvmpipe runs a dispatch on the CPU inside glDispatchCompute, while its query takes its
    // times when the rasterizer replays the query's begin and end in the framebuffer's tiles,
    // at the next flush. With no draw surface (headless EGL) there are no tiles and its
    // queries read 0. With one (a window, or any framebuffer bound) they read the time from
    // one flush to another, and every glMemoryBarrier is a glFinish there: a run of N
    // dispatches with a barrier after each read as its last N - 1, near enough the clock to
    // pass, while a pass of one dispatch reads about 0. Timing one dispatch shows it in both
    // cases. A driver whose queries time compute work (NVIDIA's, or zink's over lavapipe)
    // agrees with the clock for one dispatch as for many, and keeps its queries.
    const FmaKernel fma(1024);
    int iterations = 1;
    fma.setIterations(iterations);
    auto dispatch = [&] { fma.dispatch(); };
    // Medians of three runs after a warm-up (the first use compiles and allocates): a run
    // slowed by another process must not end the growth early, nor decide alone.
    auto clockMs = [&] { return medianGpuMs(dispatch, GpuProfiler::Method::FinishAndClock, 3); };
    // Bounded by the clock (each step doubles the time, so it ends one step past 5 ms) and by
    // the count, for a device too fast to reach 5 ms in 2^16 iterations.
    double wall = clockMs();
    while (wall < 5.0 && iterations < (1 << 16)) {
        iterations *= 2;
        fma.setIterations(iterations);
        wall = clockMs();
    }
    const double query = medianGpuMs(dispatch, GpuProfiler::Method::TimerQueries, 3);
    // Half, not all: the clock also counts the submission and glFinish's round trip.
    return query >= 0.5 * wall ? GpuProfiler::Method::TimerQueries
                               : GpuProfiler::Method::FinishAndClock;
}

double copyGBpsAt(GLsizeiptr bytes, GpuProfiler::Method method) {
    const CopyTimes times = timeCopies(bytes, method, 5);
    return std::max(gbps(times.movedBytes, times.shader), gbps(times.movedBytes, times.api));
}

Calibration calibrateDevice(GpuProfiler::Method method) {
    Calibration calibration;
    measureCopy(method, calibration);
    measureFma(method, calibration);
    return calibration;
}

}  // namespace cs
