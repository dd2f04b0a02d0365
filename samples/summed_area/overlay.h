#pragma once
// The summed_area overlay (ImGui calls only): the three panels' names, drawn in the picture,
// the blur's error figures, and the heat map's colours.
#include "app/draw.h"
#include "reference.h"

namespace summed_area {

// The panels as render() placed them (frame pixels, bottom up): original, blurred, error map.
struct Panels {
    cs::Rect original, blurred, errorMap;
};

// Names each panel at its top left, in the picture (so not with --no-ui); in the overlay, the
// blur's error against the CPU and the heat map's legend.
void drawOverlay(const Panels& panels, int frameHeight, int maxRadius, const BlurError& error);

}  // namespace summed_area
