#pragma once
// Reading 16-bit greyscale PNGs, which only the tests do: they check what overdraw's --output
// writes. Decoded with stb_image, not with the libpng that wrote them, so that a byte-order
// slip in the writer cannot cancel out in the reader.
#include <string>

#include "util/png16.h"

namespace cs {

// Throws cs::Error naming the path when the file is missing, is not a PNG, or is not 16 bits
// of one grey channel per pixel.
Gray16Image loadPng16(const std::string& path);

}  // namespace cs
