// The output of the scan kernels (scan_tiles.comp, scan_single_pass.glsl): bound like the
// input (scan_common.glsl), as values and, for uint and float, as 16-byte vectors too.
layout(std430, binding = 2) writeonly buffer OutputValues { VALUE outputValues[]; };
#ifdef VECTOR
layout(std430, binding = 3) writeonly buffer OutputVectors { VECTOR outputVectors[]; };
#endif

// Element `position` of the current row; nothing past the row's end. Transposed, element
// (row, i) goes to outputValues[i * rows + row], rows being gl_NumWorkGroups.y.
void storeElement(uint position, VALUE v, bool transposed) {
    if (position >= rowLength) return;
    if (transposed) outputValues[position * gl_NumWorkGroups.y + row()] = v;
    else outputValues[rowStart() + position - elementOffset] = v;
}

// The quad from element `first` of the current row: one vector store where it is whole and
// aligned, as loadQuad reads it.
void storeQuad(uint first, Quad q, bool transposed) {
#ifdef VECTOR
    uint index = rowStart() + first - elementOffset;
    if (!transposed && first + 4u <= rowLength && index % 4u == 0u) {
        outputVectors[index / 4u] = VECTOR(q.a, q.b, q.c, q.d);
        return;
    }
#endif
    storeElement(first, q.a, transposed);
    storeElement(first + 1u, q.b, transposed);
    storeElement(first + 2u, q.c, transposed);
    storeElement(first + 3u, q.d, transposed);
}

// This invocation's ITEMS quads, in order, to tile `tile`: the way loadTileQuads
// (scan_common.glsl) read them. Called in uniform control flow.
void storeTileQuads(uint tile, Quad quads[ITEMS], bool transposed) {
#if COALESCED
    for (uint item = 0u; item < ITEMS; ++item)
        staged[stagedSlot(rank() * ITEMS + item)] = quads[item];
    barrier();  // wait for the whole tile in shared memory
    for (uint item = 0u; item < ITEMS; ++item) {
        uint quad = stripedQuad(item, gl_LocalInvocationIndex);
        storeQuad(tile * TILE + quad * 4u, staged[stagedSlot(quad)], transposed);
    }
#else
    for (uint item = 0u; item < ITEMS; ++item)
        storeQuad(firstOf(tile, item), quads[item], transposed);
#endif
}
