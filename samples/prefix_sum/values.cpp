#include "values.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <random>

#include "util/error.h"
#include "util/file.h"

namespace prefix_sum {

std::vector<std::uint32_t> readValues(const std::string& path, std::uint64_t mostValues) {
    const std::string bytes = cs::readFile(
        path, {std::size_t(std::min<std::uint64_t>(mostValues, cs::kMaxReadBytes) * 4),
               std::to_string(mostValues) + " values, the most one storage block holds"});
    if (bytes.empty())
        throw cs::Error(cs::printable(path) +
                        ": empty file; expected raw little-endian uint32 or float32");
    if (bytes.size() % 4 != 0)
        throw cs::Error(cs::printable(path) + ": " + std::to_string(bytes.size()) +
                        " bytes is not a whole number of 4-byte values");
    if (bytes.size() / 4 > 0xFFFFFFFFu)
        throw cs::Error(cs::printable(path) + ": more than 2^32 - 1 values");
    std::vector<std::uint32_t> words(bytes.size() / 4);
    std::memcpy(words.data(), bytes.data(), bytes.size());
    return words;
}

std::vector<std::uint32_t> generateValues(std::uint32_t count, bool isFloat, std::uint32_t seed) {
    std::mt19937 random{seed};
    std::uniform_int_distribution<std::uint32_t> digit(1, 9);
    std::uniform_real_distribution<float> signedUnit(-1.0f, 1.0f);
    std::vector<std::uint32_t> words(count);
    for (std::uint32_t& word : words) {
        if (!isFloat) {
            word = digit(random);
            continue;
        }
        const float value = signedUnit(random);
        std::memcpy(&word, &value, 4);
    }
    return words;
}

double valueOf(std::uint32_t word, bool isFloat) {
    if (!isFloat) return double(word);
    float value;
    std::memcpy(&value, &word, 4);
    return double(value);
}

std::size_t firstNonFinite(const std::vector<std::uint32_t>& words) {
    for (std::size_t i = 0; i < words.size(); ++i)
        if (!std::isfinite(valueOf(words[i], true))) return i;
    return words.size();
}

}  // namespace prefix_sum
