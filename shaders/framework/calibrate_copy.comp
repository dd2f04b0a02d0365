#version 430
// Roofline calibration: the simplest memory-bound kernel, a copy in 16-byte uvec4s. To reach
// the device's usable bandwidth, each invocation issues all its loads before any store, so
// many bytes are in flight at once, and each load instruction of a work group reads one
// contiguous block: with VECTORS_PER_INVOCATION = 4, invocation i copies elements i, i + n,
// i + 2n and i + 3n, where n is the number of invocations. The C++ side (bench/calibration.cpp)
// sizes the buffers as VECTORS_PER_INVOCATION * n elements, and builds the kernel with 4 and
// with 1 vectors per invocation: which is faster depends on the device.
#ifndef VECTORS_PER_INVOCATION
#define VECTORS_PER_INVOCATION 4
#endif
layout(local_size_x = 256) in;

// restrict: the two never overlap, so the compiler may keep the loads ahead of the stores.
layout(std430, binding = 0) restrict readonly buffer Source { uvec4 source[]; };
layout(std430, binding = 1) restrict writeonly buffer Destination { uvec4 destination[]; };

void main() {
    uint n = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    uint i = gl_GlobalInvocationID.x;
    // Fixed counts: the compiler unrolls both loops and keeps `vectors` in registers.
    uvec4 vectors[VECTORS_PER_INVOCATION];
    for (uint k = 0u; k < VECTORS_PER_INVOCATION; ++k) vectors[k] = source[i + k * n];
    for (uint k = 0u; k < VECTORS_PER_INVOCATION; ++k) destination[i + k * n] = vectors[k];
}
