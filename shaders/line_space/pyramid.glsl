// The max pyramid the interpretations search (thesis §5.3; samples/line_space/passes.cpp):
// level 0 holds every entry's (score, index), index = y * width + x in the entries; each
// further level halves both sides, rounding up, and holds the best of each 2 x 2 block of the
// level below. Best means the higher score, and of equal scores the lower index: one total
// order, so the top is the same single entry whatever shape the tree has, and the CPU
// reference finds it with a plain loop. Where a side is odd, the last block is 1 wide and its
// missing entries count as nothing, the same as padding the level with zeros up to the next
// power of two, whose entries never win and are never reported.
layout(std430, binding = 0) buffer Pyramid { uvec2 pyramid[]; };

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
