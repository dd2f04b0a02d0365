#version 430
// The histopyramid's levels side by side, as the article's "atlas" shows them: the base at
// the left, each level to the right half the size of the one before, down to the top's one
// cell. A level's cells are laid out in Morton order, bits of x at even places; a level
// larger than its panel shows, for each pixel, the coarser level whose cells the pixel spans
// (its cells are the sums of those). Black is empty, blue to yellow is the fraction of the
// base cells under a cell that are kept, on a log scale from 1 cell in 4096 (or fewer) to all.
layout(local_size_x = 16, local_size_y = 16) in;
#include "histopyramid_levels.glsl"

layout(rgba8, binding = 0) writeonly uniform image2D atlas;

uniform ivec2 size;               // the atlas image
uniform uint top;                 // the level of one cell
uniform ivec4 panels[17];         // per level: x, y, width, height in atlas pixels
uniform uvec2 grids[17];          // per level: cells along x and y of its Morton grid

uint mortonIndex(uvec2 cell) {
    uint index = 0u;
    for (uint bit = 0u; bit < 16u; ++bit) {
        index |= ((cell.x >> bit) & 1u) << (2u * bit);
        index |= ((cell.y >> bit) & 1u) << (2u * bit + 1u);
    }
    return index;
}

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, size))) return;  // the last groups' overhang
    vec3 color = vec3(0.08, 0.08, 0.1);  // the frame's background between panels
    for (uint level = 0u; level <= top; ++level) {
        ivec4 panel = panels[level];
        ivec2 inPanel = pixel - panel.xy;
        if (any(lessThan(inPanel, ivec2(0))) || any(greaterThanEqual(inPanel, panel.zw))) continue;
        uvec2 cell = uvec2(vec2(inPanel) / vec2(panel.zw) * vec2(grids[level]));
        // Up as many levels as it takes for one cell to cover the pixel.
        uint shown = level;
        uint cellsPerPixel = grids[level].x / uint(max(panel.z, 1));
        while (cellsPerPixel > 1u && shown < top) {
            ++shown;
            cell >>= 1u;
            cellsPerPixel >>= 1u;
        }
        uint index = mortonIndex(cell);
        color = vec3(0.2, 0.2, 0.22);  // past the end of the level
        if (index < levelCells[shown]) {
            float kept = float(cellTotal(shown, index));
            float fraction = kept / exp2(2.0 * float(shown));
            float t = clamp(1.0 + log2(max(fraction, 1e-12)) / 12.0, 0.0, 1.0);
            color = kept == 0.0 ? vec3(0.0)
                                : mix(vec3(0.1, 0.2, 0.9), vec3(1.0, 0.9, 0.2), t * t);
        }
    }
    imageStore(atlas, pixel, vec4(color, 1.0));
}
