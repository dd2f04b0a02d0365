// The invert overlay: the panels' names in the picture, and why local_size shows no change.
#include "overlay.h"

#include <imgui.h>

namespace invert {
namespace {

// `text` on a dark box at the top left of `panel`, behind the overlay's window. Where that
// window would hide it (ui() runs inside the window), the label moves below the window, or
// else right of it, and is left out if it fits neither way. The panel is in frame pixels,
// bottom up; ImGui places things in its own units, top down, which differ from pixels on
// high-DPI screens by the framebuffer scale.
void label(const cs::Rect& panel, int frameHeight, const char* text) {
    const ImVec2 scale = ImGui::GetIO().DisplayFramebufferScale;
    const ImVec2 topLeft(panel.x / scale.x, (frameHeight - panel.y - panel.height) / scale.y);
    const ImVec2 bottomRight(topLeft.x + panel.width / scale.x, topLeft.y + panel.height / scale.y);
    const ImVec2 size = ImGui::CalcTextSize(text);
    const ImVec2 window = ImGui::GetWindowPos();
    const ImVec2 windowEnd(window.x + ImGui::GetWindowWidth(), window.y + ImGui::GetWindowHeight());
    const auto hidden = [&](ImVec2 at) {
        return at.x < windowEnd.x && at.x + size.x > window.x && at.y < windowEnd.y &&
               at.y + size.y > window.y;
    };
    const auto fits = [&](ImVec2 at) {
        return at.x + size.x <= bottomRight.x && at.y + size.y <= bottomRight.y;
    };
    ImVec2 at(topLeft.x + 4, topLeft.y + 4);
    if (hidden(at)) {
        const ImVec2 below(at.x, windowEnd.y + 6), right(windowEnd.x + 6, at.y);
        if (fits(below))
            at = below;
        else if (fits(right))
            at = right;
        else
            return;
    }
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    draw->PushClipRect(topLeft, bottomRight, true);  // a long label stops at the panel's edge
    draw->AddRectFilled(ImVec2(at.x - 3, at.y - 2), ImVec2(at.x + size.x + 3, at.y + size.y + 2),
                        IM_COL32(0, 0, 0, 190), 3.0f);
    draw->AddText(at, IM_COL32(235, 235, 235, 255), text);
    draw->PopClipRect();
}

}  // namespace

void drawOverlay(const Layout& layout, int frameHeight) {
    label(layout.original, frameHeight, "original");
    label(layout.inverted, frameHeight, "inverted: 1 - rgb");

    ImGui::Separator();
    ImGui::TextDisabled("left: original, imageLoad from unit 0");
    ImGui::TextDisabled("right: 1 - rgb, alpha kept, imageStore to unit 1");
    const unsigned groups = layout.groups.x * layout.groups.y;
    ImGui::Text("%u x %u = %u work groups of %d x %d", layout.groups.x, layout.groups.y, groups,
                layout.localSize, layout.localSize);
    // A learner changes local_size and sees nothing move: say that this is the point.
    ImGui::TextWrapped(
        "local_size changes how many work groups run, and the GPU time, but not the picture: "
        "each invocation inverts its own pixel, whichever group it is in, so the result is the "
        "same by design.");
}

}  // namespace invert
