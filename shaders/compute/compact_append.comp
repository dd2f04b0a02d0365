#version 430
// Compaction by an atomic counter (src/compute/compact.cpp): every kept element takes the
// next free slot with atomicAdd and writes its index there. One pass, no scan, but the slots
// go in whatever order the invocations reach the counter: the indices come out unordered,
// and differently from one run to the next.
layout(local_size_x = 256) in;
#include "linear_item.glsl"

layout(std430, binding = 0) readonly buffer Flags { uint flags[]; };
layout(std430, binding = 2) writeonly buffer Indices { uint indices[]; };
layout(std430, binding = 3) buffer Counter { uint appended; };  // zero before the pass

uniform uint count;  // flags

void main() {
    uint i = linearItem();
    if (i >= count) return;  // the last group's overhang
    if (flags[i] != 0u) indices[atomicAdd(appended, 1u)] = i;
}
