// Shared by the scan kernels (src/compute/scan.h): the element type, the data bindings and
// the work-group scan. The C++ side defines SCAN_TYPE: 0 uint, 1 float, 2 vec4.
#ifndef SCAN_TYPE
#define SCAN_TYPE 0
#endif

// VALUE is one element. VECTOR is four consecutive elements, what one invocation loads at
// a time: a uvec4 or vec4 (one 16-byte load), or for vec4 elements a mat4 whose columns
// are the four vec4s. Each invocation loads ITEMS vectors; their ITEMS partial sums travel
// together as one TUPLE, which adds component-wise, so one work-group scan serves them all.
// Lanes are reached by index (v[i]) because a mat4 has no .xyzw.
#define LANES 4
#ifndef ITEMS  // set by src/compute/scan.cpp: 2 or 4
#define ITEMS 4
#endif
#if SCAN_TYPE == 0
#define VALUE uint
#define VECTOR uvec4
#if ITEMS == 2
#define TUPLE uvec2
#else
#define TUPLE uvec4
#endif
#elif SCAN_TYPE == 1
#define VALUE float
#define VECTOR vec4
#if ITEMS == 2
#define TUPLE vec2
#else
#define TUPLE vec4
#endif
#else
#define VALUE vec4
#define VECTOR mat4
#if ITEMS == 2
#define TUPLE mat2x4
#else
#define TUPLE mat4
#endif
#endif

// A tile is what one work group scans: ITEMS slices of GROUP_SIZE vectors. Invocation i
// takes vector i of every slice, so neighbouring invocations read neighbouring addresses
// (coalesced loads).
#ifndef GROUP_SIZE  // set by src/compute/scan.cpp
#define GROUP_SIZE 128
#endif
#define TILE (ITEMS * GROUP_SIZE * LANES)

layout(local_size_x = GROUP_SIZE) in;

// The data is bound twice, as scalars (for ragged ends) and as vectors (for whole ones).
layout(std430, binding = 0) readonly buffer InputValues { VALUE inputValues[]; };
layout(std430, binding = 1) readonly buffer InputVectors { VECTOR inputVectors[]; };

uniform uint rowLength;      // elements per row; rows are gl_NumWorkGroups.y
uniform uint tilesPerRow;    // tiles in one row (the tile sums have this many per row)
uniform uint firstTile;      // tile index of this dispatch's first work group in its row
uniform uint elementOffset;  // element index of the start of the bound data range

// This work group's row, the row's first element, and the tile's first element in the row.
uint row() { return gl_WorkGroupID.y; }
uint rowStart() { return row() * rowLength; }
uint tileInRow() { return firstTile + gl_WorkGroupID.x; }
uint tileStart() { return tileInRow() * TILE; }
// The first element of this invocation's vector in slice `item` of its tile.
uint firstOf(uint item) {
    return tileStart() + (item * GROUP_SIZE + gl_LocalInvocationIndex) * LANES;
}

// The LANES elements from element `first` of the current row; zero past the row's end.
VECTOR loadVector(uint first) {
    uint index = rowStart() + first - elementOffset;  // into the bound range
    // Whole and aligned: one vector load. Rows of a length that is not a multiple of four
    // start unaligned, and the row's last vector may be ragged: those go element by element.
    if (first + LANES <= rowLength && index % LANES == 0u) return inputVectors[index / LANES];
    VECTOR v = VECTOR(0);
    for (uint lane = 0u; lane < LANES; ++lane)
        if (first + lane < rowLength) v[lane] = inputValues[index + lane];
    return v;
}

// Inclusive and exclusive scans of the lanes of one VECTOR, and their total. The
// exclusive form adds in the same order as the inclusive one, so float results agree.
VECTOR inclusiveLanes(VECTOR v) {
    v[1] += v[0];
    v[2] += v[1];
    v[3] += v[2];
    return v;
}
VECTOR exclusiveLanes(VECTOR v) {
    VALUE first2 = v[0] + v[1];
    return VECTOR(VALUE(0), v[0], first2, first2 + v[2]);
}
VALUE laneTotal(VECTOR v) { return inclusiveLanes(v)[3]; }
// x in every lane (a scalar plus a uvec4 would broadcast, but a vec4 plus a mat4 does not).
VECTOR broadcast(VALUE x) { return VECTOR(x, x, x, x); }

// Work-group exclusive scan by raking: every invocation puts its value in shared memory,
// RAKERS invocations each scan a segment of SEGMENT values serially, one invocation scans
// the segment totals, and everyone adds its segment's prefix. Three barriers in all, where
// a tree (Blelloch) scan of 128 values needs fourteen.
#define SEGMENT (GROUP_SIZE >= 256 ? 16 : 8)
#define RAKERS (GROUP_SIZE / SEGMENT)
// One padding slot after every segment. Unpadded, the rakers would read SEGMENT slots
// apart, a multiple of the 32 four-byte banks of shared memory, so all of them would hit
// the same banks at once; with SEGMENT + 1 each 16-byte slot starts 4 banks further on.
shared TUPLE rake[GROUP_SIZE + RAKERS];
shared TUPLE segmentPrefix[RAKERS];
shared TUPLE groupTotal;

uint rakeSlot(uint i) { return i + i / SEGMENT; }

TUPLE workGroupExclusiveScan(TUPLE value, out TUPLE total) {
    uint i = gl_LocalInvocationIndex;
    rake[rakeSlot(i)] = value;
    barrier();  // wait until every invocation's value is in shared memory

    if (i < RAKERS) {
        TUPLE sum = TUPLE(0);
        for (uint k = 0u; k < SEGMENT; ++k) {
            uint slot = rakeSlot(i * SEGMENT + k);
            TUPLE v = rake[slot];
            rake[slot] = sum;
            sum += v;
        }
        segmentPrefix[i] = sum;  // the segment's total, until the next step
    }
    barrier();  // wait for all segment totals

    if (i == 0u) {
        TUPLE sum = TUPLE(0);
        for (uint s = 0u; s < RAKERS; ++s) {
            TUPLE v = segmentPrefix[s];
            segmentPrefix[s] = sum;
            sum += v;
        }
        groupTotal = sum;
    }
    barrier();  // wait for the segment prefixes and the total

    total = groupTotal;
    return segmentPrefix[i / SEGMENT] + rake[rakeSlot(i)];
}
