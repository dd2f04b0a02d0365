#version 430
// Step 4 of the pipeline: every pixel becomes the mean of a box around it whose size comes
// from its circle of confusion. The summed-area table gives any box's sum from four reads,
// so a 17 x 17 box costs what a 1 x 1 box costs.
layout(local_size_x = 16, local_size_y = 16) in;

#include "coc.glsl"

// The summed-area table: entry (x, y) is the sum of the biased pixels in columns 0..x and
// rows 0..y, stored row by row like the image.
layout(std430, binding = 0) readonly buffer Table {
    vec4 table[];
};
layout(binding = 0, r32f) uniform readonly image2D viewDepth;
layout(binding = 1, rgba8) uniform writeonly image2D blurred;

uniform float bias;  // what copy_bias.comp subtracted; added back to the mean

ivec2 size;

// A table entry; the sum of an empty region (left of column 0 or below row 0) is zero.
vec4 sumTo(int x, int y) {
    if (x < 0 || y < 0) return vec4(0.0);
    return table[y * size.x + x];
}

void main() {
    size = imageSize(blurred);
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, size))) return;

    // Fix 1: the depth comes from its own texture, never from the table.
    int r = boxRadius(imageLoad(viewDepth, pixel).r);

    // Fix 3: clamp the box to the image, so no read falls outside the table.
    ivec2 lo = max(pixel - r, ivec2(0));
    ivec2 hi = min(pixel + r, size - 1);
    vec4 sum = sumTo(hi.x, hi.y) - sumTo(lo.x - 1, hi.y) - sumTo(hi.x, lo.y - 1) +
               sumTo(lo.x - 1, lo.y - 1);

    // Fix 4: divide by the number of pixels the clamped box really holds.
    ivec2 extent = hi - lo + 1;
    vec3 mean = sum.rgb / float(extent.x * extent.y) + bias;
    imageStore(blurred, pixel, vec4(mean, 1.0));
}
