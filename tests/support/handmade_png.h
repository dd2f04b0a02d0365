#pragma once
// PNG files built by hand, for tests of a loader with files no image library writes: palette
// indices past the palette, or a header for an image far too large to make.
#include <cstdint>
#include <string>
#include <vector>

namespace cs::test {

// A paletted PNG (colour type 3, one byte per index): `palette` holds RGB triples, `indices`
// one per pixel, row by row, each meant to pick a palette entry (and allowed here not to).
std::string palettedPng(int width, int height, const std::string& palette,
                        const std::vector<std::uint8_t>& indices);

// The signature and header (IHDR) of an 8-bit RGB PNG of any size, and no pixels: enough for
// a loader that checks the size before it decodes.
std::string pngHeaderOnly(int width, int height);

}  // namespace cs::test
