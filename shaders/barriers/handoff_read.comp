#version 430
// The second dispatch: every invocation reads what another invocation, in another work group,
// of the first dispatch wrote (the elements in reverse order). `restrict` promises that the
// two buffers do not overlap, so the compiler may reorder and cache their accesses freely.
#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
layout(local_size_x = GROUP_SIZE) in;

layout(std430, binding = 0) restrict readonly buffer Handed { uint handed[]; };
layout(std430, binding = 1) restrict writeonly buffer Received { uint received[]; };

uniform uint count;  // elements

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= count) return;  // the last group's overhang
    received[i] = handed[count - 1u - i];
}
