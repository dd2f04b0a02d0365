// The particles overlay: the legend of the particles' colour.
#include "overlay.h"

#include <imgui.h>

namespace particles {
namespace {

// particle.vert colours a particle by its speed: mix(kSlow, kFast, min(|v| / kFastSpeed, 1)).
// The shader spells these three numbers; they are repeated here for the legend alone.
const ImVec4 kSlow(0.15f, 0.35f, 1.0f, 1.0f), kFast(1.0f, 0.55f, 0.1f, 1.0f);
constexpr float kFastSpeed = 4.0f;  // box units per second; the box is 2 units wide

ImVec4 colourAt(float speed) {
    const float t = speed < kFastSpeed ? speed / kFastSpeed : 1.0f;
    return ImVec4(kSlow.x + (kFast.x - kSlow.x) * t, kSlow.y + (kFast.y - kSlow.y) * t,
                  kSlow.z + (kFast.z - kSlow.z) * t, 1.0f);
}

}  // namespace

void legend() {
    ImGui::TextDisabled("colour: the particle's speed, in box units/s");
    const char* labels[] = {"0", "1", "2", "3", ">=4"};
    const float side = ImGui::GetTextLineHeight();
    for (int s = 0; s < 5; ++s) {
        if (s > 0) ImGui::SameLine();
        ImGui::ColorButton(labels[s], colourAt(s * kFastSpeed / 4.0f),
                           ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoPicker |
                               ImGuiColorEditFlags_NoDragDrop,
                           ImVec2(side, side));
        ImGui::SameLine(0.0f, 3.0f);
        ImGui::TextUnformatted(labels[s]);
    }
    ImGui::TextDisabled("grey lines: the box; white: the sphere");
}

}  // namespace particles
