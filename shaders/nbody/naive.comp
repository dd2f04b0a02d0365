#version 430
// One leapfrog step, all pairs, the straightforward way: each invocation owns one body
// and reads every other body's position straight from the storage buffer. Every body is
// fetched from memory N times per step (once per invocation); caches soften the blow, but
// nothing in the code shares the fetches. Compare tiled.comp.
//
// The sample defines LOCAL_SIZE (32..1024); the default lets the file compile on its own.
#ifndef LOCAL_SIZE
#define LOCAL_SIZE 256
#endif
layout(local_size_x = LOCAL_SIZE) in;

#include "step_common.glsl"

void main() {
    uint i = gl_GlobalInvocationID.x;
    // No barrier() below, so the invocations past the last body can simply leave.
    if (i >= count) return;  // the last group's overhang

    vec4 body = positionsIn[i];
    vec3 pullSum = vec3(0.0);
    for (uint j = 0; j < count; ++j) pullSum = addPull(body.xyz, positionsIn[j], pullSum);
    finishStep(i, body, pullSum);
}
