#pragma once
// The line_space overlay's lines (ImGui calls only): the image and the space, the lines
// scanned, the interpretation's candidates and the lines found.
#include <cstdint>
#include <string>
#include <vector>

#include "geometry.h"

namespace line_space {

// What the last detection worked on and found.
struct Detected {
    int width = 0, height = 0;  // the image's
    bool hough = false;
    glm::ivec2 spaceSize{0};
    std::string interpret;                     // "threshold", "reduce" or "sort"
    std::uint32_t candidates = 0;              // entries the threshold kept, or the sort sorted
    const std::vector<Line>* lines = nullptr;  // best first
};

void drawOverlay(const Detected& detected);

}  // namespace line_space
