#version 430
// Roofline calibration: the simplest memory-bound kernel. Each invocation copies one
// 16-byte uvec4, so the achieved rate is close to the device's usable memory bandwidth.
layout(local_size_x = 256) in;

layout(std430, binding = 0) readonly buffer Source { uvec4 source[]; };
layout(std430, binding = 1) writeonly buffer Destination { uvec4 destination[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < uint(source.length())) destination[i] = source[i];
}
