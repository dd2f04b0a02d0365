#include "overlay.h"

#include <imgui.h>

#include <cfloat>

namespace overdraw {

void drawOverlay(const OverlayFacts& facts) {
    ImGui::Separator();
    if (facts.earlyTests && (facts.prepass || facts.frontToBack))
        ImGui::TextWrapped(
            "early tests: an occluded fragment never runs, and the nearest comes "
            "first: every covered pixel is shaded once");
    else if (facts.earlyTests)
        ImGui::TextWrapped(
            "early tests: a fragment runs only when it is nearer than what was "
            "drawn there before it");
    else
        ImGui::TextWrapped(
            "late tests: every fragment runs, visible or not: a pixel is shaded "
            "once for each quad over it");
    if (facts.stats) {
        const Stats& s = *facts.stats;
        const unsigned long long invocations =
            (static_cast<unsigned long long>(s.invocationsHigh) << 32) | s.invocationsLow;
        const unsigned long long covered = facts.pixels - s.bins[0];
        ImGui::Text("fragment shader invocations %llu", invocations);
        ImGui::Text("covered pixels              %llu", covered);
        if (covered) ImGui::Text("per covered pixel           %.2f", double(invocations) / covered);
        float shaded[kBins - 1];  // pixels shaded 1, 2, ..., 16 or more times
        for (int c = 1; c < kBins; ++c) shaded[c - 1] = float(s.bins[c]);
        ImGui::PlotHistogram("##histogram", shaded, kBins - 1, 0,
                             "pixels shaded 1, 2, ... 16+ times", 0.0f, FLT_MAX,
                             ImVec2(ImGui::GetContentRegionAvail().x, 80.0f));
    } else {
        ImGui::TextUnformatted("counts: not read back yet (never waited for)");
    }
    ImGui::TextDisabled(
        "heat map: blue once, then green, yellow, red at %d, every quad (log "
        "scale)",
        facts.quads);
    ImGui::TextDisabled("the scene: each extra shading of a pixel tints it red");
    if (!facts.regionBarrier)
        ImGui::TextWrapped(
            "no glMemoryBarrierByRegion on this GL (GL 4.5 or "
            "GL_ARB_ES3_1_compatibility): a full glMemoryBarrier orders the tint");
    ImGui::TextWrapped(
        "fragment shaders here may use %d images, %d storage blocks and %d atomic "
        "counters",
        facts.fragmentImages, facts.fragmentStorageBlocks, facts.fragmentAtomicCounters);
}

}  // namespace overdraw
