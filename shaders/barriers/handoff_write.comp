#version 430
// The first of two dispatches: every invocation writes its element's value. The second,
// handoff_read.comp, reads them; whether it may do so safely is up to the API barrier the
// sample puts (or does not put) between the two dispatches.
#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
layout(local_size_x = GROUP_SIZE) in;

#include "value.glsl"

layout(std430, binding = 0) restrict writeonly buffer Handed { uint handed[]; };

uniform uint count;  // elements
uniform uint token;  // this run's, for valueOf

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= count) return;  // the last group's overhang
    handed[i] = valueOf(token, i);
}
