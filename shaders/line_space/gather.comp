#version 430
// interpret=threshold and sort: the entries the sort chose, by index, gathered into a small
// buffer that is read back: m entries, not the whole space. (reduce_round.comp records its
// maxima's entries itself.)
layout(local_size_x = 64) in;
#include "linear_item.glsl"

layout(binding = 0, rgba32ui) readonly uniform uimage2D entries;
layout(std430, binding = 1) readonly buffer Chosen { uint chosen[]; };
layout(std430, binding = 2) writeonly buffer Gathered { uvec4 gathered[]; };

uniform uint count;  // this dispatch's: the entries chosen

void main() {
    uint i = linearItem();  // rows of work groups past the GL's limit along x
    if (i >= count) return;  // the last group's overhang
    uint index = chosen[i];
    int entriesWidth = imageSize(entries).x;
    ivec2 at = ivec2(int(index) % entriesWidth, int(index) / entriesWidth);
    gathered[i] = index == 0xFFFFFFFFu ? uvec4(0u) : imageLoad(entries, at);
}
