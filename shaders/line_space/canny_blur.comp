#version 430
// Canny, step 1 of 5 (samples/line_space/passes.cpp): grey, smoothed. The luminance of each
// pixel in whole numbers, (77 R + 150 G + 29 B + 128) / 256, then a 5x5 binomial blur
// (weights 1 4 6 4 1 along each axis, 256 in all), rounded: 0-255. Integers throughout, so the
// GPU and the CPU reference agree exactly. Pixels beyond the image repeat its edge pixels.
layout(local_size_x = 16, local_size_y = 16) in;

layout(binding = 0, rgba8) readonly uniform image2D source;
layout(binding = 1, r8ui) writeonly uniform uimage2D blurred;

uniform ivec2 size;

uint grey(ivec2 pixel) {
    uvec3 c = uvec3(round(imageLoad(source, clamp(pixel, ivec2(0), size - 1)).rgb * 255.0));
    return (77u * c.r + 150u * c.g + 29u * c.b + 128u) >> 8;
}

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, size))) return;  // the last groups' overhang
    const uint weights[5] = uint[5](1u, 4u, 6u, 4u, 1u);
    uint sum = 0u;
    for (int dy = -2; dy <= 2; ++dy)
        for (int dx = -2; dx <= 2; ++dx)
            sum += weights[dx + 2] * weights[dy + 2] * grey(pixel + ivec2(dx, dy));
    imageStore(blurred, pixel, uvec4((sum + 128u) >> 8));
}
