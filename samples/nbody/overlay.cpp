#include "overlay.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace nbody {

void stepRate(const std::string& name, double ms, unsigned count, double flopsPerInteraction,
              double fmaGflops) {
    if (ms <= 0) return;
    const double gflops = flopsPerInteraction * count * count / (ms * 1e6);
    ImGui::Text("%s: %.3g interactions/s = %.2f GFLOP/s", name.c_str(),
                gflops / flopsPerInteraction * 1e9, gflops);
    if (fmaGflops > 0)
        ImGui::Text("  = %.3f of the FMA rate (%.1f GFLOP/s)", gflops / fmaGflops, fmaGflops);
}

void drift(glm::vec4 energy0, glm::vec4 energy, glm::vec4 momentum0, glm::vec4 momentum) {
    const double e0 = energy0.x + energy0.y, e = energy.x + energy.y;
    const glm::vec3 dp = glm::vec3(momentum) - glm::vec3(momentum0);
    // Relative to |E0|, and to the sum of |m v| (the total is ~0 in the CM frame).
    // Bodies that are all massless (possible with --input) have no energy to drift from.
    ImGui::Text("drift: energy %+.2e, momentum %.2e", e0 != 0 ? (e - e0) / std::abs(e0) : 0.0,
                glm::length(dp) / std::max(momentum0.w, 1e-30f));
}

}  // namespace nbody
