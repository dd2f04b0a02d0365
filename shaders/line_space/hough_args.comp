#version 430
// Hough, step 2: the vote's dispatch size, from the edge count that step 1 left in the atomic
// counter, written where glDispatchComputeIndirect reads it. The CPU never sees the count.
layout(local_size_x = 1) in;

#include "hough.glsl"  // the parameters (Hough): edgesPerGroup, maxGroups, thetaGroups

layout(binding = 0, offset = 0) uniform atomic_uint edgeCount;
// glDispatchComputeIndirect's command: num_groups_x, num_groups_y, num_groups_z.
layout(std430, binding = 1) writeonly buffer Command { uint numGroups[3]; };

void main() {
    uint edges = atomicCounter(edgeCount);
    numGroups[0] = min((edges + edgesPerGroup - 1u) / edgesPerGroup, maxGroups);  // 0: no-op
    numGroups[1] = thetaGroups;
    numGroups[2] = 1u;
}
