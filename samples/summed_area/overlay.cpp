// The summed_area overlay: the panels' names in the picture, the error, the heat map's legend.
#include "overlay.h"

#include <imgui.h>

#include <algorithm>
#include <cstdio>

#include "app/overlay.h"

namespace summed_area {
namespace {

// error_map.comp's heatColour(t), black -> red -> yellow -> white as t goes 0 -> 1. The
// shader's t spans four decades of the error: 0 at 0.001/255 or less, 1 at 10/255 or more.
ImVec4 heatColour(float t) {
    const auto channel = [&](float offset) { return std::clamp(3.0f * t - offset, 0.0f, 1.0f); };
    return ImVec4(channel(0.0f), channel(1.0f), channel(2.0f), 1.0f);
}

}  // namespace

Panels placePanels(const cs::Rect& area, int imageWidth, int imageHeight) {
    // In the area the overlay leaves free, so that it covers none of them: three across, or
    // two over one, whichever shows the panels larger (a tall area, beside the overlay, fits
    // two rows better).
    const float aspect = float(imageHeight) / float(imageWidth);
    const float acrossScale = std::min(area.width / 3.0f, area.height / aspect);
    const float gridScale = std::min(area.width / 2.0f, area.height / 2.0f / aspect);
    if (acrossScale >= gridScale) {
        const float third = area.width / 3.0f;
        const auto panel = [&](int i) {
            return cs::fitRect({area.x + i * third, area.y, third, area.height}, imageWidth,
                               imageHeight);
        };
        return {panel(0), panel(1), panel(2)};
    }
    // Rows are counted from the bottom: the original and the blur above, the error below.
    const float halfWidth = area.width / 2.0f, halfHeight = area.height / 2.0f;
    const auto cell = [&](int column, int row) {
        return cs::fitRect(
            {area.x + column * halfWidth, area.y + row * halfHeight, halfWidth, halfHeight},
            imageWidth, imageHeight);
    };
    return {cell(0, 1), cell(1, 1), cell(0, 0)};
}

void drawOverlay(const Panels& panels, int frameHeight, int maxRadius, const BlurError& error) {
    cs::labelPanel(panels.original, frameHeight, "original");
    char blurred[64];
    std::snprintf(blurred, sizeof blurred, "blurred: radius 0 -> %d", maxRadius);
    cs::labelPanel(panels.blurred, frameHeight, blurred);
    cs::labelPanel(panels.errorMap, frameHeight, "error vs the CPU");

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
