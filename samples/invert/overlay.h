#pragma once
// The invert overlay (ImGui calls only): the panels' names, drawn in the picture, and what
// local_size changes.
#include <glm/glm.hpp>

#include "app/draw.h"

namespace invert {

// The two panels as render() placed them (frame pixels, bottom up), and the dispatch.
struct Layout {
    cs::Rect original, inverted;
    glm::uvec3 groups{0};
    int localSize = 0;
};

// Names each panel at its top left, in the picture (so they are absent with --no-ui), and
// says in the overlay that local_size changes the work groups and the time, never the picture.
void drawOverlay(const Layout& layout, int frameHeight);

}  // namespace invert
