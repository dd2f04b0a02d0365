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

struct CopyKernel {
    Buffer source, destination;
    Program program;
    GLuint groups = 0;

    explicit CopyKernel(GLsizeiptr bytes)
        : source("calibration copy source", bytes, BufferUse::Computed),
          destination("calibration copy destination", bytes, BufferUse::Computed),
          program(Program::compute("framework/calibrate_copy.comp")),
          groups(GLuint(bytes / kCopyGranule)) {}
    void dispatch() const {
        program.use();
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, source.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, destination.id());
        glDispatchCompute(groups, 1, 1);
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

// The copy's roofline needs data that no cache holds: at least four times the last-level
// cache (50 MB on an H100), so 256 MiB each way, or the most one storage block may bind.
void measureCopy(GpuProfiler::Method method, Calibration& calibration) {
    const auto maxBlock = GLsizeiptr(glInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE));
    const GLsizeiptr bytes =
        std::min(GLsizeiptr(256) << 20, maxBlock) / kCopyGranule * kCopyGranule;
    CopyKernel copy(bytes);
    const double moved = 2.0 * double(bytes);  // read + write
    const PassStats shader = gpuTimes(
        [&] {
            DebugGroup group("calibrate copy kernel");
            copy.dispatch();
        },
        method, 9);
    const PassStats api = gpuTimes(
        [&] {
            DebugGroup group("calibrate glCopyBufferSubData");
            copy.apiCopy();
        },
        method, 9);
    calibration.shaderCopyGBps = moved / (shader.medianMs * 1e6);
    calibration.apiCopyGBps = moved / (api.medianMs * 1e6);
    const bool shaderFaster = calibration.shaderCopyGBps >= calibration.apiCopyGBps;
    calibration.copyGBps = std::max(calibration.shaderCopyGBps, calibration.apiCopyGBps);
    calibration.copySpread = spread(shaderFaster ? shader : api);
}

void measureFma(GpuProfiler::Method method, Calibration& calibration) {
    Program fma = Program::compute("framework/calibrate_fma.comp");
    GLint local[3];
    fma.workGroupSize(local);
    // Four times as many invocations as the largest GPUs keep resident, so that the last
    // wave's idle units hardly count.
    const GLuint groups = 4096;
    const double invocations = double(groups) * local[0];
    Buffer sink("calibration fma sink", GLsizeiptr(invocations * sizeof(float)),
                BufferUse::Computed);
    fma.use();
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, sink.id());
    // The loop count is a uniform so the compiler cannot fold it; grow it until one
    // dispatch is long enough (20 ms) to time well.
    int iterations = 1;
    PassStats stats;
    for (;;) {
        glUniform1i(fma.uniform("iterations"), iterations);
        stats = gpuTimes(
            [&] {
                DebugGroup group("calibrate fma");
                glDispatchCompute(groups, 1, 1);
            },
            method, 5);
        if (stats.medianMs >= 20.0 || iterations >= (1 << 16)) break;
        iterations *= 2;
    }
    const double fmasPerIteration = 4 * 8 * 4;  // see calibrate_fma.comp
    calibration.fmaGflops =
        invocations * iterations * fmasPerIteration * 2.0 / (stats.medianMs * 1e6);
    calibration.fmaSpread = spread(stats);
}

}  // namespace

PassStats gpuTimes(const std::function<void()>& dispatch, GpuProfiler::Method method, int repeats) {
    std::vector<double> times;
    for (int i = 0; i <= repeats; ++i) {
        const double ms =
            method == GpuProfiler::Method::TimerQueries ? queryMs(dispatch) : wallMs(dispatch);
        if (i > 0) times.push_back(ms);
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
    // Grow a run of small copies until it takes 5 ms of wall time, so launch overhead is
    // negligible, then see whether a timer query around the same run agrees.
    CopyKernel copy(GLsizeiptr(4) << 20);  // a multiple of kCopyGranule
    int repeat = 1;
    auto run = [&] {
        for (int i = 0; i < repeat; ++i) copy.dispatch();
    };
    run();  // warm-up: first use compiles and allocates
    double wall = wallMs(run);
    while (wall < 5.0 && repeat < 4096) {
        repeat *= 2;
        wall = wallMs(run);
    }
    const double query = queryMs(run);
    return query >= 0.25 * wall ? GpuProfiler::Method::TimerQueries
                                : GpuProfiler::Method::FinishAndClock;
}

Calibration calibrateDevice(GpuProfiler::Method method) {
    Calibration calibration;
    measureCopy(method, calibration);
    measureFma(method, calibration);
    return calibration;
}

}  // namespace cs
