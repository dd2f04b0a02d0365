#version 430
// Canny, step 2 of 5: the Sobel gradient of the blurred grey image, kept as its squared
// length (at most 2 * 1020^2, so exact in a uint) and the direction it points in, one of four:
// 0 along x, 1 along y, 2 along the diagonal x = y, 3 along x = -y. Packed as
// length^2 << 2 | direction. Pixels beyond the image repeat its edge pixels.
layout(local_size_x = 16, local_size_y = 16) in;

layout(binding = 0, r8ui) readonly uniform uimage2D blurred;
layout(binding = 1, r32ui) writeonly uniform uimage2D gradients;

uniform ivec2 size;

int at(ivec2 pixel) { return int(imageLoad(blurred, clamp(pixel, ivec2(0), size - 1)).r); }

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(p, size))) return;  // the last groups' overhang
    int gx = at(p + ivec2(1, -1)) + 2 * at(p + ivec2(1, 0)) + at(p + ivec2(1, 1)) -
             at(p + ivec2(-1, -1)) - 2 * at(p + ivec2(-1, 0)) - at(p + ivec2(-1, 1));
    int gy = at(p + ivec2(-1, 1)) + 2 * at(p + ivec2(0, 1)) + at(p + ivec2(1, 1)) -
             at(p + ivec2(-1, -1)) - 2 * at(p + ivec2(0, -1)) - at(p + ivec2(1, -1));
    // Sectors of 45 degrees around each direction; tan(22.5 degrees) ~ 106 / 256.
    int ax = abs(gx), ay = abs(gy);
    uint direction = 0u;
    if (256 * ay > 106 * ax) direction = 256 * ax <= 106 * ay ? 1u : (gx * gy > 0 ? 2u : 3u);
    uint lengthSquared = uint(gx * gx + gy * gy);
    imageStore(gradients, p, uvec4(lengthSquared << 2 | direction));
}
