#version 430
// The edge image both transforms read (samples/line_space/passes.cpp, cannyPasses() and
// inputEdgesPass()): Canny's detector (Canny 1986) in five steps, or the input's own edges.
// Each step is a program of its own, compiled from this file with its name defined (BLUR,
// GRADIENT, SUPPRESS, HYSTERESIS, STRONG_EDGES; INPUT_EDGES for --set edges=input), so that
// the whole detector reads top to bottom here. Whole numbers throughout, so that the GPU and
// the CPU reference (samples/line_space/reference.cpp) give the same edges bit for bit.
layout(local_size_x = 16, local_size_y = 16) in;

// Compiled alone (glslangValidator, the shader tests), the file is its first step; the line
// space tests run every step on the driver.
#if !defined(BLUR) && !defined(GRADIENT) && !defined(SUPPRESS) && !defined(HYSTERESIS) && \
    !defined(STRONG_EDGES) && !defined(INPUT_EDGES)
#define BLUR 1
#endif

// The edge passes' parameters: one uniform buffer (passes.h, EdgesBlock), bound before each
// dispatch. The thresholds are the parameters themselves, named as --set names them.
layout(std140, binding = 0) uniform Edges {
    ivec2 size;      // the image's: one invocation per pixel
    int canny_low;   // the thresholds on the gradient's length (Sobel of 0-255 grey,
    int canny_high;  // at most 1020 sqrt 2)
};

#ifdef BLUR
// Step 1: grey, smoothed. The luminance of each pixel in whole numbers,
// (77 R + 150 G + 29 B + 128) / 256, then a 5x5 binomial blur (weights 1 4 6 4 1 along each
// axis, 256 in all), rounded: 0-255. Pixels beyond the image repeat its edge pixels.
layout(binding = 0, rgba8) readonly uniform image2D source;
layout(binding = 1, r8ui) writeonly uniform uimage2D blurred;

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
#endif

#ifdef GRADIENT
// Step 2: the Sobel gradient of the blurred grey image, kept as its squared length (at most
// 2 * 1020^2, so exact in a uint) and the direction it points in, one of four: 0 along x,
// 1 along y, 2 along the diagonal x = y, 3 along x = -y. Packed as length^2 << 2 | direction.
// Pixels beyond the image repeat its edge pixels.
layout(binding = 0, r8ui) readonly uniform uimage2D blurred;
layout(binding = 1, r32ui) writeonly uniform uimage2D gradients;

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
#endif

#ifdef SUPPRESS
// Steps 3 and 4: non-maximum suppression and the double threshold. A pixel stays only where
// its gradient is at least as long as the next pixel's along the gradient and longer than the
// previous one's (so of two equal neighbours exactly one stays), with pixels beyond the image
// as zero; it is then strong (2) at or above the high threshold, weak (1) at or above the low
// one, and nothing (0) below.
layout(binding = 0, r32ui) readonly uniform uimage2D gradients;
layout(binding = 1, r8ui) writeonly uniform uimage2D classes;

uint lengthSquaredAt(ivec2 pixel) {
    if (any(lessThan(pixel, ivec2(0))) || any(greaterThanEqual(pixel, size))) return 0u;
    return imageLoad(gradients, pixel).r >> 2;
}

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(p, size))) return;  // the last groups' overhang
    // The thresholds squared, as the stored lengths are.
    uint lowSquared = uint(canny_low * canny_low), highSquared = uint(canny_high * canny_high);
    uint stored = imageLoad(gradients, p).r;
    uint length2 = stored >> 2, direction = stored & 3u;
    const ivec2 steps[4] = ivec2[4](ivec2(1, 0), ivec2(0, 1), ivec2(1, 1), ivec2(1, -1));
    ivec2 step = steps[direction];
    bool maximum = length2 >= lengthSquaredAt(p + step) && length2 > lengthSquaredAt(p - step);
    uint cls = !maximum ? 0u : (length2 >= highSquared ? 2u : (length2 >= lowSquared ? 1u : 0u));
    imageStore(classes, p, uvec4(cls));
}
#endif

#ifdef HYSTERESIS
// Step 5: hysteresis. A weak pixel (1) next to a strong one (2), in any of the 8 directions,
// becomes strong, until none changes: the edges are the strong pixels, and the weak ones
// connected to them through weak ones.
//
// Each work group takes its 16 x 16 tile and a one-pixel border into shared memory and
// promotes pixels there sweep after sweep until its tile stops changing, so a chain is
// followed across the tile in one dispatch. The border comes from the previous dispatch
// (classesIn) and the tile goes to classesOut: no group reads what another writes in the same
// dispatch. The sample dispatches again, swapping the two, until no group promoted anything:
// changedGroups counts the groups that did.
layout(binding = 0, r8ui) readonly uniform uimage2D classesIn;
layout(binding = 1, r8ui) writeonly uniform uimage2D classesOut;
layout(binding = 0, offset = 0) uniform atomic_uint changedGroups;

shared uint tile[18][18];   // the tile and its border
shared uint promoted[2];    // promotions in this sweep and (cleared) in the next

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    ivec2 corner = ivec2(gl_WorkGroupID.xy) * 16 - 1;  // of the tile's border
    uint local = gl_LocalInvocationIndex;
    for (uint i = local; i < 18u * 18u; i += 256u) {
        ivec2 at = corner + ivec2(i % 18u, i / 18u);
        bool inside = all(greaterThanEqual(at, ivec2(0))) && all(lessThan(at, size));
        tile[i / 18u][i % 18u] = inside ? imageLoad(classesIn, at).r : 0u;
    }
    if (local == 0u) promoted[0] = 0u;
    barrier();  // wait for the whole tile and the cleared counter

    // Invocations past the image (the overhang) stay in the loop: every invocation must
    // reach every barrier(). Their tile entries are 0, never promoted.
    ivec2 me = ivec2(gl_LocalInvocationID.xy) + 1;
    int sweep = 0;
    for (;; ++sweep) {
        bool promote = false;
        if (tile[me.y][me.x] == 1u)
            for (int dy = -1; dy <= 1; ++dy)
                for (int dx = -1; dx <= 1; ++dx)
                    if (tile[me.y + dy][me.x + dx] == 2u) promote = true;
        barrier();  // everyone has read the tile before anyone changes it
        if (promote) {
            tile[me.y][me.x] = 2u;
            atomicAdd(promoted[sweep & 1], 1u);
        }
        if (local == 0u) promoted[(sweep + 1) & 1] = 0u;  // nobody reads it in this sweep
        barrier();  // wait for the promotions and their count
        if (promoted[sweep & 1] == 0u) break;  // the same for every invocation
    }
    if (all(lessThan(pixel, size))) imageStore(classesOut, pixel, uvec4(tile[me.y][me.x]));
    if (local == 0u && sweep > 0) atomicCounterIncrement(changedGroups);
}
#endif

#ifdef STRONG_EDGES
// The end: the strong pixels after hysteresis as the edge image the transforms read, white on
// black (RGBA8, so that it can also be shown).
layout(binding = 0, r8ui) readonly uniform uimage2D classes;
layout(binding = 1, rgba8) writeonly uniform image2D edges;

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, size))) return;  // the last groups' overhang
    bool edge = imageLoad(classes, pixel).r == 2u;
    imageStore(edges, pixel, edge ? vec4(1.0) : vec4(0.0, 0.0, 0.0, 1.0));
}
#endif

#ifdef INPUT_EDGES
// Not Canny (--set edges=input): the input is an edge image already. Every pixel whose red,
// green or blue is not zero is an edge, stored as Canny's are: white on black.
layout(binding = 0, rgba8) readonly uniform image2D source;
layout(binding = 1, rgba8) writeonly uniform image2D edges;

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, size))) return;  // the last groups' overhang
    bool edge = any(greaterThan(imageLoad(source, pixel).rgb, vec3(0.0)));
    imageStore(edges, pixel, edge ? vec4(1.0) : vec4(0.0, 0.0, 0.0, 1.0));
}
#endif
