#version 430
// Grid, end of pass "scatter" (main.cpp): the members' records in the order the
// bin sort found, so that each cell's members lie next to each other and the update reads
// them as one contiguous run.
layout(local_size_x = 256) in;

#include "boid.glsl"

layout(std430, binding = 0) readonly buffer Boids { Boid boids[]; };
layout(std430, binding = 1) writeonly buffer SortedBoids { Boid sorted[]; };
layout(std430, binding = 5) readonly buffer Order { uint order[]; };  // sorted -> member

uniform uint count;

void main() {
    uint p = gl_GlobalInvocationID.x;
    if (p >= count) return;  // the last group's overhang
    sorted[p] = boids[order[p]];
}
