#version 430
// One leapfrog step, all pairs, tiled through shared memory (Nyland, Harris & Prins,
// GPU Gems 3 ch. 31): the bodies are taken LOCAL_SIZE at a time. Each invocation of a
// work group copies one body of the tile into `tile`, the group waits, and then every
// invocation sums the pulls of the whole tile from shared memory. Each body is fetched
// from the storage buffer once per work group instead of once per invocation: LOCAL_SIZE
// times fewer fetches than naive.comp.
//
// The sample defines LOCAL_SIZE (32..1024); the default lets the file compile on its own.
#ifndef LOCAL_SIZE
#define LOCAL_SIZE 256
#endif
layout(local_size_x = LOCAL_SIZE) in;

#include "step_common.glsl"

shared vec4 tile[LOCAL_SIZE];  // 16 bytes per body: 16 KiB at 1024, half the GL minimum

void main() {
    uint i = gl_GlobalInvocationID.x;
    // The last group's overhang must NOT return here, unlike naive.comp's: every invocation
    // of the group has to reach every barrier(), and they still load their share of each tile.
    bool isBody = i < count;
    vec4 body = isBody ? positionsIn[i] : vec4(0.0);

    vec3 pullSum = vec3(0.0);
    // `count` is a uniform, so every invocation runs the same number of tiles: the
    // barrier() calls inside stay in uniform control flow, as GLSL requires.
    for (uint tileStart = 0; tileStart < count; tileStart += LOCAL_SIZE) {
        uint j = tileStart + gl_LocalInvocationID.x;
        // The last tile is partial: pad it with massless bodies, which pull with zero force.
        tile[gl_LocalInvocationID.x] = j < count ? positionsIn[j] : vec4(0.0);
        barrier();  // wait until the whole tile is in shared memory
        for (uint k = 0; k < LOCAL_SIZE; ++k) pullSum = addPull(body.xyz, tile[k], pullSum);
        barrier();  // wait until everyone is done with this tile before it is overwritten
    }
    if (isBody) finishStep(i, body, pullSum);
}
