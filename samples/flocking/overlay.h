#pragma once
// The flocking overlay's figures (ImGui calls only): how full the grid is, and what "compare
// searches" measured.
#include "grid.h"

namespace flocking {

// The grid's cells and bins for `count` members: how many bins are in use, how full.
void gridOccupancy(const Grid& grid, GLuint count);

// One step of each search, timed as a whole: all_pairs `ms[0]`, grid `ms[1]`.
void searchComparison(const double ms[2]);

}  // namespace flocking
