#version 430
// The planes' frames for a flock that no step has written yet (loaded or generated): every
// step writes them for the state it makes (step.glsl).
layout(local_size_x = 256) in;

#include "boid.glsl"

layout(std430, binding = 0) readonly buffer Boids { Boid boids[]; };
layout(std430, binding = 2) writeonly buffer Frames { Frame frames[]; };

uniform uint count;

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= count) return;  // the last group's overhang
    frames[i] = frameFor(boids[i].velocity);
}
