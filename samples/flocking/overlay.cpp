#include "overlay.h"

#include <imgui.h>

namespace flocking {

void gridOccupancy(const Grid& grid, GLuint count) {
    ImGui::Text("cells of %.2f in %u bins: %u in use, %.1f boids each, at most %u", grid.cellEdge(),
                grid.tableSize(), grid.binsInUse(), double(count) / grid.binsInUse(),
                grid.fullestBin());
}

void searchComparison(const double ms[2]) {
    ImGui::Text("one step: all_pairs %.2f ms, grid %.2f ms: grid %.1fx faster", ms[0], ms[1],
                ms[0] / ms[1]);
}

}  // namespace flocking
