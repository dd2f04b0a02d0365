#include "bench/calibration.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <functional>
#include <sstream>
#include <string>

#include "gl/debug.h"
#include "gl/info.h"
#include "gl/objects.h"
#include "gl/program.h"
#include "util/error.h"
#include "util/parse.h"

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

double secondsSince(std::chrono::steady_clock::time_point start) {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

// The milliseconds of one run of `dispatch`, timed the way `method` says.
double timeOnce(const std::function<void()>& dispatch, GpuProfiler::Method method) {
    return method == GpuProfiler::Method::TimerQueries ? queryMs(dispatch) : wallMs(dispatch);
}

// gpuTimes of runs that `timeRun` times, whose repeats stop early, after at least one, once
// they have taken `budgetSeconds`.
PassStats timesWithin(const std::function<double()>& timeRun, int repeats, double budgetSeconds) {
    std::vector<double> times;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i <= repeats; ++i) {
        const double ms = timeRun();
        if (i > 0) times.push_back(ms);
        if (i > 0 && secondsSince(start) > budgetSeconds) break;
    }
    return summarize(times);
}

double spread(const PassStats& stats) {
    return stats.medianMs > 0 ? (stats.maxMs - stats.minMs) / stats.medianMs : 0.0;
}

double gbps(double bytes, const PassStats& stats) {
    return stats.medianMs > 0 ? bytes / (stats.medianMs * 1e6) : 0.0;
}

constexpr GLsizeiptr kMiB = GLsizeiptr(1) << 20;

// Two buffers of `bytes` rounded up to whole copy steps, to copy one into the other. The
// source is filled with a pattern that is not zeros: a driver may skip copying from a buffer
// nothing ever wrote (zink read 6 TB/s for glCopyBufferSubData from one, on a CPU), and
// zeros can copy faster than real data where a device compresses memory.
struct CopyPair {
    Buffer source, destination;
    explicit CopyPair(GLsizeiptr bytes)
        : source("calibration copy source", rounded(bytes), BufferUse::Computed),
          destination("calibration copy destination", rounded(bytes), BufferUse::Computed) {
        const GLuint pattern[4] = {0x9e3779b9u, 0x7f4a7c15u, 0x85ebca6bu, 0xc2b2ae35u};
        glBindBuffer(GL_COPY_WRITE_BUFFER, source.id());
        glClearBufferData(GL_COPY_WRITE_BUFFER, GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT,
                          pattern);
        glBindBuffer(GL_COPY_WRITE_BUFFER, 0);  // a clear is no shader write: no barrier needed
    }
    static GLsizeiptr rounded(GLsizeiptr bytes) {
        const GLsizeiptr step = BufferCopier::kCopyStepBytes;
        return std::max(step, (bytes + step - 1) / step * step);
    }
    double movedBytes() const { return 2.0 * double(source.size()); }  // read + written
};

// `repeats` runs of `variant` after a warm-up, or fewer once they have taken `budgetSeconds`.
PassStats timeCopy(const BufferCopier& copier, const CopyVariant& variant, const Buffer& source,
                   const Buffer& destination, GpuProfiler::Method method, int repeats,
                   double budgetSeconds) {
    const auto copy = [&] {
        DebugGroup group(("calibrate copy: " + variant.name).c_str());
        copier.copy(variant, source, destination);
    };
    // Timer queries that see compute work need not see glCopyBufferSubData: zink's over
    // lavapipe read it at 100 to 6,000 GB/s on a CPU, in some runs and not others. So each
    // run of a copy of 64 MiB or more is timed both ways, and one whose query reads under
    // half its time on the clock is taken by the clock. (Smaller copies are too short to
    // tell a query that misses them from the clock's overhead.)
    if (variant.api && method == GpuProfiler::Method::TimerQueries && source.size() >= 64 * kMiB)
        return timesWithin(
            [&] {
                double query = 0;
                const double clock = wallMs([&] { query = queryMs(copy); });
                return query >= 0.5 * clock ? query : clock;
            },
            repeats, budgetSeconds);
    return timesWithin([&] { return timeOnce(copy, method); }, repeats, budgetSeconds);
}

// The fastest kernel variant and the fastest glCopyBufferSubData variant of `variants`, by
// the rates measured for them (`rates`, in the same order).
struct Fastest {
    size_t kernel = 0, api = 0;
};
Fastest fastest(const std::vector<CopyVariant>& variants, const std::vector<double>& rates) {
    Fastest best;
    double kernelRate = -1, apiRate = -1;
    for (size_t i = 0; i < variants.size(); ++i) {
        double& rate = variants[i].api ? apiRate : kernelRate;
        if (rates[i] <= rate) continue;
        rate = rates[i];
        (variants[i].api ? best.api : best.kernel) = i;
    }
    return best;
}

// The copy roofline, in three rounds:
//   1. every variant over buffers of 256 MiB (at least four times the largest last-level
//      caches, 50 MB on an H100), three runs each (fewer past a quarter of a second), to
//      find the fastest kernel and the fastest glCopyBufferSubData;
//   2. those two again, nine runs each, over a new pair of buffers made after the first was
//      freed (on an H200, buffers made so copied faster than the first pair a program made);
//   3. those two over buffers of 128 MiB, five runs each: a pass that reads and writes
//      128 MiB in place (particles at 4M) moves what this copy moves.
// Each of shaderCopyGBps and apiCopyGBps is its best median of all three rounds. A way that
// copied at less than half the other's rate in round 1 cannot become the roofline, and is
// not measured again: on a CPU renderer the kernel is that slow, and its runs take seconds.
void measureCopy(GpuProfiler::Method method, Calibration& calibration) {
    const BufferCopier copier;
    const std::vector<CopyVariant> variants = copyVariants();
    std::vector<double> rates, spreads;
    {
        const CopyPair pair(256 * kMiB);
        for (const CopyVariant& variant : variants) {
            const PassStats stats =
                timeCopy(copier, variant, pair.source, pair.destination, method, 3, 0.25);
            rates.push_back(gbps(pair.movedBytes(), stats));
            spreads.push_back(spread(stats));
            calibration.copyVariants.emplace_back(variant.name, rates.back());
        }
    }
    const Fastest best = fastest(variants, rates);
    calibration.shaderCopyGBps = rates[best.kernel];
    calibration.apiCopyGBps = rates[best.api];
    std::vector<size_t> finalists;
    for (const size_t index : {best.kernel, best.api})
        if (2 * rates[index] >= std::max(rates[best.kernel], rates[best.api]))
            finalists.push_back(index);
    struct Round {
        GLsizeiptr bytes;
        int repeats;
    };
    for (const Round round : {Round{256 * kMiB, 9}, Round{128 * kMiB, 5}}) {
        const CopyPair pair(round.bytes);
        for (const size_t index : finalists) {
            const CopyVariant& variant = variants[index];
            const PassStats stats = timeCopy(copier, variant, pair.source, pair.destination, method,
                                             round.repeats, 2.0);
            const double rate = gbps(pair.movedBytes(), stats);
            double& wayRate = variant.api ? calibration.apiCopyGBps : calibration.shaderCopyGBps;
            wayRate = std::max(wayRate, rate);
            if (rate <= calibration.copyGBps) continue;
            calibration.copyGBps = rate;
            calibration.copyWay =
                variant.name + ", " + std::to_string(round.bytes / kMiB) + " MiB buffers";
            calibration.copySpread = spread(stats);
        }
    }
    // A round-1 rate can stay the best (a finalist's later runs may be slower): then the
    // roofline is that rate, with round 1's way.
    const size_t first = rates[best.kernel] >= rates[best.api] ? best.kernel : best.api;
    if (rates[first] > calibration.copyGBps) {
        calibration.copyGBps = rates[first];
        calibration.copyWay = variants[first].name + ", 256 MiB buffers";
        calibration.copySpread = spreads[first];
    }
}

// CS_BENCH_COPY_SIZES: each size (MiB per buffer) of the list, checked; none when unset.
std::vector<int> copySizesAsked() {
    const char* text = std::getenv("CS_BENCH_COPY_SIZES");
    std::vector<int> sizes;
    std::istringstream in(text ? text : "");
    for (std::string item; std::getline(in, item, ',');) {
        int mib = 0;
        if (parseNumber(item, mib) != std::errc() || mib < 1 || mib > 65536)
            throw Error("CS_BENCH_COPY_SIZES takes sizes in MiB from 1 to 65536, got " +
                        quoted(item));
        sizes.push_back(mib);
    }
    return sizes;
}

// Every variant at each size of CS_BENCH_COPY_SIZES, five runs each. Past 256 MiB, also the
// same bytes split over pairs of 256 MiB buffers, copied one pair after the other by the first
// kernel variant: whether a large copy is slow for the size of its buffers or for the bytes it
// moves (issue 26: every GL copy over 1 GiB buffers ran at a quarter speed on an H200).
void measureCopySizes(GpuProfiler::Method method, Calibration& calibration) {
    const std::vector<int> sizes = copySizesAsked();
    if (sizes.empty()) return;
    const BufferCopier copier;
    const std::vector<CopyVariant> variants = copyVariants();
    for (const int mib : sizes) {
        {
            const CopyPair pair(mib * kMiB);
            for (const CopyVariant& variant : variants) {
                const PassStats stats =
                    timeCopy(copier, variant, pair.source, pair.destination, method, 5, 2.0);
                calibration.copySizes.push_back(
                    {variant.name, mib, gbps(pair.movedBytes(), stats)});
            }
        }
        constexpr int kSplitMiB = 256;
        if (mib <= kSplitMiB) continue;
        std::vector<CopyPair> pairs;
        for (int done = 0; done < mib; done += kSplitMiB)
            pairs.emplace_back(std::min(kSplitMiB, mib - done) * kMiB);
        double moved = 0;
        for (const CopyPair& pair : pairs) moved += pair.movedBytes();
        const auto copyAll = [&] {
            for (const CopyPair& pair : pairs)
                copier.copy(variants.front(), pair.source, pair.destination);
        };
        const PassStats stats = timesWithin([&] { return timeOnce(copyAll, method); }, 5, 2.0);
        calibration.copySizes.push_back(
            {variants.front().name + ", in 256 MiB buffer pairs", mib, gbps(moved, stats)});
    }
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

void measureFma(GpuProfiler::Method method, Calibration& calibration) {
    FmaMeasurement measurement(method);
    while (!measurement.step()) {
    }
    measurement.result(calibration);
}

}  // namespace

struct FmaMeasurement::State {
    explicit State(GpuProfiler::Method m) : method(m) {}
    GpuProfiler::Method method;
    // Four times as many invocations as the largest GPUs keep resident, so that the last
    // wave's idle units hardly count.
    FmaKernel fma{4096};
    int iterations = 1;
    bool growing = true;
    std::vector<double> runsMs;
};

FmaMeasurement::FmaMeasurement(GpuProfiler::Method method)
    : state_(std::make_unique<State>(method)) {
    state_->fma.setIterations(state_->iterations);
}

FmaMeasurement::~FmaMeasurement() = default;

bool FmaMeasurement::step() {
    State& s = *state_;
    if (!s.growing && int(s.runsMs.size()) >= kRuns) return true;
    const auto start = std::chrono::steady_clock::now();
    const double ms = timeOnce(
        [&] {
            DebugGroup group("calibrate fma");
            s.fma.dispatch();
        },
        s.method);
    if (s.growing) {
        // Grow the loop count until one dispatch is long enough (20 ms) to time well. The
        // clock decides too: a timer that reads short (one that misses compute work) would
        // otherwise double the count up to its cap, and one dispatch there runs for minutes on
        // a CPU. The dispatch that reaches 20 ms is the warm-up of the timed runs.
        const double wallMs = secondsSince(start) * 1e3;
        if (ms >= 20.0 || wallMs >= 20.0 || s.iterations >= (1 << 16))
            s.growing = false;
        else {
            s.iterations *= 2;
            s.fma.setIterations(s.iterations);
        }
        return false;
    }
    s.runsMs.push_back(ms);
    return int(s.runsMs.size()) >= kRuns;
}

int FmaMeasurement::runsDone() const {
    return int(state_->runsMs.size());
}

void FmaMeasurement::result(Calibration& calibration) const {
    const PassStats stats = summarize(state_->runsMs);
    const double fmasPerIteration = 4 * 8 * 4;  // see calibrate_fma.comp
    calibration.fmaGflops = stats.minMs > 0 ? state_->fma.invocations * state_->iterations *
                                                  fmasPerIteration * 2.0 / (stats.minMs * 1e6)
                                            : 0.0;
    calibration.fmaSpread = stats.minMs > 0 ? (stats.maxMs - stats.minMs) / stats.minMs : 0.0;
    calibration.fmaRuns = stats.samples;
}

PassStats gpuTimes(const std::function<void()>& dispatch, GpuProfiler::Method method, int repeats) {
    // A dispatch that takes seconds is timed well enough by a few runs.
    return timesWithin([&] { return timeOnce(dispatch, method); }, repeats, 2.0);
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

std::vector<CopyVariant> copyVariants() {
    return {{"kernel x4, 256 MiB windows", false, 4, 256 * kMiB},
            {"kernel x4, 64 MiB windows", false, 4, 64 * kMiB},
            {"kernel x1, 256 MiB windows", false, 1, 256 * kMiB},
            {"glCopyBufferSubData", true, 0, 0},
            {"glCopyBufferSubData, 256 MiB windows", true, 0, 256 * kMiB}};
}

BufferCopier::BufferCopier()
    : oneVector_(
          Program::compute("framework/calibrate_copy.comp", {{"VECTORS_PER_INVOCATION", "1"}})),
      fourVectors_(
          Program::compute("framework/calibrate_copy.comp", {{"VECTORS_PER_INVOCATION", "4"}})) {}

void BufferCopier::copy(const CopyVariant& variant, const Buffer& source,
                        const Buffer& destination) const {
    const GLsizeiptr size = source.size();
    if (variant.api) {
        const GLsizeiptr window = variant.window > 0 ? variant.window : size;
        glBindBuffer(GL_COPY_READ_BUFFER, source.id());
        glBindBuffer(GL_COPY_WRITE_BUFFER, destination.id());
        for (GLintptr offset = 0; offset < size; offset += window)
            glCopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, offset, offset,
                                std::min(window, size - offset));
        glBindBuffer(GL_COPY_READ_BUFFER, 0);
        glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
        // The next copy writes the same buffer: after this one, as a real pipeline would.
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        return;
    }
    // Each dispatch copies one window of the buffers, bound with glBindBufferRange. A window
    // is also no larger than one storage block may be, nor than the most groups one dispatch
    // may have. A multiple of the copy step is a multiple of the storage buffer offset
    // alignment (a power of two of at most 256 bytes), so every window's offset is aligned.
    const GLsizeiptr groupBytes = GLsizeiptr(16 * 256) * variant.vectorsPerInvocation;
    const GLsizeiptr most =
        std::min({variant.window, GLsizeiptr(glInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE)),
                  GLsizeiptr(glInteger(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 0)) * groupBytes});
    const GLsizeiptr window = std::max(kCopyStepBytes, most / kCopyStepBytes * kCopyStepBytes);
    const Program& kernel = variant.vectorsPerInvocation == 1 ? oneVector_ : fourVectors_;
    kernel.use();
    for (GLintptr offset = 0; offset < size; offset += window) {
        const GLsizeiptr part = std::min(window, size - offset);
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, source.id(), offset, part);
        glBindBufferRange(GL_SHADER_STORAGE_BUFFER, 1, destination.id(), offset, part);
        glDispatchCompute(GLuint(part / groupBytes), 1, 1);
    }
    // The next copy, by this kernel or by glCopyBufferSubData, writes the same buffer:
    // order it after these shader writes, as a real pipeline would.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
}

double copyGBpsAt(GLsizeiptr bytes, GpuProfiler::Method method) {
    const CopyPair pair(bytes);
    return copyGBpsBetween(pair.source, pair.destination, method);
}

double copyGBpsBetween(const Buffer& source, const Buffer& destination,
                       GpuProfiler::Method method) {
    if (source.size() != destination.size() || source.size() % BufferCopier::kCopyStepBytes != 0)
        throw Error("copyGBpsBetween: two buffers of one size, a multiple of " +
                    std::to_string(BufferCopier::kCopyStepBytes) + " bytes, are needed");
    const BufferCopier copier;
    double best = 0;
    for (const CopyVariant& variant : copyVariants())
        best = std::max(best, gbps(2.0 * double(source.size()),
                                   timeCopy(copier, variant, source, destination, method, 5, 2.0)));
    return best;
}

Calibration calibrateDevice(GpuProfiler::Method method) {
    Calibration calibration;
    measureCopy(method, calibration);
    measureCopySizes(method, calibration);
    measureFma(method, calibration);
    return calibration;
}

}  // namespace cs
