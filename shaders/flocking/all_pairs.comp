#version 430
// The flock's step as the book does it (OpenGL SuperBible, 6th ed., Listings 10.9-10.16):
// one invocation per member, and every member visits every other. The members come through
// shared memory a tile at a time: each invocation of a work group loads one member of the
// tile, then all of them read the whole tile, so a member is fetched from the buffer once
// per work group rather than once per invocation. The loop that visits every member also
// sums their positions for rule 4's centre, as the book's does: no pass of its own.
layout(local_size_x = 256) in;

#include "step.glsl"

layout(std430, binding = 0) readonly buffer BoidsIn { Boid boidsIn[]; };
// The sums of this step's input positions (xyz) and of their squared lengths (w), for the
// draw, which shows this input and centres the view on it (plane.vert).
layout(std430, binding = 4) writeonly buffer Centre { vec4 positionSum; };

shared Boid tile[gl_WorkGroupSize.x];
// |position|² of each, for the w of the view's sums: once as the tile loads, not once a pair.
shared float tileLengthSq[gl_WorkGroupSize.x];

// In a window, a step too long for one frame runs in parts, a share of the work groups a
// frame (main.cpp): this dispatch's groups are those from firstGroup on; 0 for a whole step.
uniform uint firstGroup;

void main() {
    uint i = (firstGroup + gl_WorkGroupID.x) * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
    // Invocations past the last member must not return here: every invocation of the group
    // has to reach every barrier(), and they still load their share of each tile.
    bool isMember = i < count;
    Boid me = boidsIn[min(i, count - 1u)];

    vec3 separation = vec3(0.0), alignment = vec3(0.0);
    vec4 flock = vec4(0.0);  // the sum of the positions, and of their squared lengths
    // count is a uniform, so every invocation runs the same tiles: the barrier() calls stay
    // in uniform control flow, as GLSL requires.
    for (uint tileStart = 0u; tileStart < count; tileStart += gl_WorkGroupSize.x) {
        uint slot = gl_LocalInvocationID.x;
        uint j = tileStart + slot;
        if (j < count) {
            tile[slot] = boidsIn[j];
            tileLengthSq[slot] = dot(tile[slot].position, tile[slot].position);
        }
        barrier();  // wait until the whole tile is in shared memory
        // The last tile may be partial: the loop stops at the last member, so the slots past
        // it take part in no rule and in no sum.
        uint members = min(gl_WorkGroupSize.x, count - tileStart);
        for (uint k = 0u; k < members; ++k) {
            flock += vec4(tile[k].position, tileLengthSq[k]);  // rule 4's centre, and w
            addNeighbour(me, tile[k], separation, alignment);
        }
        barrier();  // wait until everyone is done with the tile before the next overwrites it
    }
    // Every invocation summed the same members in the same order: one hands the sums on.
    if (i == 0u) positionSum = flock;
    if (isMember) finishStep(i, me, separation, alignment, flock.xyz / float(count));
}
