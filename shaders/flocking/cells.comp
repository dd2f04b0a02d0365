#version 430
// Grid, pass "bin" (main.cpp): each member's key for the bin sort, the bin of the
// cell it lies in.
layout(local_size_x = 256) in;

#include "boid.glsl"
#include "grid.glsl"

layout(std430, binding = 0) readonly buffer Boids { Boid boids[]; };
layout(std430, binding = 1) writeonly buffer Keys { uint keys[]; };

uniform uint count;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= count) return;  // the last group's overhang
    keys[i] = binOf(cellOf(boids[i].position));
}
