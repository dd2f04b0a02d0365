#version 430
// Compaction by scan, the last pass (src/compute/compact.cpp): every kept element writes its
// own index where the inclusive scan of the flags says. Kept element i is preceded by
// scanned[i] - 1 kept ones, so the indices land in ascending order, without gaps.
//
//   flags    0 1 1 0 1 0 0 1
//   scanned  0 1 2 2 3 3 3 4       (inclusive; the last one is the count, 4)
//   indices  1 2 4 7
layout(local_size_x = 256) in;
#include "linear_item.glsl"

layout(std430, binding = 0) readonly buffer Flags { uint flags[]; };
layout(std430, binding = 1) readonly buffer Scanned { uint scanned[]; };
layout(std430, binding = 2) writeonly buffer Indices { uint indices[]; };

uniform uint count;  // flags

void main() {
    uint i = linearItem();
    if (i >= count) return;  // the last group's overhang
    if (flags[i] != 0u) indices[scanned[i] - 1u] = i;
}
