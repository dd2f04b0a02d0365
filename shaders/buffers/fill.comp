#version 430
// Buffers in, buffers out: one invocation per element reads one float from a storage buffer,
// the two parameters from a uniform buffer, and fills one Element of the output.
//
// The sample defines LAYOUT, std140 or std430: the layout of the output block, which decides
// where each member of Element lies in the buffer (samples/buffers/layouts.h has the offsets).
// The default lets the file compile on its own, e.g. in glslangValidator.
#ifndef LAYOUT
#define LAYOUT std430
#endif
layout(local_size_x = 64) in;

struct Element {
    vec3 position;
    float weight;
    float samples[4];
    vec2 velocity;
};

// An unsized array is the last member of its block: it holds as many elements as the buffer
// bound to the block has room for, and .length() says how many.
layout(std430, binding = 0) readonly buffer Values { float values[]; };
layout(LAYOUT, binding = 1) writeonly buffer Elements { Element elements[]; };

// A uniform block for the parameters: std140, the one layout with fixed offsets that a uniform
// block may have in GL 4.3 (std430 is for storage blocks). Uniform-buffer binding 0 is not
// storage-buffer binding 0: each kind of buffer has its own binding points.
layout(std140, binding = 0) uniform Parameters {
    float scale;
    float bias;
};

void main() {
    uint i = gl_GlobalInvocationID.x;
    // The groups cover the elements rounded up to 64: the last group's overhang stops here.
    // .length() is the bound buffer's size divided by the array's stride, so the output's
    // length depends on the layout: 96 bytes per element in std140, 48 in std430.
    if (i >= uint(values.length()) || i >= uint(elements.length())) return;

    float v = values[i];
    // Member by member: each assignment stores that member's bytes and no others, so the
    // padding between members keeps what the buffer held before.
    elements[i].position = vec3(float(i), v, v * scale);
    elements[i].weight = v + bias;
    for (int k = 0; k < 4; ++k) elements[i].samples[k] = v + float(k);
    elements[i].velocity = vec2(bias, -v);
}
