#version 430
// Bin sort, step 3, second half (src/compute/bin_sort.h): puts each bin in ascending item
// order, so that the result no longer depends on the order of the atomics. An item's place
// in its bin is the number of members with a lower index; it finds them among its bin's
// members as the first half placed them. A look at every member of the bin: cheap for the
// few members of a grid cell, n² work for n items in one bin.
#include "bin_sort_common.glsl"

layout(std430, binding = 1) readonly buffer BinStarts { uint binStarts[]; };
layout(std430, binding = 3) readonly buffer Placed { uint placed[]; };
layout(std430, binding = 4) writeonly buffer Order { uint order[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= count) return;  // the last group's overhang
    uint bin = binOf(i);
    uint first = binStarts[bin], end = binStarts[bin + 1u];
    uint lower = 0u;
    for (uint p = first; p < end; ++p) lower += placed[p] < i ? 1u : 0u;
    order[first + lower] = i;
}
