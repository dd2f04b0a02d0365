// The summed_area overlay: the panels' names in the picture, the error, the heat map's legend.
#include "overlay.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

namespace summed_area {
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

// error_map.comp's heatColour(t), black -> red -> yellow -> white as t goes 0 -> 1. The
// shader's t spans four decades of the error: 0 at 0.001/255 or less, 1 at 10/255 or more.
ImVec4 heatColour(float t) {
    const auto channel = [&](float offset) { return std::clamp(3.0f * t - offset, 0.0f, 1.0f); };
    return ImVec4(channel(0.0f), channel(1.0f), channel(2.0f), 1.0f);
}

}  // namespace

void drawOverlay(const Panels& panels, int frameHeight, int maxRadius, const BlurError& error) {
    label(panels.original, frameHeight, "original");
    char blurred[64];
    std::snprintf(blurred, sizeof blurred, "blurred: radius 0 -> %d", maxRadius);
    label(panels.blurred, frameHeight, blurred);
    label(panels.errorMap, frameHeight, "error vs the CPU");

    ImGui::Separator();
    ImGui::Text("blur error vs double CPU: max %.4f  mean %.5f (1/255)", error.max, error.mean);
    // A swatch at each decade of the heat map's scale, then its error.
    ImGui::TextDisabled("error map: the largest channel's error, in 1/255");
    const char* decades[] = {"<=0.001", "0.01", "0.1", "1", ">=10"};
    const float side = ImGui::GetTextLineHeight();
    for (int d = 0; d < 5; ++d) {
        if (d > 0) ImGui::SameLine();
        ImGui::ColorButton(decades[d], heatColour(d / 4.0f),
                           ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoPicker |
                               ImGuiColorEditFlags_NoDragDrop | ImGuiColorEditFlags_NoBorder,
                           ImVec2(side, side));
        ImGui::SameLine(0.0f, 3.0f);
        ImGui::TextUnformatted(decades[d]);
    }
}

}  // namespace summed_area
