#version 430
// The heat map of the blur's error: per pixel, the largest difference over R, G and B
// between the GPU blur and the CPU's double-precision one, on a log scale.
layout(local_size_x = 16, local_size_y = 16) in;

layout(binding = 0, rgba32f) uniform readonly image2D blurred;
layout(binding = 1, rgba8) uniform writeonly image2D heat;
layout(std430, binding = 0) readonly buffer Reference { vec4 reference[]; };

#include "blur_block.glsl"  // size

// black -> red -> yellow -> white as t goes 0 -> 1
vec3 heatColour(float t) { return clamp(vec3(3.0 * t, 3.0 * t - 1.0, 3.0 * t - 2.0), 0.0, 1.0); }

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, size))) return;  // the last groups' overhang
    vec3 difference = abs(imageLoad(blurred, pixel).rgb - reference[pixel.y * size.x + pixel.x].rgb);
    float error = max(difference.r, max(difference.g, difference.b)) * 255.0;  // in 1/255
    // Four decades: 0.001/255 or less is black, 10/255 or more is white.
    float t = clamp((log2(max(error, 1e-6)) / log2(10.0) + 3.0) / 4.0, 0.0, 1.0);
    imageStore(heat, pixel, vec4(heatColour(t), 1.0));
}
