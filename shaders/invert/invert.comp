#version 430
// Inverts the colour of every pixel, keeping alpha: one invocation per pixel, reading and
// writing images directly with imageLoad / imageStore (no sampler, no filtering).
//
// The sample defines LOCAL_SIZE (8, 16 or 32): a work group covers LOCAL_SIZE^2 pixels.
// The default lets the file compile on its own, e.g. in glslangValidator.
#ifndef LOCAL_SIZE
#define LOCAL_SIZE 16
#endif
layout(local_size_x = LOCAL_SIZE, local_size_y = LOCAL_SIZE) in;

// The format qualifier (rgba8) must match how the texture was created; readonly and
// writeonly let the compiler skip work and document intent.
layout(binding = 0, rgba8) uniform readonly image2D source;
layout(binding = 1, rgba8) uniform writeonly image2D inverted;

uniform ivec2 size;  // the image's width and height

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    // The dispatch covers the image in whole work groups, so the last row and column of
    // groups can reach past the edge. For images GL makes such accesses harmless (an
    // imageStore outside the image is ignored, an imageLoad returns zero), but for
    // buffers an index past the end is undefined: always skip the overhang explicitly.
    if (any(greaterThanEqual(pixel, size))) return;

    vec4 color = imageLoad(source, pixel);
    imageStore(inverted, pixel, vec4(1.0 - color.rgb, color.a));
}
