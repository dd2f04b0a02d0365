#pragma once
// The arrays the prefix_sum sample scans, on the CPU: the --input/--output file format,
// the generated array, and what one 32-bit word holds. Nothing here touches OpenGL.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace prefix_sum {

// --input and --output: raw little-endian 32-bit values, uint32 or float32, no header; the
// byte order of every CPU this runs on. Throws cs::Error naming the file when it is empty
// or its size is not a whole number of values, and as soon as it holds more than `mostValues`
// (a device or a FIFO is read no further).
std::vector<std::uint32_t> readValues(const std::string& path, std::uint64_t mostValues);

// `count` values from `seed`: uint32 digits 1..9 or float32 in [-1, 1), small numbers so
// that the plots can label every bar.
std::vector<std::uint32_t> generateValues(std::uint32_t count, bool isFloat, std::uint32_t seed);

// The value a word holds: a uint32, or the bits of a float32.
double valueOf(std::uint32_t word, bool isFloat);

// The index of the first word whose float32 is not a finite number (a NaN or an infinity), or
// words.size() when all are finite.
std::size_t firstNonFinite(const std::vector<std::uint32_t>& words);

}  // namespace prefix_sum
