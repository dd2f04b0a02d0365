#include "overlay.h"

#include <imgui.h>

namespace depth_of_field {

void drawOverlay(const std::string& show) {
    if (show == "result" || show == "sharp")
        ImGui::TextUnformatted(
            "blur radius = max_radius x\n"
            "  smoothstep(0, focal_depth, |depth - focal_distance|)");
    else if (show == "depth")
        ImGui::TextUnformatted("white: near, black: 60 units or more away");
    else
        ImGui::TextUnformatted(
            "red: in front of the focal plane, blue: behind it;\n"
            "brighter: larger blur box");
}

}  // namespace depth_of_field
