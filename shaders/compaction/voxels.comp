#version 430
// The pass after the compaction: one invocation per kept voxel, dispatched from the count
// the GPU wrote (glDispatchComputeIndirect), so there are as many groups as the count needs,
// however big the volume. Its work here is small, what a marching-cubes pass would do at
// length: for each kept voxel, its place in the compacted order, item / count, which the
// draw shows as colour: a smooth sweep through the volume for the ordered methods, and
// noise for the atomic one. The draw cannot compute it itself: only the GPU knows the count.
layout(local_size_x = 64) in;

// The count: the first of the eight uints the compaction wrote (cs::CompactResult in
// src/compute/compact.h), the commands this dispatch was sized from after it.
layout(std430, binding = 7) readonly buffer CompactResult { uint count; } compacted;
layout(std430, binding = 0) writeonly buffer Order { uint order[]; };  // unorm32: 0 to 1

void main() {
    // The command's groups run along x up to the GL's limit, then on in rows along y
    // (compact.h): an item counts the rows of groups before its own. linear_item.glsl
    // numbers the library's passes the same way.
    uint group = gl_WorkGroupID.y * gl_NumWorkGroups.x + gl_WorkGroupID.x;
    uint item = group * gl_WorkGroupSize.x + gl_LocalInvocationIndex;
    if (item >= compacted.count) return;  // groups are whole, the count is not
    float place = float(item) / float(max(compacted.count - 1u, 1u));
    // 16 bits of it, spread over the 32 of an unorm32: 65535 * 65537 = 2^32 - 1.
    order[item] = uint(clamp(place, 0.0, 1.0) * 65535.0) * 65537u;
}
