#version 430
// Turns the uploaded pixels (channel values 0-255) into what the blur's table sums:
// values in [0, 1], optionally biased by -0.5 (OpenGL SuperBible's first precision fix:
// [-0.5, 0.5] values partly cancel, so their running sums grow more slowly than the
// all-positive [0, 1] ones and keep more fraction bits).
layout(local_size_x = 16, local_size_y = 16) in;

layout(std430, binding = 0) readonly buffer Pixels { vec4 pixels[]; };
layout(std430, binding = 1) writeonly buffer Normalised { vec4 normalised[]; };

#include "blur_block.glsl"  // size, bias

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, size))) return;  // the last groups' overhang
    int i = pixel.y * size.x + pixel.x;
    normalised[i] = pixels[i] / 255.0 - bias;
}
