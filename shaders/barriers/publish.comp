#version 430
// One dispatch, two roles (ARM's weak-ordering example, for OpenGL ES 3.1). Work group 0 is
// the producer: its invocations write a word of data each, then invocation 0 raises a flag.
// Every other work group is a consumer: its invocations poll the flag, and once it is up, read
// the data. The GPU's memory is weakly ordered: without the qualifiers and barriers of
// COHERENT 1, a consumer may see the flag before the data it announces, read the data from a
// stale cache, or never see the flag at all (a compiler may read it once and keep the value).
//
// The polling is bounded: nothing in OpenGL promises that the producer group runs while a
// consumer group waits for it (no forward progress between work groups), so a consumer that
// polls POLL_LIMIT times without seeing the flag gives up, and says so, instead of hanging.
//
// COHERENT (0 or 1), GROUP_SIZE and POLL_LIMIT are defined by the sample; the defaults let the
// file compile on its own.
#ifndef COHERENT
#define COHERENT 1
#endif
#ifndef GROUP_SIZE
#define GROUP_SIZE 256
#endif
#ifndef POLL_LIMIT
#define POLL_LIMIT 65536
#endif
layout(local_size_x = GROUP_SIZE) in;

#include "value.glsl"

#if COHERENT
// coherent: reads and writes go to memory every invocation sees, not a cache of this core's.
// volatile: every read of the flag in the loop is a new read.
#define DATA_QUALIFIERS coherent
#define FLAG_QUALIFIERS coherent volatile
#else
#define DATA_QUALIFIERS
#define FLAG_QUALIFIERS
#endif
layout(std430, binding = 0) DATA_QUALIFIERS buffer Data { uint data[]; };  // GROUP_SIZE words
layout(std430, binding = 1) FLAG_QUALIFIERS buffer Flag { uint flag; };  // 0 until published
// Per consumer invocation: x is 1 if it saw the flag (0 if it gave up), y the data it read.
layout(std430, binding = 2) writeonly buffer Seen { uvec2 seen[]; };

uniform uint token;  // this run's, for valueOf; never 0

void main() {
    uint local = gl_LocalInvocationIndex;
    // The whole group takes the same branch, so the barrier() inside is in uniform control
    // flow, as GLSL requires.
    if (gl_WorkGroupID.x == 0u) {
        data[local] = valueOf(token, local);
#if COHERENT
        memoryBarrierBuffer();  // this invocation's data write completes before what follows
#endif
        barrier();  // every producer invocation has written its word (coherent: made it visible)
        if (local == 0u) flag = token;
        return;
    }

    bool saw = false;
    for (uint polls = 0u; polls < uint(POLL_LIMIT) && !saw; ++polls) saw = flag == token;
#if COHERENT
    memoryBarrierBuffer();  // the data reads below happen after the flag read that saw it up
#endif
    uint value = saw ? data[(local + gl_WorkGroupID.x) % uint(GROUP_SIZE)] : 0u;
    seen[(gl_WorkGroupID.x - 1u) * uint(GROUP_SIZE) + local] = uvec2(saw ? 1u : 0u, value);
}
