#version 430
// The compute reader: the counts as a heat map, and a histogram of them.
// One invocation per pixel. BINS comes from main.cpp (kBins).
layout(local_size_x = 16, local_size_y = 16) in;

// The default lets the file compile on its own, e.g. in glslangValidator.
#ifndef BINS
#define BINS 17
#endif

layout(binding = 0, r32ui) uniform readonly uimage2D counts;
layout(binding = 1, rgba8) uniform writeonly image2D heat;

// Mirrored by Stats in main.cpp. Cleared by glClearBufferData before every frame.
layout(std430, binding = 0) buffer Stats {
    uint invocationsLow;   // the sum of all counts, 64 bits in two words: a frame of
    uint invocationsHigh;  // 1280x720 pixels shaded 5000 times each passes 2^32
    uint bins[BINS];       // bins[c]: pixels shaded c times; the last: BINS - 1 or more
};

uniform ivec2 size;
uniform uint most;  // the most a pixel can be shaded: once per quad, the number of quads

// 0: black (nothing drawn there). 1: blue, the ideal. Then green, yellow and red at `most`, on
// a log scale, so that the scale grows with the quads: at 1024 quads a pixel shaded 16 times
// is green, not already the red of the worst.
vec3 heatColour(uint count) {
    if (count == 0u) return vec3(0.0);
    const float t = clamp(log2(float(count)) / log2(float(max(most, 2u))), 0.0, 1.0);
    const vec3 blue = vec3(0.10, 0.25, 0.90), green = vec3(0.10, 0.80, 0.25);
    const vec3 yellow = vec3(1.00, 0.90, 0.10), red = vec3(1.00, 0.10, 0.05);
    if (t < 1.0 / 3.0) return mix(blue, green, t * 3.0);
    if (t < 2.0 / 3.0) return mix(green, yellow, t * 3.0 - 1.0);
    return mix(yellow, red, t * 3.0 - 2.0);
}

void main() {
    const ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, size))) return;  // the last groups' overhang
    const uint count = imageLoad(counts, pixel).r;
    imageStore(heat, pixel, vec4(heatColour(count), 1.0));

    // One atomic per pixel on a few bins: simple, and contended on a GPU (a work group's
    // bins in shared memory, added once per group, would cut the global atomics).
    atomicAdd(bins[min(count, uint(BINS - 1))], 1u);
    // The add whose result wrapped the low word carries one into the high word. atomicAdd
    // returns the value before the add, so exactly one invocation sees each wrap.
    const uint before = atomicAdd(invocationsLow, count);
    if (before > 0xFFFFFFFFu - count) atomicAdd(invocationsHigh, 1u);
}
