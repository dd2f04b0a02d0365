#version 430
// The variable-radius box blur that a summed-area table makes cheap (OpenGL SuperBible,
// Figure 10.8): the radius grows from 0 at the left edge to maxRadius at the right, yet
// every pixel costs the same four table reads, whatever its box's size.
//
// TILED = 0 reads one whole-image table (src/compute/summed_area_table.h); TILED = 1 reads
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

uniform ivec2 size;      // the image's width and height
uniform int maxRadius;   // the radius at the right edge
uniform bool biased;     // the table sums values - 0.5

#if TILED
#define SUM dvec4
layout(std430, binding = 1) readonly buffer Above { dvec4 above[]; };  // [tile row][x]
layout(std430, binding = 2) readonly buffer Left { dvec4 left[]; };    // [y][tile column]
uniform ivec2 tiles;  // tiles across and down
// S(p): the sum of all pixels with column <= p.x and row <= p.y, from three small parts.
SUM sat(ivec2 p) {
    if (p.x < 0 || p.y < 0) return SUM(0);  // the empty sum before the first row or column
    ivec2 t = p / TILE;
    return above[t.y * size.x + p.x] + left[p.y * tiles.x + t.x] + SUM(table[p.y * size.x + p.x]);
}
#else
#define SUM vec4
SUM sat(ivec2 p) {
    if (p.x < 0 || p.y < 0) return SUM(0);
    return table[p.y * size.x + p.x];
}
#endif

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, size))) return;  // the last groups' overhang

    // Integer arithmetic, so the CPU reference computes exactly the same radius.
    int radius = maxRadius * pixel.x / max(size.x - 1, 1);
    // The box, clamped at the border: near an edge it is smaller, and so is its area.
    ivec2 lo = max(pixel - radius, ivec2(0));
    ivec2 hi = min(pixel + radius, size - 1);
    float area = float((hi.x - lo.x + 1) * (hi.y - lo.y + 1));

    // The box sum from four reads: everything up to the bottom-right corner, minus the
    // parts left of and above the box, plus the top-left part that was subtracted twice.
    SUM box = sat(hi) - sat(ivec2(lo.x - 1, hi.y)) - sat(ivec2(hi.x, lo.y - 1)) + sat(lo - 1);
    vec4 mean = vec4(box) / area;
    // Biased values summed to (sum - 0.5 area): adding 0.5 area back is adding 0.5 to the mean.
    if (biased) mean += 0.5;
    imageStore(blurred, pixel, mean);
}
