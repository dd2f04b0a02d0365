#pragma once
// 16-bit greyscale PNG output, for results that need more than the 8 bits that stb writes
// (overdraw's counts). Written with libpng.
#include <cstdint>
#include <string>
#include <vector>

namespace cs {

// One 16-bit value per pixel, rows top row first, as image files keep them.
struct Gray16Image {
    int width = 0, height = 0;
    std::vector<std::uint16_t> values;  // width * height; row 0 = top
};

// `image` as the bytes of a 16-bit greyscale PNG file: every value exactly as given, no
// gamma chunk or conversion. Throws cs::Error if the image is malformed or libpng fails.
std::string encodePng16(const Gray16Image& image);

}  // namespace cs
