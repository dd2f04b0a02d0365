#pragma once
// The CPU references the GPU passes are tested against, plain loops over the same
// definitions (geometry.h): Canny's edges, the line space, the Hough accumulator, and the
// three interpretations. Integers throughout, and the Hough bins from the same float
// operations as the GPU's, so every comparison is exact. Images bottom row first.
#include <cstdint>
#include <glm/glm.hpp>
#include <vector>

#include "geometry.h"
#include "util/image.h"

namespace line_space {

// One byte per pixel, 1 on an edge, bottom row first.
struct EdgeImage {
    int width = 0, height = 0;
    std::vector<std::uint8_t> edge;
    bool at(int x, int y) const { return edge[std::size_t(y) * width + x] != 0; }
};

// Canny with the shaders' integer steps (canny.h), on an image kept bottom row first.
EdgeImage cannyOnCpu(const cs::Image& image, int low, int high);
// --set edges=input: R, G or B not zero.
EdgeImage inputEdgesOnCpu(const cs::Image& image);

// The line space's entries (layoutSize of them, row by row), as count.comp writes them.
std::vector<Entry> lineSpaceOnCpu(const EdgeImage& edges, int gap, bool segments);
// The Hough accumulator's entries (dBins x thetaSteps, row by row), as hough_entries.comp
// writes them.
std::vector<Entry> houghOnCpu(const EdgeImage& edges, int thetaSteps);

// The interpretations, on entries of `size`, as the indices they choose, best first.
std::vector<std::uint32_t> thresholdOnCpu(const std::vector<Entry>& entries, std::uint32_t minimum,
                                          int most);
// ~0u for each round that found nothing left.
std::vector<std::uint32_t> reduceOnCpu(std::vector<Entry> entries, glm::ivec2 size, int most,
                                       int suppress, const Neighbourhood& around);
std::vector<std::uint32_t> sortOnCpu(const std::vector<Entry>& entries, glm::ivec2 size,
                                     int prereduce, int most);

}  // namespace line_space
