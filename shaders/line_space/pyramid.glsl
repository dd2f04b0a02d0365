// The max pyramid the interpretations search (thesis §5.3; samples/line_space/passes.cpp):
// level 0 holds every entry's (score, index), index = y * width + x in the entries; each
// further level halves both sides, rounding up, and holds the best of each 2 x 2 block of the
// level below. Best means the higher score, and of equal scores the lower index: one total
// order, so the top is the same single entry whatever shape the tree has, and the CPU
// reference finds it with a plain loop. Where a side is odd, the last block is 1 wide and its
// missing entries count as nothing, the same as padding the level with zeros up to the next
// power of two, whose entries never win and are never reported.
layout(std430, binding = 0) buffer Pyramid { uvec2 pyramid[]; };

// The read-out passes' parameters: one uniform buffer (passes.h, ReadOutBlock), bound before
// each dispatch. suppress, threshold and prereduce are the parameters themselves, named as
// --set names them; the rest follows from the space and the method.
layout(std140, binding = 3) uniform ReadOut {
    ivec2 spaceSize;    // the entries': the pyramid's level 0
    ivec2 borderImage;  // reduce by border points: the image whose border the entries pair
    int levelCount;     // the pyramid's levels; the last, the top, is a single entry
    int suppress;       // reduce: the side of the neighbourhood zeroed round each maximum
    int neighbourhood;  // reduce: 0 rectangle, 1 Hough's wrapping angles, 2 border points
    int threshold;      // threshold: the least score kept
    int prereduce;      // sort: the level sorted, after that many 2 x 2 reductions
    uint layoutGaps;    // space view: 1 for the line space, whose layout leaves entries empty
    ivec4 levels[32];   // each level's start in the pyramid (x) and its size (y, z)
};

int levelOffset(int level) { return levels[level].x; }
ivec2 levelSize(int level) { return levels[level].yz; }
int topOffset() { return levels[levelCount - 1].x; }

bool better(uvec2 a, uvec2 b) { return a.x > b.x || (a.x == b.x && a.y < b.y); }

// The best of the 2 x 2 block below entry `at` of a level, from the level below it, which
// starts at `belowOffset` in the pyramid and is `belowSize` large.
uvec2 bestBelow(ivec2 at, int belowOffset, ivec2 belowSize) {
    uvec2 best = uvec2(0u, 0xFFFFFFFFu);
    for (int dy = 0; dy < 2; ++dy)
        for (int dx = 0; dx < 2; ++dx) {
            ivec2 below = 2 * at + ivec2(dx, dy);
            if (all(lessThan(below, belowSize))) {
                uvec2 candidate = pyramid[belowOffset + below.y * belowSize.x + below.x];
                if (better(candidate, best)) best = candidate;
            }
        }
    return best;
}
