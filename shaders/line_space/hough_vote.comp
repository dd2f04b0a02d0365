#version 430
// Hough, step 3, plainly: every edge pixel votes for the bin of d at each angle of its work
// group's block, with an atomic add on the accumulator in memory. Dispatched indirectly with
// the size step 2 wrote; the edge count comes from the same counter, not from the CPU.
#ifndef GROUP_SIZE  // the defaults let the file compile alone; the sample sets them
#define GROUP_SIZE 64
#endif
#ifndef THETA_BLOCK
#define THETA_BLOCK 16
#endif
layout(local_size_x = GROUP_SIZE) in;

#include "hough.glsl"

layout(binding = 0, offset = 0) uniform atomic_uint edgeCount;
layout(std430, binding = 0) readonly buffer EdgeList { uint edgeList[]; };
layout(std430, binding = 1) buffer Votes { uint votes[]; };  // [t * dBins + bin], zeroed before

void main() {
    uint edges = atomicCounter(edgeCount);
    int firstAngle = int(gl_WorkGroupID.y) * THETA_BLOCK;
    int lastAngle = min(firstAngle + THETA_BLOCK, theta_steps);
    // A grid-stride loop: the dispatch stops at GL_MAX_COMPUTE_WORK_GROUP_COUNT groups, so an
    // invocation takes every edge a whole grid apart. It also skips the overhang.
    uint stride = gl_NumWorkGroups.x * uint(GROUP_SIZE);
    for (uint i = gl_GlobalInvocationID.x; i < edges; i += stride) {
        ivec2 pixel = unpackPoint(edgeList[i]);
        for (int t = firstAngle; t < lastAngle; ++t)
            atomicAdd(votes[t * dBins + houghBin(pixel, t)], 1u);
    }
}
