#version 430
// OpenGL SuperBible (6th ed.), Listing 10.4: every invocation puts its value into shared
// memory, then reads the value its neighbour put there: the group's values shifted by one.
// Without barrier() between the write and the read, the neighbour may not have written yet,
// and the read returns whatever the shared array held before (an earlier group's value).
//
// WITH_BARRIER (0 or 1) and GROUP_SIZE are defined by the sample; the defaults let the file
// compile on its own.
#ifndef WITH_BARRIER
#define WITH_BARRIER 1
#endif
#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
layout(local_size_x = GROUP_SIZE) in;

#include "value.glsl"

layout(std430, binding = 0) writeonly buffer Shifted { uint shifted[]; };

uniform uint token;  // this run's, for valueOf

shared uint values[GROUP_SIZE];

void main() {
    uint local = gl_LocalInvocationIndex;
    // Every invocation is an element (the sample dispatches whole groups of them): no
    // overhang, and none may return before the barrier.
    uint first = gl_WorkGroupID.x * uint(GROUP_SIZE);  // the group's first element
    values[local] = valueOf(token, first + local);
#if WITH_BARRIER
    // Wait until every invocation of the group has written its value. For shared variables
    // barrier() also makes the writes visible; no memoryBarrierShared() is needed.
    barrier();
#endif
    shifted[first + local] = values[(local + 1u) % uint(GROUP_SIZE)];
}
