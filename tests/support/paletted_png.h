#pragma once
// Paletted PNGs (colour type 3, one byte per index) built by hand, for tests of what a loader
// does with the palette: no image library writes one whose indices run past its palette.
#include <cstdint>
#include <string>
#include <vector>

namespace cs::test {

// The bytes of a PNG file: `palette` holds RGB triples, `indices` one per pixel, row by row,
// each meant to pick a palette entry (and allowed here not to).
std::string palettedPng(int width, int height, const std::string& palette,
                        const std::vector<std::uint8_t>& indices);

}  // namespace cs::test
