#version 430
// Tiled table, pass 1 of 3: the summed-area table of every TILE x TILE tile on its own.
// Entry (x, y) becomes the sum of the pixels of its own tile with column <= x and row <= y,
// so no entry exceeds TILE^2 pixel values: small numbers that keep a float's fraction bits.
//
// A whole tile fits in one work group (32 x 32 = 1024 invocations and 16 KiB of shared
// memory at most), so the two scans run in shared memory, one invocation per pixel: the
// library's multi-pass scan (src/compute/scan.h) is for rows longer than a work group.
#ifndef TILE
#define TILE 32
#endif
layout(local_size_x = TILE, local_size_y = TILE) in;

layout(std430, binding = 0) readonly buffer Values { vec4 values[]; };
layout(std430, binding = 1) writeonly buffer TileTables { vec4 tileTables[]; };

#include "blur_block.glsl"  // size

shared vec4 tile[TILE][TILE];

void main() {
    ivec2 local = ivec2(gl_LocalInvocationID.xy);
    ivec2 pixel = ivec2(gl_WorkGroupID.xy) * TILE + local;
    // Tiles at the right and top edges reach past the image: those slots hold zero.
    bool inside = all(lessThan(pixel, size));
    tile[local.y][local.x] = inside ? values[pixel.y * size.x + pixel.x] : vec4(0);
    barrier();  // wait until the whole tile is in shared memory

    // Inclusive scan of each tile row by doubling (Hillis and Steele): after the step with
    // offset d, every slot holds the sum of the 2d slots ending at it. Here every slot is
    // both read (by slot x + d) and written in the same step, so a step needs two barriers;
    // prefix_sum's single_group.comp arranges its steps so that readers and writers never
    // share a slot, and gets by with one.
    for (int d = 1; d < TILE; d *= 2) {
        vec4 sum = tile[local.y][local.x];
        if (local.x >= d) sum += tile[local.y][local.x - d];
        barrier();  // everyone has read this step's inputs before anyone overwrites them
        tile[local.y][local.x] = sum;
        barrier();  // everyone has written before the next step reads
    }
    // The same up each column turns the row sums into the tile's summed-area table.
    for (int d = 1; d < TILE; d *= 2) {
        vec4 sum = tile[local.y][local.x];
        if (local.y >= d) sum += tile[local.y - d][local.x];
        barrier();  // as before: read everything, then write
        tile[local.y][local.x] = sum;
        barrier();
    }
    if (inside) tileTables[pixel.y * size.x + pixel.x] = tile[local.y][local.x];
}
