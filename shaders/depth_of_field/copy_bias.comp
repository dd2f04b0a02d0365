#version 430
// Step 2 of the pipeline: copy the sharp render into the buffer that the summed-area table
// is built from, one vec4 per pixel, row by row from the bottom row (GL's texture order),
// with `bias` subtracted from the colour. One invocation per pixel.
layout(local_size_x = 16, local_size_y = 16) in;

layout(binding = 0, rgba8) uniform readonly image2D sharp;
layout(std430, binding = 0) writeonly buffer Pixels {
    vec4 pixels[];
};

// The Blur block's bias: 0.5 centres colours in [0, 1] on zero, so the running sums of the
// table grow with how far the image is from mid-grey rather than with its area (README,
// Precision).
#include "coc.glsl"

void main() {
    ivec2 size = imageSize(sharp);  // the image's width and height
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, size))) return;  // the last groups' overhang

    vec3 colour = imageLoad(sharp, pixel).rgb;
    // The render is opaque, so alpha carries nothing to blur: summing it would only grow the
    // fourth channel to width x height. Zero keeps it out of the way.
    pixels[pixel.y * size.x + pixel.x] = vec4(colour - bias, 0.0);
}
