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
    if (!transposeOutput && first + LANES <= rowLength && index % LANES == 0u) {
        outputVectors[index / LANES] = v;
        return;
    }
    for (uint lane = 0u; lane < LANES; ++lane) {
        if (first + lane >= rowLength) break;
        if (transposeOutput) outputValues[(first + lane) * gl_NumWorkGroups.y + row()] = v[lane];
        else outputValues[index + lane] = v[lane];
    }
}

void main() {
    VECTOR vectors[ITEMS];
    TUPLE sums;
    for (uint item = 0u; item < ITEMS; ++item) {
        vectors[item] = loadVector(firstOf(item));
        sums[item] = laneTotal(vectors[item]);
    }
    // prefix[item]: the sum of this slice's vectors before ours; total[item]: the whole
    // slice's. Slices follow each other in memory, so slice k starts after all of 0..k-1.
    TUPLE total;
    TUPLE prefix = workGroupExclusiveScan(sums, total);
    VALUE before = addTileSums ? tileSums[row() * tilesPerRow + tileInRow()] : VALUE(0);
    for (uint item = 0u; item < ITEMS; ++item) {
        VECTOR v = vectors[item];
        VECTOR lanes = exclusive ? exclusiveLanes(v) : inclusiveLanes(v);
        store(firstOf(item), broadcast(before + prefix[item]) + lanes);
        before += total[item];
    }
}
