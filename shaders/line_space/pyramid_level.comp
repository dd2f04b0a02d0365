#version 430
// One level of the max pyramid from the level below: 2 x 2 max reduction (pyramid.glsl).
layout(local_size_x = 16, local_size_y = 16) in;

#include "pyramid.glsl"

uniform ivec2 size;  // this level's
uniform int offset;  // where it starts in the pyramid
uniform int belowOffset;
uniform ivec2 belowSize;

void main() {
    ivec2 at = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(at, size))) return;  // the last groups' overhang
    pyramid[offset + at.y * size.x + at.x] = bestBelow(at, belowOffset, belowSize);
}
