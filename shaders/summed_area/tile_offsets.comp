#version 430
// Tiled table, passes 2 and 3 of 3: the offsets that turn a tile's own table into the
// whole image's. With (X0, Y0) the corner of the tile that holds pixel (x, y), the sum of
// everything up to (x, y) splits into three parts:
//
//     S(x, y) = below(x, tile row) + left(tile column, y) + tileTable(x, y)
//
//   below: rows < Y0, columns <= x          (S on the line just below the tile row)
//   left:  rows Y0..y, columns < X0         (what lies left of the tile, in its rows)
//   tileTable: rows Y0..y, columns X0..x    (the tile's own table, from tile_sat.comp)
//
// Rows count from the bottom, as in every table here (shaders/common/box_sum.glsl).
// below and left grow with the image, so they are summed and stored in double precision;
// there are only (width + height) x (tiles across or up) of them, 2/TILE of the pixels.
// double is core GLSL since 4.00, so every GL 4.3 device runs this.
#ifndef TILE
#define TILE 32
#endif
layout(local_size_x = 64) in;

layout(std430, binding = 0) readonly buffer TileTables { vec4 tileTables[]; };
layout(std430, binding = 1) buffer Below { dvec4 below[]; };  // [tile row][x]
layout(std430, binding = 2) buffer Left { dvec4 left[]; };    // [y][tile column]

#include "blur_block.glsl"  // size, tiles
uniform int pass;  // 0: left, one invocation per image row; 1: below, one per column

vec4 tileTable(int x, int y) { return tileTables[y * size.x + x]; }

void main() {
    int i = int(gl_GlobalInvocationID.x);
    if (pass == 0) {
        // Walk one row y from tile to tile: each tile's last column holds the sum of that
        // tile's part of rows Y0..y, so left() of the next tile is this one's plus it.
        int y = i;
        if (y >= size.y) return;
        dvec4 sum = dvec4(0);
        for (int tx = 0; tx < tiles.x; ++tx) {
            left[y * tiles.x + tx] = sum;
            if (tx + 1 < tiles.x) sum += dvec4(tileTable(tx * TILE + TILE - 1, y));
        }
    } else {
        // Walk one column x up the tile rows: S on a tile row's last line is S below the
        // tile row plus the tile row's sum left of the tile plus the tile's own last row.
        int x = i;
        if (x >= size.x) return;
        int tx = x / TILE;
        dvec4 sum = dvec4(0);
        for (int ty = 0; ty < tiles.y; ++ty) {
            below[ty * size.x + x] = sum;
            int lastRow = ty * TILE + TILE - 1;
            if (ty + 1 < tiles.y)
                sum += left[lastRow * tiles.x + tx] + dvec4(tileTable(x, lastRow));
        }
    }
}
