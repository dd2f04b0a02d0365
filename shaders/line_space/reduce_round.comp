#version 430
// interpret=reduce, one round (thesis §5.3): the pyramid's top is the best entry left. At
// level 0, this pass records it as maximum number `found`, with its entry, and zeroes the
// scores of its suppress x suppress neighbourhood; at each level above, the same pass
// recomputes the entries above the ones zeroed, so that the top is again the best entry left.
// Only those: suppress^2 invocations a level, whatever the size of the space. Nothing is read
// back: the position comes from the pyramid itself.
layout(local_size_x = 8, local_size_y = 8) in;

#include "line_space.glsl"  // the border points' neighbourhood: layoutPair(), pairEntry()
#include "pyramid.glsl"     // the pyramid and the parameters (ReadOut)

layout(binding = 0, rgba32ui) readonly uniform uimage2D entries;
layout(std430, binding = 1) buffer Maxima { uint maxima[]; };  // indices; ~0u: none left
layout(std430, binding = 2) writeonly buffer Chosen { uvec4 chosen[]; };  // their entries

// This dispatch's: x the round (which maximum it finds), y the level (0: record and zero;
// above: recompute). One uniform, set before each dispatch.
uniform ivec2 roundLevel;

// Entry number `at` (offsets 0 .. suppress - 1 a side) of the neighbourhood of `centre`, as
// an index into level 0, or -1 (samples/line_space/geometry.h, neighbour(), says the same):
// a rectangle of the texture; for Hough the same with the rows wrapping round, where d
// changes sign; for the line space, the lines whose border points lie within suppress / 2
// of the centre's, round the border, so across the edges of the layout's blocks too.
int neighbour(ivec2 centre, ivec2 at) {
    if (neighbourhood == 2) {
        int k = 2 * (borderImage.x + borderImage.y) - 4, p, q;
        if (!layoutPair(borderImage, centre, p, q)) return -1;
        // % of a negative number is undefined in GLSL: whole turns of the border first.
        int turns = k * (suppress / k + 1);
        int p2 = (p + at.x - suppress / 2 + turns) % k;
        int q2 = (q + at.y - suppress / 2 + turns) % k;
        if (p2 == q2) return -1;
        ivec2 entry = pairEntry(borderImage, p2, q2);
        return entry.x < 0 ? -1 : entry.y * spaceSize.x + entry.x;
    }
    bool wrap = neighbourhood == 1;
    int rows = wrap ? min(suppress, spaceSize.y) : suppress;
    if (at.y >= rows) return -1;
    ivec2 entry = centre + at - ivec2(suppress, rows) / 2;
    if (wrap && (entry.y < 0 || entry.y >= spaceSize.y)) {
        entry.y = entry.y < 0 ? entry.y + spaceSize.y : entry.y - spaceSize.y;
        entry.x = spaceSize.x - 1 - entry.x;
    }
    if (any(lessThan(entry, ivec2(0))) || any(greaterThanEqual(entry, spaceSize))) return -1;
    return entry.y * spaceSize.x + entry.x;
}

void main() {
    ivec2 at = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(at, ivec2(suppress)))) return;  // the last groups' overhang
    uint found = uint(roundLevel.x);
    int level = roundLevel.y;
    // The maximum: level 0's pass reads the top before any of its writes matter (the top is
    // never in level 0) and records it, with its entry for the read-back; the levels above
    // read the record.
    uint index;
    if (level == 0) {
        uvec2 top = pyramid[topOffset()];
        index = top.x == 0u ? 0xFFFFFFFFu : top.y;
        if (at == ivec2(0)) {
            maxima[found] = index;
            ivec2 place = ivec2(int(index) % spaceSize.x, int(index) / spaceSize.x);
            chosen[found] = index == 0xFFFFFFFFu ? uvec4(0u) : imageLoad(entries, place);
        }
    } else {
        index = maxima[found];
    }
    if (index == 0xFFFFFFFFu) return;  // nothing left: nothing to zero or recompute
    int entry = neighbour(ivec2(int(index) % spaceSize.x, int(index) / spaceSize.x), at);
    if (entry < 0) return;
    if (level == 0) {
        pyramid[entry].x = 0u;
        return;
    }
    // The entry above it at this level. Neighbours that share it recompute it alike, from the
    // level below, which this dispatch does not write: the same value, whichever lands last.
    ivec2 above = ivec2(entry % spaceSize.x, entry / spaceSize.x) >> level;
    pyramid[levelOffset(level) + above.y * levelSize(level).x + above.x] =
        bestBelow(above, levelOffset(level - 1), levelSize(level - 1));
}
