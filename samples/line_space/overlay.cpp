#include "overlay.h"

#include <imgui.h>

#include <string>

namespace line_space {
namespace {

// The colours the shaders spell, repeated here for the legend alone (change both together):
// lines.frag draws the lines and crosses from kBest (rank 0) to kLast (the last line);
// space_view.comp draws an entry's score as kNoVotes -> kHalf -> kTop, kHalf where
// (score / best)^0.75 is 0.5, and an entry outside the line space's blocks as kGap.
const ImVec4 kBest(0.2f, 1.0f, 0.2f, 1.0f), kLast(0.1f, 0.6f, 1.0f, 1.0f);
const ImVec4 kNoVotes(0.0f, 0.0f, 0.1f, 1.0f), kHalf(0.8f, 0.1f, 0.4f, 1.0f),
    kTop(1.0f, 0.95f, 0.5f, 1.0f), kGap(0.2f, 0.2f, 0.2f, 1.0f);

// A small square of `colour`, then what it means, on the current line.
void swatch(const ImVec4& colour, const char* meaning) {
    const float side = ImGui::GetTextLineHeight();
    ImGui::ColorButton(meaning, colour,
                       ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoPicker |
                           ImGuiColorEditFlags_NoDragDrop,
                       ImVec2(side, side));
    ImGui::SameLine(0.0f, 3.0f);
    ImGui::TextUnformatted(meaning);
}

void legend(const Detected& d) {
    ImGui::TextDisabled("lines found, by score:");
    ImGui::SameLine();
    swatch(kBest, "best");
    ImGui::SameLine();
    swatch(kLast, d.lines->size() > 1 ? "last" : "(one line)");
    if (!d.spaceShown) return;
    ImGui::TextDisabled("crosses: each line's entry, in its colour");
    ImGui::TextDisabled(d.hough ? "accumulator:" : "line space:");
    ImGui::SameLine();
    swatch(kNoVotes, "0");
    ImGui::SameLine();
    swatch(kHalf, "40%");
    ImGui::SameLine();
    swatch(kTop, "best");
    if (d.hough) return;
    ImGui::SameLine();
    swatch(kGap, "no line");
}

}  // namespace

void drawOverlay(const Detected& d) {
    ImGui::Separator();
    ImGui::Text("%dx%d image, %s %dx%d", d.width, d.height, d.hough ? "accumulator" : "line space",
                d.spaceSize.x, d.spaceSize.y);
    if (!d.hough) ImGui::Text("%lld lines scanned", (long long)lineCount(d.width, d.height));
    if (d.interpret != "reduce")
        ImGui::Text("%u candidates %s", d.candidates,
                    d.interpret == "threshold" ? "at or above the threshold" : "sorted");
    ImGui::Text("%zu lines found, best score %u", d.lines->size(),
                d.lines->empty() ? 0u : d.lines->front().score);
    legend(d);
}

void keepWorking(cs::Params& params, bool houghWithSegments, const int& cannyLow,
                 const int& cannyHigh) {
    // Through set(), as the overlay's own edit is: the sample sees a change, and a run that
    // then fails undoes both (Params::undoEdits).
    if (houghWithSegments) params.set("segments", "false");
    if (cannyLow <= cannyHigh) return;
    // Only one moved this frame. Asking whether canny_high did clears its change; the set()
    // that follows marks a threshold changed again, so that the detection runs either way.
    if (params.changed(&cannyHigh))
        params.set("canny_low", std::to_string(cannyHigh));
    else
        params.set("canny_high", std::to_string(cannyLow));
}

}  // namespace line_space
