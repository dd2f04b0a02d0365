#include "overlay.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace nbody {

Pressed drawOverlay(const Bodies& bodies, const StepRate& rate, const cs::FencedRead& baseline,
                    const cs::FencedRead& now) {
    ImGui::Separator();
    ImGui::Text("%u bodies (%s)  step %lld  t = %.3f", bodies.count, bodies.source.c_str(),
                bodies.steps, bodies.seconds);
    if (rate.ms > 0) {
        const double gflops =
            rate.flopsPerInteraction * bodies.count * bodies.count / (rate.ms * 1e6);
        ImGui::Text("%s: %.3g interactions/s = %.2f GFLOP/s", rate.pass.c_str(),
                    gflops / rate.flopsPerInteraction * 1e9, gflops);
        if (rate.fmaGflops > 0)
            ImGui::Text("  = %.3f of the FMA rate (%.1f GFLOP/s)", gflops / rate.fmaGflops,
                        rate.fmaGflops);
    }
    if (baseline.known() && now.known()) {
        const Totals then = baseline.value<Totals>(), sums = now.value<Totals>();
        const double e0 = then.energy.x + then.energy.y, e = sums.energy.x + sums.energy.y;
        const glm::vec3 dp = glm::vec3(sums.momentum) - glm::vec3(then.momentum);
        // Relative to |E0|, and to the sum of |m v| (the total is ~0 in the CM frame).
        // Bodies that are all massless (possible with --input) have no energy to drift from.
        ImGui::Text("drift: energy %+.2e, momentum %.2e", e0 != 0 ? (e - e0) / std::abs(e0) : 0.0,
                    glm::length(dp) / std::max(then.momentum.w, 1e-30f));
    }
    Pressed pressed;
    pressed.restart = ImGui::Button("restart");
    if (rate.fmaGflops == 0) {
        ImGui::SameLine();
        // The framework's calibration, a second or so.
        pressed.fmaRate = ImGui::Button("measure FMA rate");
    }
    return pressed;
}

}  // namespace nbody
