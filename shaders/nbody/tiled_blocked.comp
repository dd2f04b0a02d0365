#version 430
// The tiled step (tiled.comp) with the three changes that let a GPU spend more of its time on
// the interactions themselves, each chosen by a define so that --bench can measure them apart
// (samples/nbody/kernels.cpp names the combinations the sample offers):
//   BODIES_PER_INVOCATION  B: each invocation sums the pulls on B bodies, so one read of a
//                          tile entry from shared memory serves B interactions (register
//                          blocking; GPU Gems 3 ch. 31.4 gets the same reuse from the tile)
//   UNROLL                 U: the loop over a tile steps U entries at a time, a fixed count the
//                          compiler unrolls, so the loop's counter and branch cost 1/U per entry
//   TILE_VEC4              1: the tile is kept as four vec4 arrays, x, y, z and mass of four
//                          bodies each, so that every shared-memory read brings one component
//                          of four bodies and the arithmetic runs on four interactions at once
// Read tiled.comp first: the tile walk, the barriers and the padding are the same.
//
// The sample sizes every step kernel's dispatch at one invocation per body. With B bodies per
// invocation a work group covers LOCAL_SIZE * B bodies, so only the first 1/B of the groups
// have bodies: the rest return at once, a whole group at a time, so that no invocation of a
// group that reaches a barrier() has left.
#ifndef LOCAL_SIZE
#define LOCAL_SIZE 256
#endif
#ifndef BODIES_PER_INVOCATION
#define BODIES_PER_INVOCATION 1
#endif
#ifndef UNROLL
#define UNROLL 1
#endif
#ifndef TILE_VEC4
#define TILE_VEC4 0
#endif
#define B BODIES_PER_INVOCATION
layout(local_size_x = LOCAL_SIZE) in;

#include "step_common.glsl"

#if TILE_VEC4
// Entry e of each array holds bodies 4e .. 4e + 3 of the tile. LOCAL_SIZE is a multiple of 4.
shared vec4 tileX[LOCAL_SIZE / 4], tileY[LOCAL_SIZE / 4], tileZ[LOCAL_SIZE / 4],
    tileMass[LOCAL_SIZE / 4];
#define TILE_STEPS (LOCAL_SIZE / 4)
#else
shared vec4 tile[LOCAL_SIZE];  // xyz + mass, as in tiled.comp
#define TILE_STEPS LOCAL_SIZE
#endif

// Loads the tile that starts at body `tileStart`; bodies past the last are massless.
void loadTile(uint tileStart) {
    uint l = gl_LocalInvocationID.x;
#if TILE_VEC4
    // A quarter of the invocations each load four consecutive bodies and store them across.
    if (l < LOCAL_SIZE / 4) {
        uint j = tileStart + 4u * l;
        vec4 a = j < count ? positionsIn[j] : vec4(0.0);
        vec4 b = j + 1u < count ? positionsIn[j + 1u] : vec4(0.0);
        vec4 c = j + 2u < count ? positionsIn[j + 2u] : vec4(0.0);
        vec4 d = j + 3u < count ? positionsIn[j + 3u] : vec4(0.0);
        tileX[l] = vec4(a.x, b.x, c.x, d.x);
        tileY[l] = vec4(a.y, b.y, c.y, d.y);
        tileZ[l] = vec4(a.z, b.z, c.z, d.z);
        tileMass[l] = vec4(a.w, b.w, c.w, d.w);
    }
#else
    uint j = tileStart + l;
    tile[l] = j < count ? positionsIn[j] : vec4(0.0);
#endif
}

// Adds the pulls of tile step `k` (one body, or four with TILE_VEC4) on a body at `position`.
vec3 addTilePull(vec3 position, uint k, vec3 pullSum) {
#if TILE_VEC4
    // gravity.glsl's addPull, for four bodies at once, component by component.
    vec4 rx = tileX[k] - position.x, ry = tileY[k] - position.y, rz = tileZ[k] - position.z;
    vec4 distSqr = rx * rx + ry * ry + rz * rz + softening;
    vec4 invDist = inversesqrt(distSqr);
    vec4 s = tileMass[k] * (invDist * invDist * invDist);
    return pullSum + vec3(dot(rx, s), dot(ry, s), dot(rz, s));
#else
    return addPull(position, tile[k], pullSum);
#endif
}

void main() {
    uint first = gl_WorkGroupID.x * (LOCAL_SIZE * B) + gl_LocalInvocationID.x;
    if (gl_WorkGroupID.x * (LOCAL_SIZE * B) >= count) return;  // a group with no bodies

    // Body b of this invocation is first + b * LOCAL_SIZE, so that each of the B loads of a
    // work group reads one contiguous block. Past the last body: a massless stand-in.
    vec4 body[B];
    vec3 pullSum[B];
    for (uint b = 0; b < B; ++b) {
        uint i = first + b * LOCAL_SIZE;
        body[b] = i < count ? positionsIn[i] : vec4(0.0);
        pullSum[b] = vec3(0.0);
    }

    // `count` is a uniform, so every invocation runs the same number of tiles: the
    // barrier() calls stay in uniform control flow, as GLSL requires.
    for (uint tileStart = 0; tileStart < count; tileStart += LOCAL_SIZE) {
        loadTile(tileStart);
        barrier();  // wait until the whole tile is in shared memory
        for (uint k = 0; k < TILE_STEPS; k += UNROLL)
            for (uint u = 0; u < UNROLL; ++u)  // a fixed count: unrolled by the compiler
                for (uint b = 0; b < B; ++b)
                    pullSum[b] = addTilePull(body[b].xyz, k + u, pullSum[b]);
        barrier();  // wait until everyone is done with this tile before it is overwritten
    }
    for (uint b = 0; b < B; ++b) {
        uint i = first + b * LOCAL_SIZE;
        if (i < count) finishStep(i, body[b], pullSum[b]);
    }
}
