// The invert overlay: the panels' names in the picture, and why local_size shows no change.
#include "overlay.h"

#include <imgui.h>

#include "app/overlay.h"

namespace invert {

void drawOverlay(const Layout& layout, int frameHeight) {
    cs::labelPanel(layout.original, frameHeight, "original");
    cs::labelPanel(layout.inverted, frameHeight, "inverted: 1 - rgb");

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
