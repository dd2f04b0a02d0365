#version 430
// The line space or the accumulator as a picture: scores as a heat map of (score / best)^0.75,
// so that weak lines still show, best from the max pyramid's top. Entries outside the
// layout's blocks are dark grey, so the layout itself shows. The overlay's legend repeats the
// colours (samples/line_space/draw.cpp): change them together.
layout(local_size_x = 16, local_size_y = 16) in;

#include "pyramid.glsl"

layout(binding = 0, rgba32ui) readonly uniform uimage2D entries;
layout(binding = 1, rgba8) writeonly uniform image2D view;

void main() {
    ivec2 at = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(at, spaceSize))) return;  // the last groups' overhang
    uvec4 entry = imageLoad(entries, at);
    float best = float(max(pyramid[topOffset()].x, 1u));
    float v = pow(float(entry.x) / best, 0.75);
    vec3 colour = v < 0.5 ? mix(vec3(0.0, 0.0, 0.1), vec3(0.8, 0.1, 0.4), v * 2.0)
                          : mix(vec3(0.8, 0.1, 0.4), vec3(1.0, 0.95, 0.5), v * 2.0 - 1.0);
    // The line space: an entry with no pair lies outside the layout's blocks.
    if (layoutGaps != 0u && entry.y == 0u && entry.x == 0u) colour = vec3(0.2);
    imageStore(view, at, vec4(colour, 1.0));
}
