#version 430
// The max pyramid's level 0 (pyramid.glsl): every entry's score and index.
layout(local_size_x = 16, local_size_y = 16) in;

#include "pyramid.glsl"

layout(binding = 0, rgba32ui) readonly uniform uimage2D entries;

uniform ivec2 size;  // the entries'

void main() {
    ivec2 at = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(at, size))) return;  // the last groups' overhang
    uint index = uint(at.y * size.x + at.x);
    pyramid[index] = uvec2(imageLoad(entries, at).x, index);
}
