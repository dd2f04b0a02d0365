// The single-pass scan (src/compute/scan.cpp), included by scan_single_pass.comp and, with
// subgroup operations, by scan_single_pass_subgroups.comp. One pass over the data: each work
// group scans one tile and learns what all the tiles before it add up to from the work groups
// that hold those tiles, by decoupled look-back (Merrill & Garland 2016). No group ever waits
// on one that might not be running: a predecessor that stays silent has its tile summed from
// the input instead, the decoupled fallback (Smith, Levien & Owens 2025). One row, out of
// place: the fallback reads other tiles' input, which an in-place scan would be overwriting.
// samples/prefix_sum/README.md walks through the protocol and the memory model behind it.
//
// Variants, chosen by the C++ side's defines (cs::SinglePassOptions), so that a bench can time
// each of them on the same build:
//   LOOKBACK_WINDOW     0 (the default): one invocation walks back one predecessor per step.
//                       N > 0: the work group reads N predecessors per round, one per
//                       invocation, through shared memory (lookBackWindow below).
//   STATE_READS_ATOMIC  1 (the default): the tile states are read with an atomic that changes
//                       nothing; 0: with plain loads of the coherent volatile block.
//   LOOKBACK_COUNTERS   1: per tile, what its look-back did (the bench's and the tests' only).
//   TILES_ALONE         1: no look-back at all, each tile scanned alone (the bench's only).
//   WINDOW_BY_SUBGROUPS 1, with LOOKBACK_WINDOW > 0 in the subgroup kernel: the window's
//                       nearest inclusive prefix and its sum found by subgroup operations.
#include "scan_common.glsl"
#include "scan_output.glsl"

#ifndef LOOKBACK_WINDOW
#define LOOKBACK_WINDOW 0
#endif
#ifndef STATE_READS_ATOMIC
#define STATE_READS_ATOMIC 1
#endif
#ifndef LOOKBACK_COUNTERS
#define LOOKBACK_COUNTERS 0
#endif
#ifndef TILES_ALONE
#define TILES_ALONE 0
#endif
#ifndef WINDOW_BY_SUBGROUPS
#define WINDOW_BY_SUBGROUPS 0
#endif
#if WINDOW_BY_SUBGROUPS && !SUBGROUPS
#error "WINDOW_BY_SUBGROUPS needs the subgroup kernel"
#endif
#if LOOKBACK_WINDOW > GROUP_SIZE
#error "the look-back window reads one predecessor per invocation: at most GROUP_SIZE"
#endif

// What the work groups of one dispatch tell each other: the tile counter and one slot per
// tile. Work groups write it with atomics only; `volatile` makes every plain read (with
// STATE_READS_ATOMIC 0) go to memory again, rather than to a copy read earlier.
layout(std430, binding = 4) coherent volatile buffer TileStates {
    uint nextTile;       // the tile counter, 0 before the dispatch
    uint stateWords[];   // per tile: its slot (SLOT_WORDS state words), all 0 before
};
// carries[c]: the total of the row up to the end of chunk c, written by that chunk's last tile
// and read by the next chunk's tiles, one dispatch later.
layout(std430, binding = 5) buffer Carries { VALUE carries[]; };

uniform bool exclusive;            // element i gets the sum of elements before it, not up to it
uniform uint chunk;                // which chunk of the row this dispatch scans
uniform uint pollsBeforeFallback;  // further polls of a silent predecessor before the fallback
// For tests, each 0 when off (cs::SinglePassOptions says more). Tiles t (counted within a
// dispatch) with t % stalledEvery == stalledEvery - 1 publish nothing, as if their work
// groups had stalled for good; with t % tornEvery == tornEvery - 1 they publish their
// aggregate and then the first state word of their inclusive prefix only, as if stalled
// between two stores; with t % inclusiveEvery != 0 they publish their aggregate only, as if
// their look-backs never ended.
uniform uint stalledEvery, tornEvery, inclusiveEvery;

// Look-back counters: per tile of the row, three words: steps (predecessors whose values its
// look-back added), polls (round trips to the tile states: one read of one slot, or of one
// window) and fallbacks (predecessors it summed from the input).
#if LOOKBACK_COUNTERS
layout(std430, binding = 6) writeonly buffer LookBackCounts { uint lookBackCounts[]; };
uint countedSteps = 0u, countedPolls = 0u, countedFallbacks = 0u;
#define COUNT(counter, amount) counter += amount
#else
#define COUNT(counter, amount)
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

// A tile's slot: its state and one value, first its aggregate (the sum of its own elements),
// later its inclusive prefix (the sum of everything up to its end). Each 32-bit word of the
// value takes two state words, the low half, then the high half, each with the state in its
// top two bits. (GL 4.3 has no 64-bit atomics, so a 32-bit word and a state cannot be written
// as one.) A state word starts at 0, SILENT, and only rises: AGGREGATE, then INCLUSIVE. So
// atomicMax writes it: a later or equal state never goes back, and a slot read in whichever
// order its words land is whole when all its words carry the same state. Words of different
// states are a slot caught between two publishes, a torn slot: "not yet", polled again.
const uint SILENT = 0u, AGGREGATE = 1u, INCLUSIVE = 2u;
#define SLOT_WORDS (2 * VALUE_WORDS)
uint slotOf(uint tile) { return tile * uint(SLOT_WORDS); }
uint stateWord(uint state, uint halfWord) { return (state << 30) | halfWord; }

// Publishes `value` in a state. For uint, the tile's owner and a fallback sum a tile to the
// same aggregate, so both may write it: equal words, atomicMax keeps either. For float and
// vec4 they may have added in different orders, so an aggregate goes in only after claiming
// the slot's first word with a compare-and-swap from 0, which one writer alone can win: two
// writers' halves never mix. (An inclusive prefix has one writer, the tile's owner.)
void publish(uint tile, uint state, VALUE value) {
    uint slot = slotOf(tile);
#if SCAN_TYPE != 0
    if (state == AGGREGATE) {
        uint first = stateWord(AGGREGATE, wordOf(value, 0) & 0xFFFFu);
        if (atomicCompSwap(stateWords[slot], 0u, first) != 0u) return;
    }
#endif
    for (int k = 0; k < VALUE_WORDS; ++k) {
        uint word = wordOf(value, k);
        atomicMax(stateWords[slot + uint(2 * k)], stateWord(state, word & 0xFFFFu));
        atomicMax(stateWords[slot + uint(2 * k + 1)], stateWord(state, word >> 16));
    }
}

// The tile's inclusive prefix, unless a test holds it back (inclusiveEvery, tornEvery).
void publishInclusive(uint tile, VALUE value) {
    if (inclusiveEvery != 0u && tile % inclusiveEvery != 0u) return;
    if (tornEvery != 0u && tile % tornEvery == tornEvery - 1u) {
        atomicMax(stateWords[slotOf(tile)], stateWord(INCLUSIVE, wordOf(value, 0) & 0xFFFFu));
        return;
    }
    publish(tile, INCLUSIVE, value);
}

// One state word as it is in memory now. atomicOr with 0 changes nothing: it is the atomic
// load that GLSL 4.30 does not have. A plain load of a coherent volatile word is cheaper where
// the hardware serves atomics far away; a word read plainly is still read whole.
uint readState(uint word) {
#if STATE_READS_ATOMIC
    return atomicOr(stateWords[word], 0u);
#else
    return stateWords[word];
#endif
}

// Reads a tile's slot: its state, and its value unless SILENT. A torn slot reads as SILENT.
uint tryRead(uint tile, out VALUE value) {
    value = VALUE(0);
    uint slot = slotOf(tile);
    uint state = SILENT;
    uint words[VALUE_WORDS];
    for (int k = 0; k < VALUE_WORDS; ++k) {
        uint low = readState(slot + uint(2 * k));
        uint high = readState(slot + uint(2 * k + 1));
        if (k == 0) state = low >> 30;
        if (low >> 30 != state || high >> 30 != state) return SILENT;  // torn: not yet
        words[k] = (low & 0xFFFFu) | ((high & 0xFFFFu) << 16);
    }
    if (state != SILENT) value = valueOf(words);
    return state;
}

// Polls a tile's slot until it says something, at most 1 + pollsBeforeFallback times; the
// polls taken go to `polls`.
uint poll(uint tile, out VALUE value, out uint polls) {
    uint state = SILENT;
    for (polls = 0u; state == SILENT && polls <= pollsBeforeFallback; ++polls)
        state = tryRead(tile, value);
    return state;
}

#if LOOKBACK_WINDOW == 0
// The look-back one predecessor per step, by invocation 0 alone, while the rest of the work
// group waits at one barrier(): the sum of everything before tile `tile` (counted within the
// chunk), nearest predecessor first, down to the first inclusive prefix, or down to the
// chunk's start and its carry. A predecessor still silent after its polls has its tile summed
// here from the input (one invocation adding the invocations' sums in rank order) and
// published as its aggregate for the tiles after this one.
VALUE lookBackSerial(uint tile, VALUE carry) {
    VALUE prefix = VALUE(0);
    for (uint p = tile; p > 0u;) {
        --p;
        VALUE value;
        uint polls;
        uint state = poll(p, value, polls);
        COUNT(countedPolls, polls);
        if (state == SILENT) {
            COUNT(countedFallbacks, 1u);
            value = VALUE(0);
            for (uint owner = 0u; owner < uint(GROUP_SIZE); ++owner)
                for (uint item = 0u; item < ITEMS; ++item)
                    value += total(loadQuad(quadStart(firstTile + p, owner, item)));
            publish(p, AGGREGATE, value);
        }
        COUNT(countedSteps, 1u);
        prefix = value + prefix;
        if (state == INCLUSIVE) return prefix;
    }
    return carry + prefix;
}
#else
// The windowed look-back: the whole work group, in control flow uniform across it (every
// branch and loop bound below comes from shared memory read after a barrier, or from the tile
// number), reads LOOKBACK_WINDOW predecessors per round, invocation l the l-th nearest, so
// that one round trip to memory brings a whole window (Merrill & Garland's warp-wide
// look-back; the subgroup-per-window reading of Smith, Levien & Owens). Then, alike in every
// invocation: the nearest inclusive prefix in the window, if any; the predecessors before it
// that stayed silent, each summed from the input by the whole work group with its own tile
// sum, one after the other; and invocation 0 adds the window up to that inclusive prefix. No
// inclusive prefix in the window: the next window, down to the chunk's start and its carry.
shared uint windowState[LOOKBACK_WINDOW];
shared VALUE windowValue[LOOKBACK_WINDOW];
shared uint windowPolls[LOOKBACK_WINDOW];

#if WINDOW_BY_SUBGROUPS
// The variant WINDOW_BY_SUBGROUPS (subgroup kernel only): each subgroup finds the nearest
// inclusive prefix among its own lanes with one subgroupMin, and later adds its lanes' values
// up to the window's nearest with one subgroupAdd and looks for silent ones with one ballot;
// the subgroups meet in shared memory (a handful of entries), not in loops over the window.
// Every call is in control flow uniform across the work group, where GL promises that each
// subgroup has all its invocations.
shared uint partNearest[GROUP_SIZE];  // per subgroup: room for subgroups of one invocation
shared VALUE partSum[GROUP_SIZE];
shared uint partSilent[GROUP_SIZE];

// The window's lane of the nearest inclusive prefix, or its last lane where it has none.
uint nearestInclusive(uint lane, uint width, uint state) {
    uint nearest = subgroupMin(lane < width && state == INCLUSIVE ? lane : width - 1u);
    if (subgroupElect()) partNearest[gl_SubgroupID] = nearest;
    barrier();  // wait for every subgroup's nearest
    uint last = width - 1u;
    for (uint s = 0u; s < subgroupCount; ++s) last = min(last, partNearest[s]);
    return last;
}

// The sum of the lanes' values up to `last`, for invocation 0, and whether any of them is
// silent (for every invocation). Adds in an order of its own: float sums may differ in their
// last bits from the loop's.
bool windowSum(uint lane, uint last, uint state, VALUE value, out VALUE sum) {
    bool counts = lane <= last;
    VALUE subgroupSum = subgroupAdd(counts ? value : VALUE(0));
    uint silent = subgroupBallotBitCount(subgroupBallot(counts && state == SILENT));
    if (subgroupElect()) {
        partSum[gl_SubgroupID] = subgroupSum;
        partSilent[gl_SubgroupID] = silent;
    }
    barrier();  // wait for every subgroup's sum
    sum = VALUE(0);
    bool anySilent = false;
    for (uint s = 0u; s < subgroupCount; ++s) {
        sum += partSum[s];
        anySilent = anySilent || partSilent[s] != 0u;
    }
    return anySilent;
}
#endif

VALUE lookBackWindow(uint tile, VALUE carry) {
    uint lane = rank();       // the window's lanes go in rank order, subgroup by subgroup
    VALUE prefix = VALUE(0);  // invocation 0's
    uint end = tile;          // the predecessors not yet added are those before `end`
    while (end > 0u) {
        uint width = min(end, uint(LOOKBACK_WINDOW));
        VALUE value = VALUE(0);
        uint state = SILENT;
        if (lane < width) {
            uint polls;
            state = poll(end - 1u - lane, value, polls);
            windowState[lane] = state;
            windowValue[lane] = value;
            windowPolls[lane] = polls;
        }
#if WINDOW_BY_SUBGROUPS
        uint last = nearestInclusive(lane, width, state);
        VALUE sum;
        bool anySilent = windowSum(lane, last, state, value, sum);
#else
        barrier();  // wait for the window

        // The window's lanes that count: up to the nearest inclusive prefix, or all of them.
        uint last = width - 1u;
        for (uint l = 0u; l < width; ++l) {
            if (windowState[l] == INCLUSIVE) {
                last = l;
                break;
            }
        }
        bool anySilent = true;  // the loop below looks
#endif
        // The decoupled fallback, for each silent one of them: its work group has published
        // nothing, and nothing promises that it ever will.
        if (anySilent) {
            for (uint l = 0u; l <= last; ++l) {
                if (windowState[l] != SILENT) continue;
                VALUE tileTotal = tileSum(firstTile + end - 1u - l);
                if (gl_LocalInvocationIndex == 0u) {
                    publish(end - 1u - l, AGGREGATE, tileTotal);
                    windowValue[l] = tileTotal;  // read by invocation 0 alone, below
                }
                barrier();  // wait until the tile sum's shared memory is free for the next
            }
        }
        if (gl_LocalInvocationIndex == 0u) {
#if WINDOW_BY_SUBGROUPS
            if (!anySilent) {
                prefix = sum + prefix;
            } else
#endif
            {
                for (uint l = 0u; l <= last; ++l) prefix = windowValue[l] + prefix;
            }
#if LOOKBACK_COUNTERS
            uint polls = 0u;
            for (uint l = 0u; l <= last; ++l)
                COUNT(countedFallbacks, windowState[l] == SILENT ? 1u : 0u);
            for (uint l = 0u; l < width; ++l) polls = max(polls, windowPolls[l]);
            COUNT(countedPolls, polls);
            COUNT(countedSteps, last + 1u);
#endif
        }
        if (windowState[last] == INCLUSIVE) return prefix;
        end -= width;
        barrier();  // wait until everyone has read the window before the next overwrites it
    }
    return carry + prefix;
}
#endif

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

    // 2. Load the tile and sum it: the work group's scan of the invocations' sums gives the
    // tile's aggregate, and each invocation's start within the tile.
    Quad quads[ITEMS];
    loadTileQuads(rowTile, quads);
    VALUE sum = VALUE(0);
    for (uint item = 0u; item < ITEMS; ++item) sum += total(quads[item]);
    VALUE aggregate;
    VALUE before = workGroupExclusiveScan(sum, aggregate);

#if TILES_ALONE
    // The bench's baseline (SinglePassOptions::tilesAlone): each tile scanned as if it were
    // the row's first, with no look-back and nothing published, so that the bench can tell
    // what the pass costs apart from its work groups talking to each other. The output is
    // each tile's own scan, not the row's.
    VALUE tilePrefix = VALUE(0);
#else
    // 3. Publish the aggregate at once, before the tile's own scan, so that the tiles after
    // this one need not wait for this one's look-back; the chunk's first tile knows its
    // inclusive prefix already.
    VALUE carry = chunk == 0u ? VALUE(0) : carries[chunk - 1u];
    if (gl_LocalInvocationIndex == 0u && publishes) {
        if (tile == 0u) publishInclusive(0u, carry + aggregate);
        else publish(tile, AGGREGATE, aggregate);
    }

    // 4. Look back for what the tiles before this one add up to, then publish the inclusive
    // prefix. The chunk's last tile also leaves it for the next chunk.
#if LOOKBACK_WINDOW == 0
    VALUE prefix = carry;
    if (gl_LocalInvocationIndex == 0u && tile > 0u) prefix = lookBackSerial(tile, carry);
#else
    VALUE prefix = lookBackWindow(tile, carry);  // the whole work group; invocation 0's counts
#endif
    if (gl_LocalInvocationIndex == 0u) {
        if (publishes && tile > 0u) publishInclusive(tile, prefix + aggregate);
        if (tile == gl_NumWorkGroups.x - 1u) carries[chunk] = prefix + aggregate;
        sharedPrefix = prefix;
#if LOOKBACK_COUNTERS
        lookBackCounts[3u * rowTile] = countedSteps;
        lookBackCounts[3u * rowTile + 1u] = countedPolls;
        lookBackCounts[3u * rowTile + 2u] = countedFallbacks;
#endif
    }
    barrier();  // wait for the look-back
    VALUE tilePrefix = sharedPrefix;
#endif
    before += tilePrefix;

    // 5. Scan the tile's quads, each after the ones before it, and write them.
    for (uint item = 0u; item < ITEMS; ++item) {
        Quad scanned = exclusive ? exclusiveScan(quads[item]) : inclusiveScan(quads[item]);
        VALUE quadTotal = total(quads[item]);
        quads[item] = plus(before, scanned);
        before += quadTotal;
    }
    storeTileQuads(rowTile, quads, false);
}
