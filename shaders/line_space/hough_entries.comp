#version 430
// Hough, step 4: the accumulator as entries of the same form as the line space's (RGBA32UI):
// the votes, and the entry's position, its d bin | t << 16, which the interpretations carry
// with the score (thesis §5.3).
layout(local_size_x = 16, local_size_y = 16) in;

#include "hough.glsl"  // the parameters (Hough): dBins, theta_steps

layout(std430, binding = 1) readonly buffer Votes { uint votes[]; };
layout(binding = 0, rgba32ui) writeonly uniform uimage2D entries;

void main() {
    ivec2 bin = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(bin, ivec2(dBins, theta_steps)))) return;  // the overhang
    uint position = uint(bin.x) | uint(bin.y) << 16;
    imageStore(entries, bin, uvec4(votes[bin.y * dBins + bin.x], position, 0u, 0u));
}
