#version 430
// Roofline calibration: the simplest memory-bound kernel, a copy in 16-byte uvec4s. To reach
// the device's usable bandwidth, each invocation issues all four of its loads before any
// store, so many bytes are in flight at once, and each load instruction of a work group
// reads one contiguous block: invocation i copies elements i, i + n, i + 2n and i + 3n,
// where n is the number of invocations. The C++ side sizes the buffers as 4n elements.
layout(local_size_x = 256) in;

// restrict: the two never overlap, so the compiler may keep the loads ahead of the stores.
layout(std430, binding = 0) restrict readonly buffer Source { uvec4 source[]; };
layout(std430, binding = 1) restrict writeonly buffer Destination { uvec4 destination[]; };

void main() {
    uint n = gl_NumWorkGroups.x * gl_WorkGroupSize.x;
    uint i = gl_GlobalInvocationID.x;
    uvec4 a = source[i], b = source[i + n], c = source[i + 2u * n], d = source[i + 3u * n];
    destination[i] = a;
    destination[i + n] = b;
    destination[i + 2u * n] = c;
    destination[i + 3u * n] = d;
}
