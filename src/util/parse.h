#pragma once
// Reading numbers from command-line text, the same way everywhere.
#include <charconv>
#include <cstddef>
#include <string>
#include <system_error>

namespace cs {

// The whole of `text` as a number. std::from_chars reads without locale, without skipping
// spaces and without a leading '+'; text left over ("12abc") or none at all ("") is
// std::errc::invalid_argument, and a value outside T is std::errc::result_out_of_range: for a
// floating-point T that is a magnitude too large for T (an overflow, "1e400") or too small
// to be told from 0 (an underflow, "1e-400"; a denormal such as 1e-45 for a float is kept).
// belowOne() tells the two apart.
template <typename T>
std::errc parseNumber(const std::string& text, T& out) {
    const char* end = text.data() + text.size();
    const auto result = std::from_chars(text.data(), end, out);
    if (result.ec == std::errc() && result.ptr != end) return std::errc::invalid_argument;
    return result.ec;
}

// For decimal text that parseNumber read but found out of range: whether its magnitude is
// below 1 (so the range error is an underflow) rather than above (an overflow). It reads the
// power of ten of the first significant digit from the text itself, so that no wider type
// has to hold the value: "0.00012e-3" is 1.2 x 10^-7, below 1.
inline bool belowOne(const std::string& text) {
    // The mantissa's digits without the point, and how many of them come before it.
    std::string digits;
    size_t i = text.empty() || text[0] != '-' ? 0 : 1, beforePoint = std::string::npos;
    for (; i < text.size() && text[i] != 'e' && text[i] != 'E'; ++i) {
        if (text[i] == '.')
            beforePoint = digits.size();
        else
            digits += text[i];
    }
    if (beforePoint == std::string::npos) beforePoint = digits.size();
    const size_t lead = digits.find_first_not_of('0');
    if (lead == std::string::npos) return true;  // zero, whatever its exponent
    const long long power = (long long)beforePoint - (long long)lead - 1;

    long long exponent = 0;
    if (i < text.size()) {
        const char* first = text.data() + i + 1;
        const char* end = text.data() + text.size();
        if (first < end && *first == '+') ++first;
        // An exponent beyond long long decides by its sign alone.
        if (std::from_chars(first, end, exponent).ec == std::errc::result_out_of_range)
            return *first == '-';
    }
    return exponent < -power;
}

}  // namespace cs
