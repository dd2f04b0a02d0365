#version 430
// Histopyramid, traversal (src/compute/histopyramid.cpp): one invocation per output key
// k < count, dispatched from the count itself (glDispatchComputeIndirect). From the top it
// descends one level at a time into the child whose range of keys holds k, and subtracts the
// keys of the children it passed. The article's example, a 4x4 base:
//
//   level 1 (2x2)   A=3 B=2        key 4: A holds keys 0-2, B keys 3-4: B, and 4 - 3 = 1
//                   C=3 D=1        B's children (0, 1, 1, 0) hold keys -, 0, 1, -: the third,
//   level 2         9              (0,+1) of B at (1,0): base cell (2, 1)
//
// Children are visited in Z order, and in Morton order that is index order: output k is the
// k-th kept element, so the indices come out ascending, as from the scan.
layout(local_size_x = 256) in;
#include "histopyramid_levels.glsl"
#include "linear_item.glsl"

layout(std430, binding = 2) writeonly buffer Indices { uint indices[]; };
#include "compact_result.glsl"  // the count, and the groups this pass was dispatched with

// The level of one cell, from a buffer that build() fills, not from a uniform: zink (Mesa
// 22.3) compiles a uniform that bounds a loop into the shader by value, and ran this program,
// bound again for the next run, with the top of an earlier one (README, known driver issues).
layout(std430, binding = 3) readonly buffer Top { uint top; };

void main() {
    uint key = linearItem();
    if (key >= compacted.count) return;  // the last group's overhang
    uint k = key, cell = 0u;
    for (uint level = top; level > 0u; --level) {
        uint first = 4u * cell;  // the children, at level - 1
#if PARTIAL_SUMS
        // One read: the running sums of the four children.
        uvec4 sums = levels[levelOffset[level] + cell];
#else
        // Three reads: the fourth child's count follows from the others (k is below the
        // total).
        uint a = cellTotal(level - 1u, first);
        uint ab = a + cellTotal(level - 1u, first + 1u);
        uvec4 sums = uvec4(a, ab, ab + cellTotal(level - 1u, first + 2u), 0u);
#endif
        // The child whose keys hold k: the first whose running sum passes k.
        uint child = 0u, before = 0u;
        if (k >= sums.x) {
            child = 1u;
            before = sums.x;
        }
        if (k >= sums.y) {
            child = 2u;
            before = sums.y;
        }
        if (k >= sums.z) {
            child = 3u;
            before = sums.z;
        }
        k -= before;
        cell = first + child;
    }
    indices[key] = cell;  // a base cell: the element's index
}
