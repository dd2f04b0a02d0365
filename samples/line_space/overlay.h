#pragma once
// The line_space overlay's lines (ImGui calls only): the image and the space, the lines
// scanned, the interpretation's candidates and the lines found. And the overlay's edits that
// another setting contradicts, which bring that setting along.
#include <cstdint>
#include <string>
#include <vector>

#include "app/params.h"
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
    bool spaceShown = true;                    // the space drawn beside the image, with crosses
};

// The figures of the last detection, and a legend of the lines' colours, the crosses and the
// space's heat map.
void drawOverlay(const Detected& detected);

// An overlay edit that another setting contradicts sets that one to a working value, where
// the command line refuses the pair (Sample::run, checkOptions): choosing method=hough turns
// segments off (Hough finds whole lines, and segments cannot be edited under hough), and a
// Canny threshold moved past the other takes the other along. update() calls it first, every
// frame; the thresholds are the parameters' own storage, which names them to params.changed.
void keepWorking(cs::Params& params, bool houghWithSegments, const int& cannyLow,
                 const int& cannyHigh);

}  // namespace line_space
