#version 430
// interpret=sort (thesis §5.3): the entries of one pyramid level (level `prereduce`: the best
// of each 2^prereduce square) as keys and values for cs::GpuSort. The sort is ascending, so
// the key is 65535 - score (scores stay below 2^16: a line has at most max(w, h) pixels, a
// Hough bin at most ~1.5 times the diagonal), and the value is the entry's index.
layout(local_size_x = 64) in;
#include "linear_item.glsl"

#include "pyramid.glsl"

layout(std430, binding = 1) writeonly buffer Keys { uint keys[]; };
layout(std430, binding = 2) writeonly buffer Values { uint values[]; };

void main() {
    int level = min(prereduce, levelCount - 1);
    uint count = uint(levelSize(level).x * levelSize(level).y);  // entries in the level
    uint i = linearItem();  // rows of work groups past the GL's limit along x
    if (i >= count) return;  // the last group's overhang
    uvec2 best = pyramid[levelOffset(level) + int(i)];
    keys[i] = 0xFFFFu - min(best.x, 0xFFFFu);
    values[i] = best.y;
}
