#version 430
// Tile sums: each work group sums its tile of the input and writes that one number to
// tileSums. The scan's pass 1 of 3 (src/compute/scan.cpp): scanning the tile sums then tells
// every tile what all the tiles before it add up to. And every round of the reduction
// (src/compute/reduce.cpp): summing the tile sums again until one value is left.
#include "scan_common.glsl"

layout(std430, binding = 4) writeonly buffer TileSums { VALUE tileSums[]; };

void main() {
    VALUE sum = tileSum(tileInRow());
    if (gl_LocalInvocationIndex == 0u) tileSums[row() * tilesPerRow + tileInRow()] = sum;
}
