#include "overlay.h"

#include <imgui.h>

#include <string>

namespace line_space {

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
