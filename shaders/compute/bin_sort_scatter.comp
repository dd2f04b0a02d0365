#version 430
// Bin sort, step 3, first half (src/compute/bin_sort.h): every item goes to its bin's start
// plus its arrival number. Each bin's range now holds exactly its items, in the order the
// atomics of step 1 happened to run: that order changes from run to run.
#include "bin_sort_common.glsl"

layout(std430, binding = 1) readonly buffer BinStarts { uint binStarts[]; };  // scanned counts
layout(std430, binding = 2) readonly buffer Arrivals { uint arrivals[]; };
layout(std430, binding = 3) writeonly buffer Placed { uint placed[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= count) return;  // the last group's overhang
    placed[binStarts[binOf(i)] + arrivals[i]] = i;
}
