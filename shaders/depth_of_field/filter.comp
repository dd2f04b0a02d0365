#version 430
// Step 4 of the pipeline: every pixel becomes the mean of a box around it whose size comes
// from its circle of confusion. The summed-area table gives any box's sum from four reads,
// so a 17 x 17 box costs what a 1 x 1 box costs.
layout(local_size_x = 16, local_size_y = 16) in;

#include "coc.glsl"

// The summed-area table of the biased colour, stored row by row like the image (bottom row
// first): the box sum is in shaders/common/box_sum.glsl.
layout(std430, binding = 0) readonly buffer Table {
    vec4 table[];
};
layout(binding = 0, r32f) uniform readonly image2D viewDepth;
layout(binding = 1, rgba8) uniform writeonly image2D blurred;

ivec2 size;  // the image's width and height, which sat() reads: set first in main()

#define SUM vec4
// A table entry; the sum of an empty region (left of column 0 or below row 0) is zero.
SUM sat(ivec2 p) {
    if (p.x < 0 || p.y < 0) return SUM(0.0);
    return table[p.y * size.x + p.x];
}
#include "box_sum.glsl"

void main() {
    size = imageSize(viewDepth);
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, size))) return;  // the last groups' overhang

    // Fix 1: the depth comes from its own texture, never from the table.
    int r = boxRadius(imageLoad(viewDepth, pixel).r);

    // Fix 3: clamp the box to the image, so no read falls outside the table.
    ivec2 lo = max(pixel - r, ivec2(0));
    ivec2 hi = min(pixel + r, size - 1);
    vec4 sum = boxSum(lo, hi);

    // Fix 4: divide by the number of pixels the clamped box really holds.
    ivec2 extent = hi - lo + 1;
    vec3 mean = sum.rgb / float(extent.x * extent.y) + bias;
    imageStore(blurred, pixel, vec4(mean, 1.0));
}
