#version 430
// Compaction (src/compute/compact.cpp): turns the count that a method left in a buffer into
// the commands of the pass and the draw that follow, on the GPU, so that no read-back to the
// CPU stands between the compaction and the work it sizes. One invocation.
layout(local_size_x = 1) in;

#define COMPACT_RESULT_ACCESS writeonly
#include "compact_result.glsl"

// Where the count is: the last inclusive sum of the scan, the histopyramid's top cell, or
// the atomic counter.
layout(std430, binding = 0) readonly buffer Counts { uint counts[]; };
uniform uint countIndex;

uniform uint localSize;           // the work-group size of the pass to be dispatched
uniform uint verticesPerElement;  // what the draw draws for each element: one instance
uniform uint maxGroupsX;          // GL_MAX_COMPUTE_WORK_GROUP_COUNT[0]

void main() {
    uint count = counts[countIndex];
    // ceil(count / localSize), without the overflow of count + localSize - 1.
    uint groups = count / localSize + (count % localSize != 0u ? 1u : 0u);
    compacted.count = count;
    // Along x up to the limit, then on in rows (linear_item.glsl numbers them back).
    compacted.groupsX = min(groups, maxGroupsX);
    compacted.groupsY = groups / maxGroupsX + (groups % maxGroupsX != 0u ? 1u : 0u);
    compacted.groupsZ = 1u;
    compacted.vertexCount = verticesPerElement;
    compacted.instanceCount = count;
    compacted.firstVertex = 0u;
    compacted.baseInstance = 0u;
}
