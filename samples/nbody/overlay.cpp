#include "overlay.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace nbody {
namespace {

// bodies.vert colours a body by its speed: mix(kSlow, kFast, smoothstep(0, 1, t)), t being
// min(|v| / speedScale, 1). The shader spells the two colours; they are repeated here for the
// legend alone.
const ImVec4 kSlow(0.3f, 0.5f, 1.0f, 1.0f), kFast(1.0f, 0.6f, 0.25f, 1.0f);

ImVec4 colourAt(float t) {
    const float s = t * t * (3.0f - 2.0f * t);  // GLSL's smoothstep(0, 1, t)
    return ImVec4(kSlow.x + (kFast.x - kSlow.x) * s, kSlow.y + (kFast.y - kSlow.y) * s,
                  kSlow.z + (kFast.z - kSlow.z) * s, 1.0f);
}

// A swatch at each quarter of the colour scale, labelled with its speed.
void legend(float speedScale) {
    // bodies.frag with additive blending: where bodies overlap, their light adds up.
    ImGui::TextDisabled("colour: speed; overlaps add their light");
    if (ImGui::IsItemHovered())
        ImGui::SetTooltip("orange from twice the starting RMS speed; white where light adds up");
    const float side = ImGui::GetTextLineHeight();
    for (int q = 0; q <= 4; ++q) {
        char label[32];
        std::snprintf(label, sizeof label, q == 4 ? ">=%.2g" : "%.2g", q * speedScale / 4.0f);
        if (q > 0) ImGui::SameLine();
        ImGui::ColorButton(label, colourAt(q / 4.0f),
                           ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoPicker |
                               ImGuiColorEditFlags_NoDragDrop,
                           ImVec2(side, side));
        ImGui::SameLine(0.0f, 3.0f);
        ImGui::TextUnformatted(label);
    }
}

}  // namespace

void Conservation::create() {
    totals = cs::Buffer("energy and momentum totals", sizeof(Totals), cs::BufferUse::Computed);
    baseline = cs::FencedRead("baseline totals", sizeof(Totals));
    now = cs::FencedRead("energy and momentum totals", sizeof(Totals));
}

void Conservation::resize(unsigned count) {
    const GLsizeiptr bytes = GLsizeiptr(count * sizeof(glm::vec4));
    energies = cs::Buffer("energy per body", bytes, cs::BufferUse::Computed);
    momenta = cs::Buffer("momentum per body", bytes, cs::BufferUse::Computed);
}

void Conservation::forget() {
    baseline.reset();
    now.reset();
    baselineAsked = false;
}

Pressed drawOverlay(const Bodies& bodies, const StepRate& rate, const Conservation& conservation) {
    const cs::FencedRead &baseline = conservation.baseline, &now = conservation.now;
    ImGui::Separator();
    ImGui::Text("%u bodies (%s)  step %lld  t = %.3f", bodies.count, bodies.source.c_str(),
                bodies.steps, bodies.seconds);
    legend(bodies.speedScale);
    if (rate.ms > 0) {
        const double gflops =
            rate.flopsPerInteraction * bodies.count * bodies.count / (rate.ms * 1e6);
        // The rate on a line of its own: wrapped, a number would break at its decimal point.
        ImGui::Text("%s, per step: %.3g interactions/s", rate.pass.c_str(),
                    gflops / rate.flopsPerInteraction * 1e9);
        ImGui::Text("  = %.2f GFLOP/s", gflops);
        // The FMA rate with what it is: the fastest of its runs, and how far they were apart.
        // Two lines of their own from the start, so that nothing below moves when it comes.
        const cs::Calibration& fma = rate.fma->measured;
        if (rate.fma->measuring) {
            ImGui::TextDisabled("  measuring the FMA rate:");
            ImGui::TextDisabled("  run %d of %d, a dispatch a frame",
                                rate.fma->measuring->runsDone(), cs::FmaMeasurement::kRuns);
        } else if (fma.fmaGflops > 0) {
            ImGui::Text("  = %.3f of the FMA rate (%.1f GFLOP/s)", gflops / fma.fmaGflops,
                        fma.fmaGflops);
            ImGui::Text("  (fastest of %d runs, spread %.0f %%)", fma.fmaRuns,
                        100.0 * fma.fmaSpread);
        } else {
            ImGui::TextDisabled("  the FMA rate: not measured yet");
            ImGui::TextDisabled("  (the button below measures it)");
        }
    }
    if (baseline.known() && now.known()) {
        const Totals then = baseline.value<Totals>(), sums = now.value<Totals>();
        const double e0 = then.energy.x + then.energy.y, e = sums.energy.x + sums.energy.y;
        const glm::vec3 dp = glm::vec3(sums.momentum) - glm::vec3(then.momentum);
        // Relative to |E0|, and to the sum of |m v| (the total is ~0 in the CM frame).
        // Bodies that are all massless (possible with --input) have no energy to drift from.
        ImGui::Text("drift: energy %+.2e, momentum %.2e", e0 != 0 ? (e - e0) / std::abs(e0) : 0.0,
                    glm::length(dp) / std::max(then.momentum.w, 1e-30f));
    } else {
        ImGui::TextDisabled("drift: measured while diagnostics is on");
    }
    Pressed pressed;
    pressed.restart = ImGui::Button("restart");
    ImGui::SameLine();
    // Again at will, to see how much it varies.
    ImGui::BeginDisabled(rate.fma->measuring.has_value());
    pressed.fmaRate =
        ImGui::Button(rate.fma->measured.fmaGflops == 0 ? "measure FMA rate" : "measure again");
    ImGui::EndDisabled();
    return pressed;
}

void FmaRate::step(bool start, cs::GpuProfiler::Method method) {
    if (start) measuring.emplace(method);
    if (measuring && measuring->step()) {
        measuring->result(measured);
        measuring.reset();
    }
}

}  // namespace nbody
