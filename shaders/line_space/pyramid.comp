#version 430
// The max pyramid (pyramid.glsl), one level per dispatch: level 0 holds every entry's score
// and index; each level above, the best of each 2 x 2 block of the level below.
layout(local_size_x = 16, local_size_y = 16) in;

#include "pyramid.glsl"

layout(binding = 0, rgba32ui) readonly uniform uimage2D entries;  // read by level 0

uniform int level;  // this dispatch's

void main() {
    ivec2 at = ivec2(gl_GlobalInvocationID.xy);
    ivec2 size = levelSize(level);
    if (any(greaterThanEqual(at, size))) return;  // the last groups' overhang
    if (level == 0) {
        uint index = uint(at.y * size.x + at.x);
        pyramid[index] = uvec2(imageLoad(entries, at).x, index);
    } else {
        pyramid[levelOffset(level) + at.y * size.x + at.x] =
            bestBelow(at, levelOffset(level - 1), levelSize(level - 1));
    }
}
