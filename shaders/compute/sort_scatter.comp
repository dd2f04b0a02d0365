#version 430
// Radix sort, step 3 of 3 per pass (src/compute/sort.cpp): every key and its value go to
// their place in the order of this pass's digit. digitCounts holds, after the scan of step 2,
// where this tile's first key of each digit goes; a key's place is that plus the number of
// keys with the same digit before it in the tile, so that equal digits keep their order.
#include "sort_common.glsl"

layout(std430, binding = 1) readonly buffer ValuesIn { uint valuesIn[]; };
layout(std430, binding = 2) writeonly buffer KeysOut { uint keysOut[]; };
layout(std430, binding = 3) writeonly buffer ValuesOut { uint valuesOut[]; };

// before[digit][invocation]: this invocation's keys of the digit, then, after the column
// scan, those of the invocations before it.
shared uint before[RADIX][GROUP_SIZE];

void main() {
    uint i = gl_LocalInvocationIndex;
    uint mine[RADIX];
    for (uint d = 0u; d < RADIX; ++d) mine[d] = 0u;
    for (uint item = 0u; item < uint(ITEMS); ++item) {
        uint element = elementOf(item);
        if (element < count) mine[digitOf(keysIn[element])] += 1u;
    }
    for (uint d = 0u; d < RADIX; ++d) before[d][i] = mine[d];
    barrier();  // wait for every invocation's counts

    // One invocation per digit turns its column into an exclusive scan, adding up serially:
    // GROUP_SIZE additions each.
    if (i < RADIX) {
        uint sum = 0u;
        for (uint k = 0u; k < uint(GROUP_SIZE); ++k) {
            uint n = before[i][k];
            before[i][k] = sum;
            sum += n;
        }
    }
    barrier();  // wait for the scanned columns

    // Where this invocation's next key of each digit goes.
    for (uint d = 0u; d < RADIX; ++d)
        mine[d] = digitCounts[d * tiles + gl_WorkGroupID.x] + before[d][i];
    for (uint item = 0u; item < uint(ITEMS); ++item) {
        uint element = elementOf(item);
        if (element >= count) break;  // the last tile's overhang
        uint key = keysIn[element];
        uint d = digitOf(key);
        uint to = mine[d];
        mine[d] = to + 1u;
        keysOut[to] = key;
        valuesOut[to] = valuesIn[element];
    }
}
