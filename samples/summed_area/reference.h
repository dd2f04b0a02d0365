#pragma once
// The CPU side of the summed_area sample: the same variable-radius box blur in double
// precision, which the GPU's float result is measured against, and the PFM output.
#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "util/image.h"

namespace summed_area {

// The blur radius of column x: 0 at the left edge, maxRadius at the right, in integer
// arithmetic exactly as blur.comp computes it.
int blurRadius(int x, int width, int maxRadius);

// The blur of `image` with channels as values in [0, 1], from a double-precision
// summed-area table (exact to ~2^-53 relative, so for our purpose the true answer), in the
// image's row order (the box is the same upside down, so either order gives the same blur).
std::vector<glm::dvec4> blurOnCpu(const cs::Image& image, int maxRadius);

// How far a float result lies from the reference, over R, G and B, in units of 1/255 (one
// step of an 8-bit channel).
struct BlurError {
    double max = 0.0, mean = 0.0;
};
BlurError blurError(const std::vector<glm::vec4>& gpu, const std::vector<glm::dvec4>& reference);
// The error as the status line on stderr says it, with the options that made it (tileSize 0:
// not tiled).
std::string errorLine(const BlurError& error, bool bias, int tileSize);

// Every pixel's R, G, B, A bytes as floats 0-255, in the image's row order: what the tables
// sum, on the GPU.
std::vector<glm::vec4> channelValues(const cs::Image& image);

// The order of the rows in `values`: GL's, the image's bottom row first, or a file's, its
// top row first.
enum class Rows { BottomFirst, TopFirst };

// The R, G, B of width x height `values` as the bytes of a PFM file, which stores the image's
// bottom row first whatever the order of `values`.
std::string rgbPfm(int width, int height, const std::vector<glm::vec4>& values, Rows order);

}  // namespace summed_area
