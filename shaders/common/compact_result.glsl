// What a compaction leaves on the GPU: cs::CompactResult (src/compute/compact.h), 32 bytes.
// The count of elements kept, then the two commands the GL reads from a buffer:
//   glDispatchComputeIndirect: DispatchIndirectCommand {num_groups_x, _y, _z}, at byte 4
//   glDrawArraysIndirect: DrawArraysIndirectCommand {count, instanceCount, first,
//                         baseInstance}, at byte 16
// A pass dispatched from the groups still checks its item against `count`: groups are whole,
// the count is not.
#ifndef COMPACT_RESULT_BINDING
#define COMPACT_RESULT_BINDING 7
#endif
#ifndef COMPACT_RESULT_ACCESS  // writeonly where a shader writes it
#define COMPACT_RESULT_ACCESS readonly
#endif
layout(std430, binding = COMPACT_RESULT_BINDING) COMPACT_RESULT_ACCESS buffer CompactResult {
    uint count;
    uint groupsX, groupsY, groupsZ;
    uint vertexCount, instanceCount, firstVertex, baseInstance;
} compacted;
