// Shared by the tile kernels of the scan and the reduction (src/compute/tiles.h): the element
// type, the data bindings and the work-group scan. The C++ side defines SCAN_TYPE: 0 uint,
// 1 float, 2 vec4 (cs::ElementType), SUBGROUPS 1 where the kernel may use
// GL_KHR_shader_subgroup (scan_single_pass_subgroups.comp enables the extension), and
// COALESCED 1 to load and store tiles coalesced (loadTileQuads).
#ifndef SCAN_TYPE
#define SCAN_TYPE 0
#endif
#ifndef SUBGROUPS
#define SUBGROUPS 0
#endif
#if SCAN_TYPE == 0
#define VALUE uint
#define VECTOR uvec4
#elif SCAN_TYPE == 1
#define VALUE float
#define VECTOR vec4
#else
#define VALUE vec4
#endif

// An invocation works on quads: four consecutive elements. The four are named values of a
// struct, each added on its own, never lanes of a vector or columns of a matrix reached by
// index: a version that kept four vec4 elements in a mat4 and added its columns in place
// (v[1] += v[0]) was miscompiled by a GPU driver, and plain code leaves a compiler nothing
// to get wrong.
struct Quad {
    VALUE a, b, c, d;
};

// A tile is what one work group scans: GROUP_SIZE invocations, each owning ITEMS quads one
// after the other. An invocation scans its own elements serially; one work-group scan of the
// invocations' totals then tells each where its elements start.
#ifndef ITEMS  // set by src/compute/tiles.cpp
#define ITEMS 4
#endif
#ifndef GROUP_SIZE
#define GROUP_SIZE 128
#endif
#define TILE (GROUP_SIZE * ITEMS * 4)

layout(local_size_x = GROUP_SIZE) in;

layout(std430, binding = 0) readonly buffer InputValues { VALUE inputValues[]; };
#ifdef VECTOR
// uint and float data is bound a second time as 16-byte vectors: a whole quad in one load.
layout(std430, binding = 1) readonly buffer InputVectors { VECTOR inputVectors[]; };
#endif

uniform uint rowLength;      // elements per row; rows are gl_NumWorkGroups.y
uniform uint tilesPerRow;    // tiles in one row (the tile sums have this many per row)
uniform uint firstTile;      // tile index of this dispatch's first work group in its row
uniform uint elementOffset;  // element index of the start of the bound data range

// The invocation's place in the order of the tile's elements, 0 to GROUP_SIZE - 1. With
// subgroups it goes subgroup by subgroup, as their scans do (GL does not promise that
// gl_LocalInvocationIndex runs through the subgroups in order), and within a subgroup in the
// order of its invocations. The ranks are counted, not computed as gl_SubgroupID *
// gl_SubgroupSize + gl_SubgroupInvocationID: that assumes every subgroup but the last is
// full, which GL does not promise either (a driver may run subgroups narrower than the
// gl_SubgroupSize it reports, or leave some partial). So each subgroup counts its invocations
// with a ballot, and one invocation adds the counts up: findRanks(), which a kernel built
// with SUBGROUPS calls first, in uniform control flow, before anything uses rank().
//
// The subgroups are counted too, as 1 + the largest gl_SubgroupID, rather than taken from
// gl_NumSubgroups: lavapipe (Mesa 22.3) reports 12 subgroups for a work group of 100 in
// subgroups of 8, yet runs 13, the last with gl_SubgroupID 12.
#if SUBGROUPS
shared uint firstRankOf[GROUP_SIZE];  // per subgroup: room for subgroups of one invocation
shared uint subgroupCount;
uint invocationRank;
void findRanks() {
    if (gl_LocalInvocationIndex == 0u) subgroupCount = 0u;
    barrier();  // wait for the subgroup count's zero
    uvec4 members = subgroupBallot(true);  // this subgroup's invocations, all active here
    if (subgroupElect()) {
        firstRankOf[gl_SubgroupID] = subgroupBallotBitCount(members);
        atomicMax(subgroupCount, gl_SubgroupID + 1u);
    }
    barrier();  // wait for every subgroup's count
    if (gl_LocalInvocationIndex == 0u) {
        uint first = 0u;
        for (uint s = 0u; s < subgroupCount; ++s) {
            uint count = firstRankOf[s];
            firstRankOf[s] = first;
            first += count;
        }
    }
    barrier();  // wait for the subgroups' first ranks
    invocationRank = firstRankOf[gl_SubgroupID] + subgroupBallotExclusiveBitCount(members);
}
uint rank() { return invocationRank; }
#else
void findRanks() {}  // nothing to find: the ranks are the local indices
uint rank() { return gl_LocalInvocationIndex; }
#endif

// This work group's row, the row's first element, and its tile in the row: the one its place
// in the dispatch gives it (the single-pass scan hands tiles out differently).
uint row() { return gl_WorkGroupID.y; }
uint rowStart() { return row() * rowLength; }
uint tileInRow() { return firstTile + gl_WorkGroupID.x; }
// The first element (in the row) of quad number `item` (0 to ITEMS - 1) of the invocation of
// rank `owner` in tile `tile`; firstOf for this invocation's own.
uint quadStart(uint tile, uint owner, uint item) {
    return tile * TILE + (owner * ITEMS + item) * 4u;
}
uint firstOf(uint tile, uint item) { return quadStart(tile, rank(), item); }

// Element `position` of the current row, at `index` in the bound range; zero past the end.
VALUE loadElement(uint position, uint index) {
    if (position >= rowLength) return VALUE(0);
    return inputValues[index];
}

// The quad from element `first` of the current row.
Quad loadQuad(uint first) {
    uint index = rowStart() + first - elementOffset;  // into the bound range
#ifdef VECTOR
    // Whole and aligned: one vector load. Rows of a length that is not a multiple of four
    // start unaligned, and a row's last quad may be ragged: those go element by element.
    if (first + 4u <= rowLength && index % 4u == 0u) {
        VECTOR v = inputVectors[index / 4u];
        return Quad(v.x, v.y, v.z, v.w);
    }
#endif
    return Quad(loadElement(first, index), loadElement(first + 1u, index + 1u),
                loadElement(first + 2u, index + 2u), loadElement(first + 3u, index + 3u));
}

// An invocation's ITEMS quads are its own run of consecutive elements: it scans them serially.
// Loaded straight (COALESCED 0, the default), each invocation reads its own run, so the
// invocations of one load instruction read addresses ITEMS * 16 bytes apart, which a GPU
// serves with a memory transaction each. Loaded coalesced (COALESCED 1), consecutive
// invocations read consecutive quads (one transaction for many), put them in shared memory,
// and each then takes its own run from there: a transpose through shared memory (Merrill and
// Garland's "blocked arrangement" loaded through a "striped" one). The writes go back the same
// way (storeTileQuads, scan_output.glsl). Either way every element lands in the same place.
#ifndef COALESCED
#define COALESCED 0
#endif
#if COALESCED
// One padding quad after every ITEMS: an invocation's run starts ITEMS + 1 quads after the
// previous invocation's, so that the runs spread over the shared memory banks.
shared Quad staged[GROUP_SIZE * ITEMS + GROUP_SIZE];
uint stagedSlot(uint quad) { return quad + quad / uint(ITEMS); }
// The tile's quad number `quad` as loaded coalesced: the quad of the item-th load of
// invocation `index`.
uint stripedQuad(uint item, uint index) { return item * uint(GROUP_SIZE) + index; }
#endif

// This invocation's ITEMS quads of tile `tile`, in order. Called in uniform control flow.
void loadTileQuads(uint tile, out Quad quads[ITEMS]) {
#if COALESCED
    for (uint item = 0u; item < ITEMS; ++item) {
        uint quad = stripedQuad(item, gl_LocalInvocationIndex);
        staged[stagedSlot(quad)] = loadQuad(tile * TILE + quad * 4u);
    }
    barrier();  // wait for the whole tile in shared memory
    for (uint item = 0u; item < ITEMS; ++item)
        quads[item] = staged[stagedSlot(rank() * ITEMS + item)];
    barrier();  // wait until every invocation has its run before staged is written again
#else
    for (uint item = 0u; item < ITEMS; ++item) quads[item] = loadQuad(firstOf(tile, item));
#endif
}

// Inclusive and exclusive scans of a quad, and its total, all adding in the same order, so
// that float results agree between them.
Quad inclusiveScan(Quad q) {
    VALUE ab = q.a + q.b;
    VALUE abc = ab + q.c;
    return Quad(q.a, ab, abc, abc + q.d);
}
Quad exclusiveScan(Quad q) {
    VALUE ab = q.a + q.b;
    return Quad(VALUE(0), q.a, ab, ab + q.c);
}
VALUE total(Quad q) { return ((q.a + q.b) + q.c) + q.d; }
Quad plus(VALUE x, Quad q) { return Quad(x + q.a, x + q.b, x + q.c, x + q.d); }

// A work-group scan splits the work group into parts (subgroups, or raking segments), scans
// within each, then scans the parts' totals: partPrefix holds those, one per part, and
// scanPartTotals turns them into the sums of the parts before each, in one invocation, with
// their sum in groupTotal. (It is called in uniform control flow, between barriers.)
#if SUBGROUPS
#define PARTS GROUP_SIZE  // room for subgroups of one invocation: any subgroup size fits
#else
#define SEGMENT (GROUP_SIZE >= 256 ? 16 : 8)
#define RAKERS (GROUP_SIZE / SEGMENT)
#define PARTS RAKERS
#endif
shared VALUE partPrefix[PARTS];
shared VALUE groupTotal;

void scanPartTotals(uint parts) {
    if (gl_LocalInvocationIndex == 0u) {
        VALUE sum = VALUE(0);
        for (uint s = 0u; s < parts; ++s) {
            VALUE v = partPrefix[s];
            partPrefix[s] = sum;
            sum += v;
        }
        groupTotal = sum;
    }
}

#if SUBGROUPS
// Work-group exclusive scan with subgroup operations: each subgroup scans its values with one
// operation, one invocation scans the subgroup totals (a handful: 8 subgroups of 32 make 256
// invocations), and everyone adds its subgroup's prefix. Two barriers. Returns the sum of
// the values of the invocations before this one in the order of rank(); groupSum is the sum
// over the whole work group. Two calls must have a barrier() between them (every caller's
// do): a subgroup's next total must not overwrite its prefix before all its invocations
// have read it. Nothing here assumes full subgroups: subgroupExclusiveAdd adds over the
// subgroup's invocations before this one, which is what rank() counts.
VALUE workGroupExclusiveScan(VALUE value, out VALUE groupSum) {
    VALUE inSubgroup = subgroupExclusiveAdd(value);
    VALUE subgroupTotal = subgroupAdd(value);
    if (subgroupElect()) partPrefix[gl_SubgroupID] = subgroupTotal;
    barrier();  // wait for all subgroup totals
    scanPartTotals(subgroupCount);  // counted by findRanks()
    barrier();  // wait for the subgroup prefixes and the total

    groupSum = groupTotal;
    return partPrefix[gl_SubgroupID] + inSubgroup;
}
#else
// Work-group exclusive scan by raking: every invocation puts its value in shared memory,
// RAKERS invocations each scan a segment of SEGMENT values serially, one invocation scans
// the segment totals, and everyone adds its segment's prefix. Three barriers in all, where
// a tree (Blelloch) scan of 128 values needs fourteen. Returns the sum of the values of the
// invocations before this one; groupSum is the sum over the whole work group.
//
// One padding slot after every segment. Unpadded, the rakers would read SEGMENT slots
// apart, a multiple of the 32 four-byte banks of shared memory, so all of them would hit
// the same banks at once; SEGMENT + 1 apart, they spread over the banks.
shared VALUE rake[GROUP_SIZE + RAKERS];

uint rakeSlot(uint i) { return i + i / SEGMENT; }

VALUE workGroupExclusiveScan(VALUE value, out VALUE groupSum) {
    uint i = rank();
    rake[rakeSlot(i)] = value;
    barrier();  // wait until every invocation's value is in shared memory

    if (i < RAKERS) {
        VALUE sum = VALUE(0);
        for (uint k = 0u; k < SEGMENT; ++k) {
            uint slot = rakeSlot(i * SEGMENT + k);
            VALUE v = rake[slot];
            rake[slot] = sum;
            sum += v;
        }
        partPrefix[i] = sum;  // the segment's total, until the next step
    }
    barrier();  // wait for all segment totals
    scanPartTotals(RAKERS);
    barrier();  // wait for the segment prefixes and the total

    groupSum = groupTotal;
    return partPrefix[i / SEGMENT] + rake[rakeSlot(i)];
}
#endif

// The sum of tile `tile` of the current row: each invocation adds its quads, then the work
// group adds the invocations' sums. Every work group calls it in uniform control flow (it
// waits at barriers).
VALUE tileSum(uint tile) {
    VALUE sum = VALUE(0);
    for (uint item = 0u; item < ITEMS; ++item) {
#if COALESCED
        // A sum needs no run of its own: the quads as loaded coalesced.
        sum += total(loadQuad(tile * TILE + stripedQuad(item, gl_LocalInvocationIndex) * 4u));
#else
        sum += total(loadQuad(firstOf(tile, item)));
#endif
    }
    VALUE groupSum;
    workGroupExclusiveScan(sum, groupSum);
    return groupSum;
}
