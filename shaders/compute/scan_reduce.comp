#version 430
// Scan, pass 1 of 3 (src/compute/scan.cpp): each work group sums its tile of the input and
// writes that one number to tileSums. Scanning the tile sums then tells every tile what all
// the tiles before it add up to.
#include "scan_common.glsl"

layout(std430, binding = 4) writeonly buffer TileSums { VALUE tileSums[]; };

void main() {
    uint first = tileStart() + gl_LocalInvocationIndex * LANES;
    VALUE a = laneTotal(loadVector(first));
    VALUE b = laneTotal(loadVector(first + GROUP_SIZE * LANES));
    PAIR total;
    workGroupExclusiveScan(PAIR(a, b), total);
    if (gl_LocalInvocationIndex == 0u) tileSums[row() * tilesPerRow + tileInRow()] = total[0] + total[1];
}
