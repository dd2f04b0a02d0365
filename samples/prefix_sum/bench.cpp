#include "bench.h"

#include <numeric>
#include <random>
#include <string>

#include "bench/calibration.h"
#include "compute/scan.h"
#include "util/error.h"

namespace prefix_sum {

std::vector<SweepTimes> benchSweep(int maxLog2, std::uint32_t seed,
                                   cs::GpuProfiler::Method method) {
    std::vector<SweepTimes> times;
    cs::GpuScan scan(cs::ElementType::Uint);
    std::mt19937 random{seed};
    for (int log2 = 16; log2 <= maxLog2; log2 += 2) {
        const std::size_t n = std::size_t(1) << log2;
        std::vector<std::uint32_t> data(n), cpu(n), gpu(n);
        for (std::uint32_t& v : data) v = random();
        const auto bytes = GLsizeiptr(n * 4);
        cs::Buffer in("bench input", bytes, cs::BufferUse::Input, data.data());
        cs::Buffer out("bench output", bytes, cs::BufferUse::Computed);
        const double gpuMs = cs::medianGpuMs(
            [&] {
                scan.run(in, out, n);
                // The next run rewrites the output and the tile sums this one wrote.
                glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            },
            method);
        const double cpuMs =
            cs::medianCpuMs([&] { std::inclusive_scan(data.begin(), data.end(), cpu.begin()); });
        // The readback below is a buffer read of the scan's shader writes.
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        out.download(gpu.data(), bytes);
        if (gpu != cpu)
            throw cs::Error("bench: the library scan of 2^" + std::to_string(log2) +
                            " values differs from std::inclusive_scan");
        times.push_back({log2, gpuMs, cpuMs});
    }
    return times;
}

}  // namespace prefix_sum
