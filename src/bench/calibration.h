#pragma once
// Measuring for --bench. Absolute timings mean little across machines, so every figure a
// sample reports is also given as a fraction of what this device does on two simple kernels,
// measured in the same run (a roofline calibration):
//   copy: bytes read + bytes written per second, in GB/s: the fastest of several copies
//         (CopyVariant below: a kernel with 16-byte accesses, one or four in flight per
//         invocation, in windows of the buffers; glCopyBufferSubData), over buffers of 128
//         and 256 MiB, far larger than any cache
//   fma:  independent chains of fused multiply-adds, in GFLOP/s (2 FLOPs per FMA)
// A roofline is a ceiling: a figure above 1.0 of it means the calibration fell short of the
// device, and the report flags it.
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "bench/profiler.h"
#include "bench/report.h"
#include "gl/objects.h"
#include "gl/program.h"

namespace cs {

// One way of copying a buffer into another. The copy roofline is the fastest of several
// (copyVariants()): which one a driver runs best differs between devices, and on an H200 the
// same kernel copied 3.3 to 4.1 TB/s depending on how it was dispatched (issue 26).
struct CopyVariant {
    std::string name;              // e.g. "kernel x4, 256 MiB windows"
    bool api = false;              // glCopyBufferSubData; else calibrate_copy.comp
    int vectorsPerInvocation = 4;  // the kernel's uvec4s per invocation, all loaded first: 1 or 4
    // The most one dispatch (or one glCopyBufferSubData) touches in each buffer; a larger
    // buffer is copied window after window. 0: the whole buffer at once (api only).
    GLsizeiptr window = 0;
};

// The variants the calibration tries: the kernel with 4 uvec4s per invocation in windows of
// 256 and of 64 MiB, with 1 in windows of 256 MiB, and glCopyBufferSubData whole and in
// windows of 256 MiB.
std::vector<CopyVariant> copyVariants();

// Copies `source` into `destination` (the same size, a multiple of kCopyStepBytes) the way a
// variant says. Holds the kernel built both ways. Leaves storage buffer bindings 0 and 1 bound
// to the last window, and issues the barrier that orders a later copy into `destination`.
class BufferCopier {
public:
    static constexpr GLsizeiptr kCopyStepBytes = 4 * 16 * 256;  // 4 uvec4s x 256 invocations

    BufferCopier();
    void copy(const CopyVariant& variant, const Buffer& source, const Buffer& destination) const;

private:
    Program oneVector_, fourVectors_;
};

// Runs the two calibration kernels on the current context (a second or so), timed the
// way `method` says. With the environment variable CS_BENCH_COPY_SIZES set to sizes in MiB
// (e.g. 256,512,1024,2048), it also times every copy variant at each size, per buffer, into
// Calibration::copySizes: how a device's copies hold up as buffers grow. Throws cs::Error
// naming the item that is not a size from 1 to 65536.
Calibration calibrateDevice(GpuProfiler::Method method);

// The FMA rate measured one dispatch at a time, so that a window can run it across frames
// and redraw (and quit on Esc) between them: step() runs one dispatch of the FMA kernel,
// tens of milliseconds, and says whether the measurement is done. First it doubles the
// kernel's loop count until a dispatch takes 20 ms, then it times kRuns dispatches. The rate
// is the fastest run's, a ceiling: a run slowed by other work on the machine (a CPU renderer
// shares its cores) says less about the device, and two measurements agree best at their
// fastest. calibrateDevice() runs one through to the end.
class FmaMeasurement {
public:
    static constexpr int kRuns = 7;

    explicit FmaMeasurement(GpuProfiler::Method method);
    ~FmaMeasurement();
    bool step();
    // The timed runs so far, out of kRuns (0 while the loop count still grows).
    int runsDone() const;
    // Once done: fmaGflops, fmaSpread ((slowest - fastest) / fastest) and fmaRuns.
    void result(Calibration& calibration) const;

private:
    struct State;
    std::unique_ptr<State> state_;
};

// The copy roofline at one size, for a benchmark that sweeps sizes and divides each by the
// copy of its own size: bytes read + bytes written per second, in GB/s, of the fastest of
// copyVariants() copying `bytes` from one buffer to another (a scan of n uint32 passes 4n).
// `bytes` is rounded up to a whole number of kCopyStepBytes (16 KiB). Where timer queries
// miss glCopyBufferSubData (zink over lavapipe), copies under 64 MiB read too fast: the clock
// checks the queries only from 64 MiB up (calibration.cpp, timeCopy).
double copyGBpsAt(GLsizeiptr bytes, GpuProfiler::Method method);
// The same, in a benchmark's own two buffers (of one size, a multiple of kCopyStepBytes;
// `destination` is overwritten): the ceiling of what the benchmark moves in those very
// buffers. A driver may place a buffer by what came and went before it: on an H200 a pair
// made in the middle of prefix_sum's sweep copied 1 TB/s where the sweep's own buffers of the
// same size moved 1.8 TB/s in a scan's tiles, which then read "above" that pair's copy.
// `source` should hold data that is not all zeros (a driver may skip copying an unwritten
// buffer). Throws cs::Error for buffers it cannot copy.
double copyGBpsBetween(const Buffer& source, const Buffer& destination, GpuProfiler::Method method);

// Milliseconds of `dispatch` over `repeats` runs after one warm-up, timed the way `method`
// says (waits for the GPU: for benchmarks that sweep sizes, not for frames). The repeats stop
// early, after at least one, once they have taken 2 s.
PassStats gpuTimes(const std::function<void()>& dispatch, GpuProfiler::Method method,
                   int repeats = 5);
// Their median.
double medianGpuMs(const std::function<void()>& dispatch, GpuProfiler::Method method,
                   int repeats = 5);

// The same for CPU work, such as a reference implementation timed beside the GPU's: the
// median milliseconds of `repeats` runs after one warm-up.
double medianCpuMs(const std::function<void()>& work, int repeats = 5);

// Whether this driver's GL_TIME_ELAPSED queries time a compute dispatch (a few ms to find
// out). Asked once per context: a driver may time differently with a window than without.
GpuProfiler::Method detectTimingMethod();

}  // namespace cs
