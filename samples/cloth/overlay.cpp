#include "overlay.h"

#include <imgui.h>

#include <cmath>

#include "cloth.h"

namespace cloth {

void energyAndStretch(glm::vec4 sums) {
    if (sums.w > 0) {
        ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1),
                           "%.0f points are no longer finite: the springs blew up", sums.w);
        ImGui::TextWrapped(
            "(explicit springs need h < 2 / omega: more substeps, less "
            "stiffness, or solver xpbd; then reset)");
    } else {
        ImGui::Text("kinetic energy %.4g J, RMS stretch %.2e", sums.x,
                    sums.z > 0 ? std::sqrt(sums.y / sums.z) : 0.0);
    }
}

void lostSpringEnds(const char* scatter, const unsigned lost[2], int columns, int rows) {
    const long long ends = 2 * springCount(columns, rows);
    ImGui::Text("%s scatter lost %u of %lld spring ends", scatter, lost[1], ends);
    ImGui::Text("  at %u of %d points (first substep)", lost[0], columns * rows);
}

}  // namespace cloth
