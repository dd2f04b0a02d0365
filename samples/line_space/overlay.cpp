#include "overlay.h"

#include <imgui.h>

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

}  // namespace line_space
