#pragma once
// The flocking overlay's lines under the parameters (ImGui calls only): the flock, the step
// and the goal, how full the grid is, and the "compare searches" button with what it measured.
// And the overlay's edits that would leave the grid without a radius.
#include <cstdint>
#include <glm/glm.hpp>
#include <string>

#include "app/params.h"
#include "bench.h"
#include "passes.h"

namespace flocking {

// The grid's cells are as wide as the reach of rule 2, so search=grid needs radius > 0. The
// command line refuses the pair; in the overlay a choice that leaves the grid without a
// radius brings the other setting along instead: choosing search=grid with radius 0 sets
// radius to kGridRadius (the radius the bench's sweep compares the searches at), and radius
// moved to 0 under the grid turns search back to all_pairs (every member: the book). The
// references are the parameters' own storage, which names them to params.changed.
constexpr float kGridRadius = 10.0f;
constexpr const char* kGridNeedsRadius =
    "search=grid needs radius > 0: the reach of rule 2 sizes the cells (e.g. radius=10)";
void keepGridWorking(cs::Params& params, const std::string& search, const float& radius);

struct OverlayLines {
    GLuint count = 0;
    const std::string& input;  // the --input file the flock came from; empty: generated
    std::uint32_t seed = 0;    // generated from it
    long long steps = 0;
    glm::vec3 goal{0.0f};
    const Grid* grid = nullptr;  // search=grid: its cells and (once known) their occupancy
    bool canCompare = false;     // radius > 0: the grid can search the same rules
    const Comparison& compared;
};

// Draws the lines; returns whether "compare searches" was pressed.
bool drawOverlay(const OverlayLines& lines);

}  // namespace flocking
