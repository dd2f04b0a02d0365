#version 430
// The variable-radius box blur that a summed-area table makes cheap (OpenGL SuperBible,
// 6th ed., Figure 10.8): the radius grows from 0 at the left edge to max_radius at the right,
// yet every pixel costs the same four table reads, whatever its box's size.
//
// TILED = 0 reads one whole-image table (summed_area/main.cpp, buildTable); TILED = 1 reads
// per-tile tables plus their offsets (tile_sat.comp, tile_offsets.comp).
#ifndef TILED
#define TILED 0
#endif
#ifndef TILE
#define TILE 32
#endif
layout(local_size_x = 16, local_size_y = 16) in;

// SSBO binding points (glBindBufferBase) and image units (glBindImageTexture) are numbered
// separately, so both can use 0.
layout(std430, binding = 0) readonly buffer Table { vec4 table[]; };
layout(binding = 0, rgba32f) uniform writeonly image2D blurred;

#include "blur_block.glsl"  // size, max_radius, bias; and tiles, read when TILED

#if TILED
#define SUM dvec4
layout(std430, binding = 1) readonly buffer Below { dvec4 below[]; };  // [tile row][x]
layout(std430, binding = 2) readonly buffer Left { dvec4 left[]; };    // [y][tile column]
// S(p) from three small parts (tile_offsets.comp).
SUM sat(ivec2 p) {
    if (p.x < 0 || p.y < 0) return SUM(0);  // the empty sum before the first row or column
    ivec2 t = p / TILE;
    return below[t.y * size.x + p.x] + left[p.y * tiles.x + t.x] + SUM(table[p.y * size.x + p.x]);
}
#else
#define SUM vec4
SUM sat(ivec2 p) {
    if (p.x < 0 || p.y < 0) return SUM(0);
    return table[p.y * size.x + p.x];
}
#endif
#include "box_sum.glsl"

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, size))) return;  // the last groups' overhang

    // Integer arithmetic, so the CPU reference computes exactly the same radius.
    int radius = max_radius * pixel.x / max(size.x - 1, 1);
    // The box, clamped at the border: near an edge it is smaller, and so is its area.
    ivec2 lo = max(pixel - radius, ivec2(0));
    ivec2 hi = min(pixel + radius, size - 1);
    float area = float((hi.x - lo.x + 1) * (hi.y - lo.y + 1));
    // Biased values summed to (sum - bias x area): adding the bias back to the mean undoes it.
    imageStore(blurred, pixel, vec4(boxSum(lo, hi)) / area + bias);
}
