#pragma once
// Golden-image comparison for sample screenshots, with a graded tolerance.
//
// GPUs and drivers do not rasterise identically: a triangle edge may cover a pixel
// on one device and miss it on another, and blending or filtering may round the
// last bit differently. So a rendered frame is compared with its stored golden image
// in three grades, after the OpenGL Samples Pack (g-truc), and the first grade that
// holds decides:
//
//   1. "exact"          every byte is identical.
//   2. "within 1"       every channel (R, G, B and A) of every pixel differs by at
//                       most 1: rounding differences.
//   3. "neighbourhood"  every pixel that differs by more than 1 matches, within
//                       kGoldenNeighbourTolerance (8) in each channel, some pixel of
//                       the expected image in its 3x3 neighbourhood (itself included),
//                       AND those pixels are at most kGoldenMaxNeighbourFraction
//                       (0.5%) of all pixels: an edge that moved by one pixel.
//
// Anything else fails, and so does a size mismatch. On failure, writeGoldenFailure
// saves the actual and expected images and an amplified difference image, so the
// reason can be seen rather than guessed.
#include <cstddef>
#include <string>

#include "util/image.h"

namespace cs {

constexpr int kGoldenNeighbourTolerance = 8;           // per channel, grade 3
constexpr double kGoldenMaxNeighbourFraction = 0.005;  // of all pixels, grade 3

struct GoldenResult {
    bool pass = false;
    std::string level;              // "exact", "within 1", "neighbourhood" or "fail"
    int maxChannelDifference = 0;   // largest |actual - expected| over all channels
    std::size_t pixelsOverOne = 0;  // pixels with some channel differing by more than 1
    std::string message;            // one line: what matched, or why not
};

GoldenResult compareGolden(const Image& actual, const Image& expected);

// Writes <dir>/<name>.actual.png, <name>.expected.png and <name>.diff.png, creating
// `dir` if needed. The diff image shows each pixel's absolute difference, amplified
// so that a difference of 1 is visible (0 stays black); alpha differences are folded
// into the colour channels and the diff itself is opaque. Where the sizes differ,
// the area covered by only one of the images is magenta.
void writeGoldenFailure(const std::string& dir, const std::string& name, const Image& actual,
                        const Image& expected);

}  // namespace cs
