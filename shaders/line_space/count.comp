#version 430
// The line space, plainly (thesis §5.1): one invocation per entry of the layout walks the line
// between its pair of border points and counts the edge pixels on it, reading every pixel from
// the edge bits in memory. count_tiled.comp does the same with shared memory.
layout(local_size_x = 16, local_size_y = 16) in;

#include "line_space.glsl"  // the parameters (LineSpace), the edge bits, the walk

layout(binding = 0, rgba32ui) writeonly uniform uimage2D lineSpace;

void main() {
    ivec2 entry = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(entry, size))) return;  // the last groups' overhang
    int p, q;
    uvec4 result = uvec4(0u);
    if (layoutPair(imageExtent, entry, p, q)) {
        ivec2 from = borderPoint(imageExtent, p), to = borderPoint(imageExtent, q);
        result.y = uint(p) | uint(q) << 16;
        if (scanned(imageExtent, from, to)) {
            Walk w = startWalk(from, to);
            Tally tally = noTally();
            while (!w.done) {
                visit(tally, w, edgeInMemory(w.pixel));
                advance(w);
            }
            result = lineSpaceEntry(tally, result.y);
        }
    }
    imageStore(lineSpace, entry, result);
}
