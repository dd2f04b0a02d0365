#version 430
// For tests/gl/compact_test.cpp: a pass dispatched from a compaction's result, as a sample's
// next pass would be. Each invocation below the count adds one to the element its index
// names, and every invocation that ran (past the count or not) adds one to `invocations`.
layout(local_size_x = 64) in;
#include "linear_item.glsl"
#include "compact_result.glsl"

layout(std430, binding = 0) readonly buffer Indices { uint indices[]; };
layout(std430, binding = 1) buffer Touched { uint touched[]; };
layout(std430, binding = 2) buffer Invocations { uint invocations; };

void main() {
    atomicAdd(invocations, 1u);
    uint item = linearItem();
    if (item >= compacted.count) return;  // the last group's overhang
    atomicAdd(touched[indices[item]], 1u);
}
