#include "overlay.h"

#include <imgui.h>

#include <string>

namespace flocking {

bool drawOverlay(const OverlayLines& lines) {
    ImGui::Separator();
    if (lines.input.empty())
        ImGui::Text("%u boids (generated, seed %u)", lines.count, unsigned(lines.seed));
    else
        ImGui::Text("%u boids (%s)", lines.count, lines.input.c_str());
    ImGui::Text("step %lld, t = %.2f s, goal (%.0f, %.0f, %.0f)", lines.steps, lines.steps / 60.0,
                lines.goal.x, lines.goal.y, lines.goal.z);
    // The counts arrive a frame or more after the step that made them (passes.h).
    if (lines.grid && lines.grid->occupancyKnown() && lines.grid->occupancy().binsInUse > 0) {
        const Grid& grid = *lines.grid;
        const Occupancy occupancy = grid.occupancy();
        ImGui::Text("cells of %.2f in %u bins: %u in use, %.1f boids each, at most %u",
                    grid.cellEdge(), grid.tableSize(), occupancy.binsInUse,
                    double(lines.count) / occupancy.binsInUse, occupancy.fullestBin);
    }
    // The result above its button, where the learner looks as it comes: below, it could fall
    // under the overlay's visible part.
    const Comparison& compared = lines.compared;
    if (compared.count == lines.count && compared.ms[1] > 0)
        ImGui::Text("one step: all_pairs %.2f ms, grid %.2f ms: grid %.1fx faster", compared.ms[0],
                    compared.ms[1], compared.ms[0] / compared.ms[1]);
    const bool pressed = lines.canCompare && ImGui::Button("compare searches");
    if (!lines.canCompare) ImGui::TextDisabled("compare searches: set radius > 0 for the grid");
    return pressed;
}

void keepGridWorking(cs::Params& params, const std::string& search, const float& radius) {
    if (search != "grid" || radius > 0.0f) return;
    // Only one moved this frame. Asking whether search did clears its change; the set() that
    // follows marks one changed again, so that update() forgets the grid's counts either way.
    // Through set(), as the overlay's own edit is: a run that then fails undoes both.
    if (params.changed(&search))
        params.set("radius", std::to_string(kGridRadius));
    else
        params.set("search", "all_pairs");
}

}  // namespace flocking
