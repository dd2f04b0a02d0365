#pragma once
// float32 values in little-endian byte order, the layout of the samples' binary state files,
// read and written the same way on any host.
#include <cstdint>
#include <cstring>

namespace cs {

// The float whose little-endian bytes start at `bytes`.
inline float readFloatLe(const unsigned char* bytes) {
    const std::uint32_t bits = std::uint32_t(bytes[0]) | std::uint32_t(bytes[1]) << 8 |
                               std::uint32_t(bytes[2]) << 16 | std::uint32_t(bytes[3]) << 24;
    float value;
    std::memcpy(&value, &bits, sizeof value);
    return value;
}

// Writes `value` as four little-endian bytes from `bytes` on.
inline void writeFloatLe(float value, char* bytes) {
    std::uint32_t bits;
    std::memcpy(&bits, &value, sizeof bits);
    for (int b = 0; b < 4; ++b) bytes[b] = static_cast<char>(bits >> (8 * b));
}

}  // namespace cs
