#pragma once
// Measuring for --bench. Absolute timings mean little across machines, so every figure a
// sample reports is also given as a fraction of what this device does on two simple kernels,
// measured in the same run (a roofline calibration):
//   copy: bytes read + bytes written per second, in GB/s: the faster of a copy kernel
//         (16-byte accesses, four in flight per invocation) and glCopyBufferSubData, over
//         buffers far larger than any cache
//   fma:  independent chains of fused multiply-adds, in GFLOP/s (2 FLOPs per FMA)
// A roofline is a ceiling: a figure above 1.0 of it means the calibration fell short of the
// device, and the report flags it.
#include <functional>

#include "bench/profiler.h"
#include "bench/report.h"

namespace cs {

// Runs the two calibration kernels on the current context (a second or so), timed the
// way `method` says.
Calibration calibrateDevice(GpuProfiler::Method method);

// The copy roofline at one size, for a benchmark that sweeps sizes and divides each by the
// copy of its own size: bytes read + bytes written per second, in GB/s, of the faster of the
// copy kernel and glCopyBufferSubData copying `bytes` from one buffer to another (a scan of n
// uint32 passes 4n). `bytes` is rounded up to a whole number of the kernel's 16 KiB steps.
// The kernel copies in dispatches of at most 256 MiB each (see calibration.cpp).
double copyGBpsAt(GLsizeiptr bytes, GpuProfiler::Method method);

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
