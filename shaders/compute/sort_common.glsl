// Shared by the radix sort's two kernels (src/compute/sort.cpp): the tile a work group owns,
// and the digit a pass sorts by. A tile is GROUP_SIZE invocations, each owning ITEMS
// consecutive elements; the C++ side defines both, the defaults let the files compile alone.
#ifndef GROUP_SIZE
#define GROUP_SIZE 64
#endif
#ifndef ITEMS
#define ITEMS 16
#endif
#define TILE (GROUP_SIZE * ITEMS)
#define RADIX 16u  // 4 bits per pass

layout(local_size_x = GROUP_SIZE) in;

layout(std430, binding = 0) readonly buffer KeysIn { uint keysIn[]; };
// Digit-major: counts[digit * tiles + tile], so that one exclusive scan over the whole array
// turns them into where each tile's keys of each digit go.
layout(std430, binding = 4) buffer DigitCounts { uint digitCounts[]; };

uniform uint count;  // elements to sort
uniform uint tiles;  // tiles that cover them: the work groups dispatched
uniform uint shift;  // this pass sorts by bits shift .. shift + 3

uint digitOf(uint key) { return (key >> shift) & (RADIX - 1u); }

// The element number `item` (0 to ITEMS - 1) of this invocation: consecutive elements, so
// that the scatter can rank each invocation's keys in their order.
uint elementOf(uint item) {
    return gl_WorkGroupID.x * uint(TILE) + gl_LocalInvocationIndex * uint(ITEMS) + item;
}
