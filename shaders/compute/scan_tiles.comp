#version 430
// Scan, pass 3 of 3 (src/compute/scan.cpp): each work group scans its tile and adds the
// sum of all earlier tiles of its row (the exclusive scan of tileSums from pass 2). A row
// that fits in one tile needs only this pass, with addTileSums off.
#include "scan_common.glsl"

layout(std430, binding = 2) writeonly buffer OutputValues { VALUE outputValues[]; };
layout(std430, binding = 3) writeonly buffer OutputVectors { VECTOR outputVectors[]; };
layout(std430, binding = 4) readonly buffer TileSums { VALUE tileSums[]; };

uniform bool exclusive;       // element i gets the sum of elements before it, not up to it
uniform bool addTileSums;     // the row spans several tiles
uniform bool transposeOutput; // element (row, i) goes to outputValues[i * rows + row]

void store(uint first, VECTOR v) {
    uint index = rowStart() + first - elementOffset;
#if LANES == 1
    if (first >= rowLength) return;
    if (transposeOutput) outputValues[first * gl_NumWorkGroups.y + row()] = v;
    else outputValues[index] = v;
#else
    if (!transposeOutput && first + LANES <= rowLength && index % LANES == 0u) {
        outputVectors[index / LANES] = v;
        return;
    }
    for (uint lane = 0u; lane < LANES; ++lane) {
        if (first + lane >= rowLength) break;
        if (transposeOutput) outputValues[(first + lane) * gl_NumWorkGroups.y + row()] = v[lane];
        else outputValues[index + lane] = v[lane];
    }
#endif
}

void main() {
    uint firstA = tileStart() + gl_LocalInvocationIndex * LANES;
    uint firstB = firstA + GROUP_SIZE * LANES;
    VECTOR a = loadVector(firstA);
    VECTOR b = loadVector(firstB);

    // Where this invocation's two vectors start within the tile: the first half's vectors
    // come before all of the second half's.
    PAIR total;
    PAIR prefix = workGroupExclusiveScan(PAIR(laneTotal(a), laneTotal(b)), total);
    VALUE offset = addTileSums ? tileSums[row() * tilesPerRow + tileInRow()] : VALUE(0);
    VALUE prefixA = offset + prefix[0];
    VALUE prefixB = offset + total[0] + prefix[1];

    store(firstA, prefixA + (exclusive ? exclusiveLanes(a) : inclusiveLanes(a)));
    store(firstB, prefixB + (exclusive ? exclusiveLanes(b) : inclusiveLanes(b)));
}
