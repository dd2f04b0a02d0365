#version 430
// Hough, step 3 with shared memory: a work group keeps the histogram of its block of angles
// (THETA_BLOCK rows of D_BINS bins) in shared memory, votes there with fast shared atomics for
// many edges, then adds each non-zero bin to the accumulator in memory once. Fewer atomic adds
// reach memory, and they collide less.
#ifndef GROUP_SIZE  // the defaults let the file compile alone; the sample sets them
#define GROUP_SIZE 64
#endif
#ifndef THETA_BLOCK
#define THETA_BLOCK 4
#endif
#ifndef D_BINS  // as dBins: a shared array's size must be a constant
#define D_BINS 545
#endif
layout(local_size_x = GROUP_SIZE) in;

#include "hough.glsl"

layout(binding = 0, offset = 0) uniform atomic_uint edgeCount;
layout(std430, binding = 0) readonly buffer EdgeList { uint edgeList[]; };
layout(std430, binding = 1) buffer Votes { uint votes[]; };

shared uint histogram[THETA_BLOCK * D_BINS];

void main() {
    uint local = gl_LocalInvocationIndex;
    for (uint j = local; j < uint(THETA_BLOCK * D_BINS); j += uint(GROUP_SIZE))
        histogram[j] = 0u;
    barrier();  // wait until the histogram is zero

    uint edges = atomicCounter(edgeCount);
    int firstAngle = int(gl_WorkGroupID.y) * THETA_BLOCK;
    int angles = min(THETA_BLOCK, theta_steps - firstAngle);
    uint stride = gl_NumWorkGroups.x * uint(GROUP_SIZE);
    for (uint i = gl_GlobalInvocationID.x; i < edges; i += stride) {
        ivec2 pixel = unpackPoint(edgeList[i]);
        for (int a = 0; a < angles; ++a)
            atomicAdd(histogram[a * D_BINS + houghBin(pixel, firstAngle + a)], 1u);
    }
    barrier();  // wait for every vote of the group

    for (uint j = local; j < uint(angles * D_BINS); j += uint(GROUP_SIZE)) {
        uint n = histogram[j];
        int t = firstAngle + int(j) / D_BINS, bin = int(j) % D_BINS;
        if (n != 0u) atomicAdd(votes[t * dBins + bin], n);
    }
}
