#version 430
// Canny, the end: the strong pixels after hysteresis as the edge image the transforms read,
// white on black (RGBA8, so that it can also be shown).
layout(local_size_x = 16, local_size_y = 16) in;

layout(binding = 0, r8ui) readonly uniform uimage2D classes;
layout(binding = 1, rgba8) writeonly uniform image2D edges;

uniform ivec2 size;

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, size))) return;  // the last groups' overhang
    bool edge = imageLoad(classes, pixel).r == 2u;
    imageStore(edges, pixel, edge ? vec4(1.0) : vec4(0.0, 0.0, 0.0, 1.0));
}
