// The single-pass scan (src/compute/scan.cpp), included by scan_single_pass.comp and, with
// subgroup operations, by scan_single_pass_subgroups.comp. One pass over the data: each work
// group scans one tile and learns what all the tiles before it add up to from the work groups
// that hold those tiles, by decoupled look-back (Merrill & Garland 2016). No group ever waits
// on one that might not be running: a predecessor that stays silent has its tile summed from
// the input instead, the decoupled fallback (Smith, Levien & Owens 2025). One row, out of
// place: the fallback reads other tiles' input, which an in-place scan would be overwriting.
// samples/prefix_sum/README.md walks through the protocol and the memory model behind it.
#include "scan_common.glsl"
#include "scan_output.glsl"

// What the work groups of one dispatch tell each other. Every access to it is atomic: no
// value here is ever read or written in parts that another group could see half done.
layout(std430, binding = 4) coherent buffer TileStates {
    uint nextTile;       // the tile counter, 0 before the dispatch
    uint stateWords[];   // per tile: its aggregate slot, then its inclusive slot, all 0 before
};
// carries[c]: the total of the row up to the end of chunk c, written by that chunk's last tile
// and read by the next chunk's tiles, one dispatch later.
layout(std430, binding = 5) buffer Carries { VALUE carries[]; };

uniform bool exclusive;            // element i gets the sum of elements before it, not up to it
uniform uint chunk;                // which chunk of the row this dispatch scans
uniform uint pollsBeforeFallback;  // further polls of a silent predecessor before the fallback
// For tests: tiles t with t % stalledEvery == stalledEvery - 1 publish nothing, as if their
// work groups had stalled for good, so that the tiles after them must take the fallback.
// 0: off.
uniform uint stalledEvery;

// Look-back counters, for the bench and the tests only (SinglePassOptions::countLookBack
// compiles them in; the default kernel has none): per tile of the row, three words: its
// look-back's steps (predecessors whose values it added), polls (reads of the tile states)
// and fallbacks (predecessors it summed from the input).
#ifndef LOOKBACK_COUNTERS
#define LOOKBACK_COUNTERS 0
#endif
#if LOOKBACK_COUNTERS
layout(std430, binding = 6) writeonly buffer LookBackCounts { uint lookBackCounts[]; };
uint countedSteps = 0u, countedPolls = 0u, countedFallbacks = 0u;
#define COUNT(counter) ++counter
#else
#define COUNT(counter)
#endif

// A value as 32-bit words: VALUE_WORDS of them.
#if SCAN_TYPE == 0
#define VALUE_WORDS 1
uint wordOf(VALUE v, int k) { return v; }
VALUE valueOf(uint words[VALUE_WORDS]) { return words[0]; }
#elif SCAN_TYPE == 1
#define VALUE_WORDS 1
uint wordOf(VALUE v, int k) { return floatBitsToUint(v); }
VALUE valueOf(uint words[VALUE_WORDS]) { return uintBitsToFloat(words[0]); }
#else
#define VALUE_WORDS 4
uint wordOf(VALUE v, int k) {
    float component = k == 0 ? v.x : (k == 1 ? v.y : (k == 2 ? v.z : v.w));
    return floatBitsToUint(component);
}
VALUE valueOf(uint words[VALUE_WORDS]) {
    return vec4(uintBitsToFloat(words[0]), uintBitsToFloat(words[1]), uintBitsToFloat(words[2]),
                uintBitsToFloat(words[3]));
}
#endif

// A tile publishes two values, each in a slot of its own: its aggregate (the sum of its own
// elements) and its inclusive prefix (the sum of everything up to its end). A slot holds each
// 32-bit word of the value as two state words: the low half, then the high half, each with
// READY set. A state word is 0 until it is written and written once, so a reader that finds
// READY in every word of a slot has the whole value, in whatever order the writes landed.
// (GL 4.3 has no 64-bit atomics, so a 32-bit word and a flag cannot be written as one.)
const uint READY = 0x80000000u;
#define SLOT_WORDS (2 * VALUE_WORDS)

uint aggregateSlot(uint tile) { return tile * uint(2 * SLOT_WORDS); }
uint inclusiveSlot(uint tile) { return aggregateSlot(tile) + uint(SLOT_WORDS); }

// Writes `value` into a slot, unless another work group has begun to: its first state word
// goes in with a compare-and-swap from 0, which only one writer can win, and only the winner
// writes the rest. So a slot never mixes the halves of two writers' values, even where the
// owner and a fallback summed a float tile in a different order.
void publish(uint slot, VALUE value) {
    uint first = wordOf(value, 0);
    if (atomicCompSwap(stateWords[slot], 0u, READY | (first & 0xFFFFu)) != 0u) return;
    atomicExchange(stateWords[slot + 1u], READY | (first >> 16));
    for (int k = 1; k < VALUE_WORDS; ++k) {
        uint word = wordOf(value, k);
        atomicExchange(stateWords[slot + uint(2 * k)], READY | (word & 0xFFFFu));
        atomicExchange(stateWords[slot + uint(2 * k + 1)], READY | (word >> 16));
    }
}

// Reads a slot; false while any of its words is unwritten. atomicOr with 0 changes nothing:
// it is the atomic load that GLSL 4.30 does not have, always served from the memory the
// other work groups' atomics write.
bool tryRead(uint slot, out VALUE value) {
    value = VALUE(0);
    uint words[VALUE_WORDS];
    for (int k = 0; k < VALUE_WORDS; ++k) {
        uint low = atomicOr(stateWords[slot + uint(2 * k)], 0u);
        uint high = atomicOr(stateWords[slot + uint(2 * k + 1)], 0u);
        if ((low & high & READY) == 0u) return false;
        words[k] = (low & 0xFFFFu) | ((high & 0xFFFFu) << 16);
    }
    value = valueOf(words);
    return true;
}

// Who looks back. In the portable kernel, one invocation, while the rest of the work group
// waits at one barrier(). The whole work group could share it, but only with barrier() inside
// the loop, and that alone made the scan about 1.25 times slower on llvmpipe, fallback or not
// (see samples/prefix_sum/README.md). With subgroup operations the whole work group looks
// back: one invocation polls, and a barrier() hands what it found to the others through
// shared memory. Not a subgroup broadcast after the poller's `if`: that would assume that the
// subgroup has reconverged there, which GL promises only for control flow uniform across the
// whole work group, and a look-back by one subgroup is not.
const uint SILENT = 0u, AGGREGATE = 1u, INCLUSIVE = 2u;

#if SUBGROUPS
bool looksBack() { return true; }  // the whole work group, in uniform control flow
bool polls() { return gl_LocalInvocationIndex == 0u; }
shared uint polledStatus;
shared VALUE polledValue;
// Everyone takes the poller's status and value.
void shareThePoll(inout uint status, inout VALUE value) {
    if (polls()) {
        polledStatus = status;
        polledValue = value;
    }
    barrier();  // wait for the poll's result
    status = polledStatus;
    value = polledValue;
}
// Before the next poll overwrites polledStatus and polledValue.
void endStep() { barrier(); }  // wait until everyone has read the poll's result
// The sum of a tile, by the whole work group, the way the tile's own work group adds it.
VALUE lookerTileSum(uint tile) { return tileSum(tile); }
#else
bool looksBack() { return gl_LocalInvocationIndex == 0u; }
bool polls() { return true; }
void shareThePoll(inout uint status, inout VALUE value) {}  // the looker is the poller
void endStep() {}
// The sum of a tile, by one invocation, added up in the order in which the work group's own
// scan adds it (invocations, raking segments, segment totals), so that for float it gives
// the value the tile's own work group publishes.
VALUE lookerTileSum(uint tile) {
    VALUE groupSum = VALUE(0);
    for (uint segment = 0u; segment < uint(RAKERS); ++segment) {
        VALUE segmentSum = VALUE(0);
        for (uint k = 0u; k < uint(SEGMENT); ++k) {
            VALUE sum = VALUE(0);
            for (uint item = 0u; item < ITEMS; ++item)
                sum += total(loadQuad(quadStart(tile, segment * uint(SEGMENT) + k, item)));
            segmentSum += sum;
        }
        groupSum += segmentSum;
    }
    return groupSum;
}
#endif

// The sum of everything before tile `tile` (tiles are counted within the chunk): the
// predecessors' aggregates, nearest first, down to the first inclusive prefix, or down to the
// chunk's start and its carry. Run by the invocations for which looksBack() holds. Every step
// ends, whatever other work groups do: a predecessor still silent after 1 +
// pollsBeforeFallback polls has its tile summed from the input here.
VALUE lookBack(uint tile, VALUE carry) {
    VALUE prefix = VALUE(0);
    for (uint p = tile; p > 0u;) {
        --p;
        uint status = SILENT;
        VALUE value = VALUE(0);
        if (polls()) {
            for (uint poll = 0u; status == SILENT && poll <= pollsBeforeFallback; ++poll) {
                COUNT(countedPolls);
                if (tryRead(inclusiveSlot(p), value)) status = INCLUSIVE;
                else if (tryRead(aggregateSlot(p), value)) status = AGGREGATE;
            }
        }
        shareThePoll(status, value);
        if (status == SILENT) {
            // The decoupled fallback: tile p's work group has published nothing, and nothing
            // promises that it ever will (it may not even be running). Sum its tile from the
            // input, and publish that for the tiles after this one.
            COUNT(countedFallbacks);
            value = lookerTileSum(firstTile + p);
            if (polls()) publish(aggregateSlot(p), value);
        }
        COUNT(countedSteps);
        prefix = value + prefix;
        endStep();
        if (status == INCLUSIVE) return prefix;
    }
    return carry + prefix;
}

shared uint sharedTile;
shared VALUE sharedPrefix;

void main() {
    findRanks();  // each invocation's place in the tile (scan_common.glsl)

    // 1. The tile: the next one the counter hands out, not gl_WorkGroupID. Tiles go out in
    // the order work groups start, so every tile before this one belongs to a group that has
    // already started: no group ever looks back at one that has not begun.
    if (gl_LocalInvocationIndex == 0u) sharedTile = atomicAdd(nextTile, 1u);
    barrier();  // wait for the tile number
    uint tile = sharedTile;
    uint rowTile = firstTile + tile;  // the tile's place in the row
    bool publishes = stalledEvery == 0u || tile % stalledEvery != stalledEvery - 1u;

    // 2. Scan the tile, as scan_tiles.comp does: its aggregate comes out of the same sums.
    Quad quads[ITEMS];
    VALUE sum = VALUE(0);
    for (uint item = 0u; item < ITEMS; ++item) {
        quads[item] = loadQuad(firstOf(rowTile, item));
        sum += total(quads[item]);
    }
    VALUE aggregate;
    VALUE before = workGroupExclusiveScan(sum, aggregate);

    // 3. Publish the aggregate at once, so that the tiles after this one need not wait for
    // this one's look-back; the chunk's first tile knows its inclusive prefix already.
    VALUE carry = chunk == 0u ? VALUE(0) : carries[chunk - 1u];
    if (gl_LocalInvocationIndex == 0u && publishes) {
        if (tile == 0u) publish(inclusiveSlot(0u), carry + aggregate);
        else publish(aggregateSlot(tile), aggregate);
    }

    // 4. Look back for what the tiles before this one add up to, then publish the inclusive
    // prefix. The chunk's last tile also leaves it for the next chunk.
    if (looksBack()) {
        VALUE prefix = tile == 0u ? carry : lookBack(tile, carry);
        if (polls()) {
            if (publishes && tile > 0u) publish(inclusiveSlot(tile), prefix + aggregate);
            if (tile == gl_NumWorkGroups.x - 1u) carries[chunk] = prefix + aggregate;
            sharedPrefix = prefix;
#if LOOKBACK_COUNTERS
            lookBackCounts[3u * rowTile] = countedSteps;
            lookBackCounts[3u * rowTile + 1u] = countedPolls;
            lookBackCounts[3u * rowTile + 2u] = countedFallbacks;
#endif
        }
    }
    barrier();  // wait for the look-back
    VALUE prefix = sharedPrefix;

    // 5. Write the tile's scan.
    before += prefix;
    for (uint item = 0u; item < ITEMS; ++item) {
        Quad scanned = exclusive ? exclusiveScan(quads[item]) : inclusiveScan(quads[item]);
        storeQuad(firstOf(rowTile, item), plus(before, scanned), false);
        before += total(quads[item]);
    }
}
