#version 430
// Inverts the colour of every pixel, keeping alpha: one invocation per pixel, reading and
// writing images directly with imageLoad / imageStore (no sampler, no filtering).
//
// LOCAL_SIZE is defined by the sample (8, 16 or 32): the work group is LOCAL_SIZE^2 pixels.
layout(local_size_x = LOCAL_SIZE, local_size_y = LOCAL_SIZE) in;

// The format qualifier (rgba8) must match how the texture was created; readonly and
// writeonly let the compiler skip work and document intent.
layout(binding = 0, rgba8) uniform readonly image2D source;
layout(binding = 1, rgba8) uniform writeonly image2D inverted;

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    // The dispatch covers the image in whole work groups, so the last row and column of
    // groups can reach past the edge: those invocations have nothing to do.
    if (any(greaterThanEqual(pixel, imageSize(source)))) return;

    vec4 color = imageLoad(source, pixel);
    imageStore(inverted, pixel, vec4(1.0 - color.rgb, color.a));
}
