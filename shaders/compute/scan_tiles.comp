#version 430
// Scan, pass 3 of 3 (src/compute/scan.cpp): each work group scans its tile and adds the
// sum of all earlier tiles of its row (the exclusive scan of tileSums from pass 2). A row
// that fits in one tile needs only this pass, with addTileSums off.
#include "scan_common.glsl"

layout(std430, binding = 2) writeonly buffer OutputValues { VALUE outputValues[]; };
#ifdef VECTOR
layout(std430, binding = 3) writeonly buffer OutputVectors { VECTOR outputVectors[]; };
#endif
layout(std430, binding = 4) readonly buffer TileSums { VALUE tileSums[]; };

uniform bool exclusive;       // element i gets the sum of elements before it, not up to it
uniform bool addTileSums;     // the row spans several tiles
uniform bool transposeOutput; // element (row, i) goes to outputValues[i * rows + row]

// Element `position` of the current row; nothing past the row's end.
void storeElement(uint position, VALUE v) {
    if (position >= rowLength) return;
    if (transposeOutput) outputValues[position * gl_NumWorkGroups.y + row()] = v;
    else outputValues[rowStart() + position - elementOffset] = v;
}

void storeQuad(uint first, Quad q) {
#ifdef VECTOR
    uint index = rowStart() + first - elementOffset;
    if (!transposeOutput && first + 4u <= rowLength && index % 4u == 0u) {
        outputVectors[index / 4u] = VECTOR(q.a, q.b, q.c, q.d);
        return;
    }
#endif
    storeElement(first, q.a);
    storeElement(first + 1u, q.b);
    storeElement(first + 2u, q.c);
    storeElement(first + 3u, q.d);
}

void main() {
    Quad quads[ITEMS];
    VALUE sum = VALUE(0);
    for (uint item = 0u; item < ITEMS; ++item) {
        quads[item] = loadQuad(firstOf(item));
        sum += total(quads[item]);
    }
    // What comes before this invocation's first element: the earlier tiles of the row and
    // the earlier invocations of this tile.
    VALUE tileSum;
    VALUE before = workGroupExclusiveScan(sum, tileSum);
    if (addTileSums) before += tileSums[row() * tilesPerRow + tileInRow()];
    for (uint item = 0u; item < ITEMS; ++item) {
        Quad scanned = exclusive ? exclusiveScan(quads[item]) : inclusiveScan(quads[item]);
        storeQuad(firstOf(item), plus(before, scanned));
        before += total(quads[item]);
    }
}
