#version 430
// A shader whose shared array is as large as the sample says: with SHARED_WORDS past
// GL_MAX_COMPUTE_SHARED_MEMORY_SIZE / 4 it must fail to link, and the sample shows the log.
// Every word is written and read, so that no compiler may shrink or drop the array.
// The default lets the file compile on its own.
#ifndef SHARED_WORDS
#define SHARED_WORDS 1024
#endif
layout(local_size_x = 64) in;

layout(std430, binding = 0) writeonly buffer Sums { uint sums[]; };

shared uint words[SHARED_WORDS];

void main() {
    for (uint i = gl_LocalInvocationIndex; i < uint(SHARED_WORDS); i += gl_WorkGroupSize.x)
        words[i] = i * 3u + 1u;
    barrier();  // wait until every word is written before reading the others' words
    uint sum = 0u;
    for (uint i = gl_LocalInvocationIndex; i < uint(SHARED_WORDS); i += gl_WorkGroupSize.x)
        sum += words[uint(SHARED_WORDS) - 1u - i];
    sums[gl_GlobalInvocationID.x] = sum;
}
