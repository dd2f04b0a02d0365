#version 430
// Scan, pass 3 of 3 (src/compute/scan.cpp): each work group scans its tile and adds the
// sum of all earlier tiles of its row (the exclusive scan of tileSums from pass 2). A row
// that fits in one tile needs only this pass, with addTileSums off.
#include "scan_common.glsl"
#include "scan_output.glsl"

layout(std430, binding = 4) readonly buffer TileSums { VALUE tileSums[]; };

uniform bool exclusive;       // element i gets the sum of elements before it, not up to it
uniform bool addTileSums;     // the row spans several tiles
uniform bool transposeOutput; // element (row, i) goes to outputValues[i * rows + row]

void main() {
    uint tile = tileInRow();
    Quad quads[ITEMS];
    loadTileQuads(tile, quads);
    VALUE sum = VALUE(0);
    for (uint item = 0u; item < ITEMS; ++item) sum += total(quads[item]);
    // What comes before this invocation's first element: the earlier tiles of the row and
    // the earlier invocations of this tile.
    VALUE tileTotal;
    VALUE before = workGroupExclusiveScan(sum, tileTotal);
    if (addTileSums) before += tileSums[row() * tilesPerRow + tile];
    for (uint item = 0u; item < ITEMS; ++item) {
        Quad scanned = exclusive ? exclusiveScan(quads[item]) : inclusiveScan(quads[item]);
        VALUE quadTotal = total(quads[item]);
        quads[item] = plus(before, scanned);
        before += quadTotal;
    }
    storeTileQuads(tile, quads, transposeOutput);
}
