#version 430
// The pass after the compaction: one invocation per kept voxel, dispatched from the count
// the GPU wrote (glDispatchComputeIndirect), so there are as many groups as the count needs,
// however big the volume. Its work here is small, what a marching-cubes pass would do at
// length: for each kept voxel, its place in the compacted order, item / count, which the
// draw shows as colour: a smooth sweep through the volume for the ordered methods, and
// noise for the atomic one. The draw cannot compute it itself: only the GPU knows the count.
layout(local_size_x = 64) in;
#include "linear_item.glsl"
#include "compact_result.glsl"

layout(std430, binding = 0) writeonly buffer Order { uint order[]; };  // unorm32: 0 to 1

void main() {
    uint item = linearItem();
    if (item >= compacted.count) return;  // groups are whole, the count is not
    float place = float(item) / float(max(compacted.count - 1u, 1u));
    // 16 bits of it, spread over the 32 of an unorm32: 65535 * 65537 = 2^32 - 1.
    order[item] = uint(clamp(place, 0.0, 1.0) * 65535.0) * 65537u;
}
