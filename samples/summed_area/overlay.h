#pragma once
// The summed_area overlay: where render() puts the three panels and their names, drawn in
// the picture (ImGui), the blur's error figures, and the heat map's colours.
#include "app/draw.h"
#include "reference.h"

namespace summed_area {

// The panels as render() placed them (frame pixels, bottom up): original, blurred, error map.
struct Panels {
    cs::Rect original, blurred, errorMap;
};

// The three panels side by side along the bottom of `area` (Sample::freeArea, right of the
// overlay), each fitted to the image's shape.
Panels placePanels(const cs::Rect& area, int imageWidth, int imageHeight);

// Names each panel at its top left, in the picture (so not with --no-ui); in the overlay, the
// blur's error against the CPU and the heat map's legend.
void drawOverlay(const Panels& panels, int frameHeight, int maxRadius, const BlurError& error);

}  // namespace summed_area
