#include <algorithm>
#include <cmath>

#include "workgroups.h"

namespace workgroups {

SliceLayout layoutSlices(glm::uvec3 extent, int width, int height) {
    width = std::max(width, 1);
    height = std::max(height, 1);
    const long slices = long(extent.z);
    double bestFit = 0.0;
    long bestColumns = 1;
    glm::ivec2 bestGap{0};
    for (long columns = 1; columns <= slices; ++columns) {
        const long rows = (slices + columns - 1) / columns;
        // Room for a label above each slice where the slices stay large, less where not.
        for (const glm::ivec2 gap : {glm::ivec2(10, 22), glm::ivec2(2), glm::ivec2(0)}) {
            const glm::ivec2 g = slices > 1 ? gap : glm::ivec2(0);
            const double across =
                double(width - (columns - 1) * g.x) / (columns * double(extent.x));
            const double down = double(height - rows * g.y) / (rows * double(extent.y));
            const double fit = std::min(across, down);  // pixels per invocation
            const double smallest = std::min(fit * extent.x, fit * extent.y);
            if (fit <= 0.0 || (g.y > 2 && smallest < 24) || (g.y == 2 && smallest < 4)) continue;
            if (fit > bestFit) bestFit = fit, bestColumns = columns, bestGap = g;
            break;
        }
    }

    SliceLayout layout;
    layout.extent = extent;
    layout.columns = int(bestColumns);
    layout.gap = bestGap;
    const int rows = int((slices + bestColumns - 1) / bestColumns);
    if (bestFit >= 1.0) {
        layout.cell = int(bestFit);
    } else {
        layout.stride = int(std::ceil(1.0 / bestFit));
    }
    for (;; ++layout.stride) {
        layout.slice = glm::ivec2((extent.x + layout.stride - 1) / layout.stride,
                                  (extent.y + layout.stride - 1) / layout.stride) *
                       layout.cell;
        layout.size = glm::ivec2(layout.columns, rows) * layout.slice +
                      glm::ivec2(layout.columns - 1, rows) * layout.gap;
        if ((layout.size.x <= width && layout.size.y <= height) || layout.cell > 1) break;
    }
    return layout;
}

std::optional<glm::uvec3> invocationAt(const SliceLayout& layout, int x, int y) {
    if (x < 0 || y < 0 || x >= layout.size.x || y >= layout.size.y) return std::nullopt;
    const glm::ivec2 fromTop(x, layout.size.y - 1 - y);
    const glm::ivec2 pitch = layout.slice + layout.gap;
    const glm::ivec2 slot = fromTop / pitch;
    // A slot is the slice with its label band above it and its gap to the right.
    const glm::ivec2 inSlot = fromTop - slot * pitch - glm::ivec2(0, layout.gap.y);
    const unsigned z = unsigned(slot.y * layout.columns + slot.x);
    if (inSlot.y < 0 || inSlot.x >= layout.slice.x || z >= layout.extent.z) return std::nullopt;
    const glm::ivec2 inSlice(inSlot.x, layout.slice.y - 1 - inSlot.y);
    const glm::uvec2 xy = glm::uvec2(inSlice / layout.cell) * unsigned(layout.stride);
    if (xy.x >= layout.extent.x || xy.y >= layout.extent.y) return std::nullopt;
    return glm::uvec3(xy, z);
}

glm::ivec2 sliceCorner(const SliceLayout& layout, unsigned z) {
    const glm::ivec2 slot(int(z) % layout.columns, int(z) / layout.columns);
    return slot * (layout.slice + layout.gap);
}

}  // namespace workgroups
