// Shared by the histopyramid's build and traversal (src/compute/histopyramid.h), and by what
// draws its levels (the compaction sample's atlas.comp). Level 0, the base, is the caller's
// flags: one cell per element, 0 or 1. Level L holds one cell per 2x2 block of level L - 1 in
// Z (Morton) order: the children of cell j are cells 4j, 4j + 1, 4j + 2 and 4j + 3, the
// article's (0,0), (+1,0), (0,+1), (+1,+1). Laid out in Morton order, the base cell at (x, y)
// is element x0 y0 x1 y1 ... of the flags (bits interleaved), so a 2x2 block is four
// consecutive elements and the pyramid is a tree of fours over the index. Levels 1 to `top`
// lie one after another in `levels`; the top has one cell: the count.
//
// PARTIAL_SUMS 0: a cell holds the sum of its four children (histopyramid).
// PARTIAL_SUMS 1: a cell holds the running sums of its four children a, b, c, d as
//   uvec4(a, a + b, a + b + c, a + b + c + d), its total in .w (histopyramid_vec4; in the
//   article's texture channels .a, .b, .g, .r).
#ifndef PARTIAL_SUMS
#define PARTIAL_SUMS 0
#endif

layout(std430, binding = 0) readonly buffer Flags { uint flags[]; };
#if PARTIAL_SUMS
layout(std430, binding = 1) buffer Levels { uvec4 levels[]; };
#else
layout(std430, binding = 1) buffer Levels { uint levels[]; };
#endif

// Per level 0 to 16: where it starts in `levels` (in cells; level 0 is `flags`) and how many
// cells it has. Children past the end of a level (of a base that is not a power of four)
// are empty.
uniform uint levelOffset[17];
uniform uint levelCells[17];

// The sum held by cell `cell` of level `level`, zero past the level's end.
uint cellTotal(uint level, uint cell) {
    if (cell >= levelCells[level]) return 0u;
    if (level == 0u) return flags[cell];
#if PARTIAL_SUMS
    return levels[levelOffset[level] + cell].w;
#else
    return levels[levelOffset[level] + cell];
#endif
}
