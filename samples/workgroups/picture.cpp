#include <algorithm>
#include <cmath>
#include <cstdint>

#include "workgroups.h"

namespace workgroups {

SliceLayout layoutSlices(glm::uvec3 extent, int width, int height) {
    width = std::max(width, 1);
    height = std::max(height, 1);
    // More slices than pixels cannot all be shown: the first ones that fit are.
    const long slices = long(std::min<std::uint64_t>(extent.z, std::uint64_t(width) * height));
    double bestFit = 0.0;
    long bestColumns = 1;
    glm::ivec2 bestGap{0}, bestRoom{1};
    for (long columns = 1; columns <= std::min<long>(slices, width); ++columns) {
        const long rows = (slices + columns - 1) / columns;
        if (rows > height) continue;
        // Room for a label above each slice where the slices stay large, less where not.
        for (const glm::ivec2 gap : {glm::ivec2(10, 22), glm::ivec2(2), glm::ivec2(0)}) {
            const glm::ivec2 g = slices > 1 ? gap : glm::ivec2(0);
            const glm::ivec2 room(int((width - (columns - 1) * g.x) / columns),
                                  int((height - rows * g.y) / rows));  // pixels per slice
            if (room.x < 1 || room.y < 1) continue;
            const double fit = std::min(double(room.x) / extent.x, double(room.y) / extent.y);
            const double smallest = std::min(fit * extent.x, fit * extent.y);
            if ((g.y > 2 && smallest < 24) || (g.y == 2 && smallest < 4)) continue;
            if (fit > bestFit) bestFit = fit, bestColumns = columns, bestGap = g, bestRoom = room;
            break;
        }
    }

    SliceLayout layout;
    layout.extent = extent;
    layout.columns = int(bestColumns);
    layout.gap = bestGap;
    if (bestFit >= 1.0) {
        layout.cell = int(bestFit);
    } else {  // more invocations than pixels: every stride-th one gets a pixel
        layout.stride = int(std::max((extent.x + bestRoom.x - 1) / unsigned(bestRoom.x),
                                     (extent.y + bestRoom.y - 1) / unsigned(bestRoom.y)));
    }
    const int rows = int((slices + bestColumns - 1) / bestColumns);
    layout.slice = glm::ivec2((extent.x + layout.stride - 1) / layout.stride,
                              (extent.y + layout.stride - 1) / layout.stride) *
                   layout.cell;
    layout.size = glm::ivec2(layout.columns, rows) * layout.slice +
                  glm::ivec2(layout.columns - 1, rows) * layout.gap;
    layout.shownSlices = unsigned(std::min<long>(extent.z, long(rows) * layout.columns));
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
