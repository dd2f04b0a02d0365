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

void Painter::paint(const cs::Buffer& records, glm::uvec3 extent, glm::uvec3 groupSize, int mode,
                    std::optional<glm::uvec3> hovered, int width, int height) {
    if (!program_) program_ = cs::Program::compute("workgroups/paint.comp");
    const SliceLayout layout = layoutSlices(extent, width, height);
    if (layout.extent != layout_.extent || layout.size != layout_.size || !picture_) {
        layout_ = layout;
        picture_ = cs::Texture2D("picture", layout_.size.x, layout_.size.y, GL_RGBA8);
    }
    program_.use();
    glUniform2i(program_.uniform("size"), layout_.size.x, layout_.size.y);
    glUniform3ui(program_.uniform("extent"), extent.x, extent.y, extent.z);
    glUniform3ui(program_.uniform("groupSize"), groupSize.x, groupSize.y, groupSize.z);
    glUniform2i(program_.uniform("sliceSize"), layout_.slice.x, layout_.slice.y);
    glUniform2i(program_.uniform("gap"), layout_.gap.x, layout_.gap.y);
    glUniform1i(program_.uniform("columns"), layout_.columns);
    glUniform1i(program_.uniform("cell"), layout_.cell);
    glUniform1i(program_.uniform("stride"), layout_.stride);
    glUniform1i(program_.uniform("mode"), mode);
    const glm::ivec3 at = hovered ? glm::ivec3(*hovered) : glm::ivec3(0);
    glUniform4i(program_.uniform("hovered"), at.x, at.y, at.z, hovered ? 1 : 0);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, records.id());
    glBindImageTexture(0, picture_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    const glm::uvec3 tiles = program_.groupsFor(layout_.size.x, layout_.size.y);
    glDispatchCompute(tiles.x, tiles.y, tiles.z);
    // The draw samples the picture as a texture (TEXTURE_FETCH).
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
}

}  // namespace workgroups
