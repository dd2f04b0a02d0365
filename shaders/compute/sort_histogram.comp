#version 430
// Radix sort, step 1 of 3 per pass (src/compute/sort.cpp): how many keys of each digit this
// work group's tile holds.
#include "sort_common.glsl"

shared uint tileCounts[RADIX];

void main() {
    uint i = gl_LocalInvocationIndex;
    if (i < RADIX) tileCounts[i] = 0u;
    barrier();  // wait until the counters are zero
    for (uint item = 0u; item < uint(ITEMS); ++item) {
        uint element = elementOf(item);
        if (element < count) atomicAdd(tileCounts[digitOf(keysIn[element])], 1u);
    }
    barrier();  // wait until every key is counted
    if (i < RADIX) digitCounts[i * tiles + gl_WorkGroupID.x] = tileCounts[i];
}
