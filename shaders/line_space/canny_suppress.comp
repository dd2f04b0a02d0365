#version 430
// Canny, steps 3 and 4 of 5: non-maximum suppression and the double threshold. A pixel stays
// only where its gradient is at least as long as the next pixel's along the gradient and
// longer than the previous one's (so of two equal neighbours exactly one stays), with pixels
// beyond the image as zero; it is then strong (2) at or above the high threshold, weak (1) at
// or above the low one, and nothing (0) below.
layout(local_size_x = 16, local_size_y = 16) in;

layout(binding = 0, r32ui) readonly uniform uimage2D gradients;
layout(binding = 1, r8ui) writeonly uniform uimage2D classes;

uniform ivec2 size;
uniform uint lowSquared, highSquared;  // the thresholds on the gradient's length, squared

uint lengthSquaredAt(ivec2 pixel) {
    if (any(lessThan(pixel, ivec2(0))) || any(greaterThanEqual(pixel, size))) return 0u;
    return imageLoad(gradients, pixel).r >> 2;
}

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(p, size))) return;  // the last groups' overhang
    uint stored = imageLoad(gradients, p).r;
    uint length2 = stored >> 2, direction = stored & 3u;
    const ivec2 steps[4] = ivec2[4](ivec2(1, 0), ivec2(0, 1), ivec2(1, 1), ivec2(1, -1));
    ivec2 step = steps[direction];
    bool maximum = length2 >= lengthSquaredAt(p + step) && length2 > lengthSquaredAt(p - step);
    uint cls = !maximum ? 0u : (length2 >= highSquared ? 2u : (length2 >= lowSquared ? 1u : 0u));
    imageStore(classes, p, uvec4(cls));
}
