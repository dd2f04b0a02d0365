#version 430
// Histopyramid, build (src/compute/histopyramid.cpp): level `level` from the one below, one
// invocation per cell, each adding up its 2x2 children. One dispatch per level, a barrier
// between them: a level is complete only when every work group of its pass has finished.
layout(local_size_x = 256) in;
#include "histopyramid_levels.glsl"
#include "linear_item.glsl"

uniform uint level;  // the level built, 1 to top

void main() {
    uint cell = linearItem();
    if (cell >= levelCells[level]) return;  // the last group's overhang
    uint first = 4u * cell;
    uint a = cellTotal(level - 1u, first);
    uint b = cellTotal(level - 1u, first + 1u);
    uint c = cellTotal(level - 1u, first + 2u);
    uint d = cellTotal(level - 1u, first + 3u);
#if PARTIAL_SUMS
    levels[levelOffset[level] + cell] = uvec4(a, a + b, a + b + c, a + b + c + d);
#else
    levels[levelOffset[level] + cell] = a + b + c + d;
#endif
}
