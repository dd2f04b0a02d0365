#version 430
// The flock's health check, a diagnostics pass after each step, beside the lesson: whether
// the step made a member's position or velocity inf or NaN. Positions and velocities near
// the float limit overflow; the steps go on, and the sample fails the run when it ends,
// naming the first step that did (main.cpp, finish; passes.h, Health).
layout(local_size_x = 256) in;

#include "boid.glsl"

layout(std430, binding = 1) readonly buffer Boids { Boid boids[]; };  // what the step wrote
// The first step that made a value inf or NaN; 0xFFFFFFFF while none has.
layout(std430, binding = 7) buffer Health { uint firstNonFiniteStep; };

uniform uint stepNumber;  // the step that wrote `boids`, 1 for the first

// Whether all three are finite numbers: inf and NaN have every exponent bit set. Tested on
// the bits, because a compiler may assume there are no NaNs and fold isnan() to false.
bool isFinite(vec3 v) {
    uvec3 exponent = (floatBitsToUint(v) >> 23) & 0xFFu;
    return all(notEqual(exponent, uvec3(0xFFu)));
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    // The last group's overhang: the buffer holds exactly the members.
    if (i >= uint(boids.length())) return;
    if (!isFinite(boids[i].position) || !isFinite(boids[i].velocity))
        atomicMin(firstNonFiniteStep, stepNumber);
}
