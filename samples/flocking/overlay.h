#pragma once
// The flocking overlay's lines under the parameters (ImGui calls only): the flock, the step
// and the goal, how full the grid is, and the "compare searches" button with what it measured.
#include <glm/glm.hpp>
#include <string>

#include "bench.h"
#include "passes.h"

namespace flocking {

struct OverlayLines {
    GLuint count = 0;
    const std::string& source;  // where the flock came from
    long long steps = 0;
    glm::vec3 goal{0.0f};
    const Grid* grid = nullptr;  // search=grid: its cells and (once known) their occupancy
    bool canCompare = false;     // radius > 0: the grid can search the same rules
    const Comparison& compared;
};

// Draws the lines; returns whether "compare searches" was pressed.
bool drawOverlay(const OverlayLines& lines);

}  // namespace flocking
