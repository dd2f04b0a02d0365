#pragma once
// What the tests of cs::GpuScan share (scan_test.cpp, scan_single_pass_test.cpp): the CPU
// reference, random data, and one scan on the GPU read back.
#include <cstdint>
#include <random>
#include <vector>

#include "compute/scan.h"
#include "gl_test.h"

namespace cs::test {

// Scans `rows` rows of `rowLength` values of `data` on the CPU, in `Accumulator` (double for
// floating-point types). Transposed: element (row, i) lands at i * rows + row.
template <typename T, typename Accumulator>
std::vector<T> cpuScan(const std::vector<T>& data, size_t rowLength, size_t rows, ScanMode mode,
                       bool transposed = false) {
    std::vector<T> out(data.size());
    for (size_t r = 0; r < rows; ++r) {
        Accumulator sum(0);
        for (size_t i = 0; i < rowLength; ++i) {
            const size_t at = transposed ? i * rows + r : r * rowLength + i;
            if (mode == ScanMode::Exclusive) out[at] = T(sum);
            sum += Accumulator(data[r * rowLength + i]);
            if (mode == ScanMode::Inclusive) out[at] = T(sum);
        }
    }
    return out;
}

inline std::vector<std::uint32_t> randomUints(size_t count, unsigned seed) {
    std::mt19937 random(seed);
    std::vector<std::uint32_t> values(count);
    for (auto& v : values) v = random();  // full range: the sums wrap around many times
    return values;
}

inline std::vector<float> randomFloats(size_t count, unsigned seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> uniform(0.0f, 1.0f);
    std::vector<float> values(count);
    for (auto& v : values) v = uniform(random);
    return values;
}

// Scans `data` with `scan` (in place or into a second buffer) and reads the result back.
template <typename T>
std::vector<T> gpuScan(GpuScan& scan, const std::vector<T>& data, size_t rowLength, size_t rows,
                       ScanMode mode, bool inPlace, bool transposed = false) {
    const auto bytes = GLsizeiptr(std::max<size_t>(data.size(), 1) * sizeof(T));
    Buffer input("scan test input", bytes, BufferUse::Computed, data.data());
    Buffer output("scan test output", bytes, BufferUse::Computed);
    scan.run(input, inPlace ? input : output, rowLength, std::uint32_t(rows), mode, transposed);
    // The readback below is a buffer read: wait for the scan's shader writes.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<T> result(data.size());
    (inPlace ? input : output).download(result.data(), GLsizeiptr(data.size() * sizeof(T)));
    return result;
}

// The same with a new GpuScan of `type` running `algorithm`.
template <typename T>
std::vector<T> gpuScan(ElementType type, const std::vector<T>& data, size_t rowLength, size_t rows,
                       ScanMode mode, bool inPlace, bool transposed = false,
                       ScanAlgorithm algorithm = ScanAlgorithm::Auto) {
    GpuScan scan(type, algorithm);
    return gpuScan(scan, data, rowLength, rows, mode, inPlace, transposed);
}

inline const char* modeName(ScanMode mode) {
    return mode == ScanMode::Exclusive ? "exclusive" : "inclusive";
}

}  // namespace cs::test
