#pragma once
// Reading numbers from command-line text, the same way everywhere.
#include <charconv>
#include <string>
#include <system_error>

namespace cs {

// The whole of `text` as a number. std::from_chars reads without locale, without skipping
// spaces and without a leading '+'; text left over ("12abc") or none at all ("") is
// std::errc::invalid_argument, and a value outside T is std::errc::result_out_of_range.
template <typename T>
std::errc parseNumber(const std::string& text, T& out) {
    const char* end = text.data() + text.size();
    const auto result = std::from_chars(text.data(), end, out);
    if (result.ec == std::errc() && result.ptr != end) return std::errc::invalid_argument;
    return result.ec;
}

}  // namespace cs
