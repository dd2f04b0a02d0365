#version 430
// interpret=reduce, one round (thesis §5.3): the pyramid's top is the best entry left. At
// level 0, this pass records it as maximum number `found` and zeroes the scores of its
// suppress x suppress neighbourhood; at each level above, the same pass recomputes the
// entries above that neighbourhood, so the top is again the best entry left. Only those
// entries: a window of at most (suppress - 1) / 2^level + 2 entries a side, whatever the size
// of the space. The window is dispatched twice (z): for Hough's accumulator the neighbourhood
// wraps from the last angle to the first, where d changes sign (wrapRows), and then covers a
// second rectangle. Nothing is read back: the position comes from the pyramid itself.
layout(local_size_x = 8, local_size_y = 8) in;

#include "pyramid.glsl"

layout(std430, binding = 1) buffer Maxima { uint maxima[]; };  // indices; ~0u: none left

uniform int level;        // 0: record and zero; above: recompute
uniform uint found;       // the round
uniform int topOffset;    // where the top of the pyramid is
uniform ivec2 baseSize;   // level 0's size: the entries'
uniform int offset;       // where this level starts
uniform ivec2 size;       // its size
uniform int belowOffset;  // the level below (level > 0)
uniform ivec2 belowSize;
uniform int suppress;
uniform bool wrapRows;

// The rectangles (x0, y0, x1, y1, inclusive, in level 0) of the neighbourhood of `centre`:
// the part inside the space, and where rows wrap, the part that wrapped round with its
// columns mirrored (d -> -d). Returns how many.
int neighbourhood(ivec2 centre, out ivec4 rects[2]) {
    int rows = wrapRows ? min(suppress, baseSize.y) : suppress;
    ivec2 low = centre - ivec2(suppress, rows) / 2;
    ivec2 high = low + ivec2(suppress, rows) - 1;
    rects[0] = ivec4(max(low, ivec2(0)), min(high, baseSize - 1));
    rects[1] = ivec4(0, 0, -1, -1);
    if (!wrapRows || (low.y >= 0 && high.y < baseSize.y)) return 1;
    int x0 = max(baseSize.x - 1 - high.x, 0), x1 = min(baseSize.x - 1 - low.x, baseSize.x - 1);
    if (low.y < 0) rects[1] = ivec4(x0, low.y + baseSize.y, x1, baseSize.y - 1);
    else rects[1] = ivec4(x0, 0, x1, high.y - baseSize.y);
    return 2;
}

void main() {
    // The top before this round: level 0's pass reads it before any of its writes matter
    // (the top is never in level 0); the levels above read what level 0 recorded.
    uint index;
    if (level == 0) {
        uvec2 top = pyramid[topOffset];
        index = top.x == 0u ? 0xFFFFFFFFu : top.y;
        if (gl_GlobalInvocationID == uvec3(0u)) maxima[found] = index;
    } else {
        index = maxima[found];
    }
    if (index == 0xFFFFFFFFu) return;  // nothing left: nothing to zero or recompute
    ivec4 rects[2];
    int count = neighbourhood(ivec2(int(index) % baseSize.x, int(index) / baseSize.x), rects);
    if (int(gl_GlobalInvocationID.z) >= count) return;
    ivec4 rect = rects[gl_GlobalInvocationID.z];
    if (rect.z < rect.x || rect.w < rect.y) return;
    ivec2 at = (rect.xy >> level) + ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThan(at, rect.zw >> level))) return;  // past the window at this level
    int i = offset + at.y * size.x + at.x;
    if (level == 0) pyramid[i].x = 0u;
    else pyramid[i] = bestBelow(at, belowOffset, belowSize);
}
