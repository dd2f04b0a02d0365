#version 430
// Bin sort, step 1 (src/compute/bin_sort.h): every item adds one to its bin's counter.
// atomicAdd returns the counter as it was before: how many of the bin's items got there
// first. That arrival number gives the item a place of its own in step 3.
#include "bin_sort_common.glsl"

layout(std430, binding = 1) buffer Counts { uint counts[]; };  // bins + 1, cleared to zero
layout(std430, binding = 2) writeonly buffer Arrivals { uint arrivals[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= count) return;  // the last group's overhang
    arrivals[i] = atomicAdd(counts[binOf(i)], 1u);
}
