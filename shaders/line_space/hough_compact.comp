#version 430
// Hough, step 1 (thesis §5.2): the edge pixels as a list, so that the vote runs over edges
// only, not over every pixel. Each edge pixel takes the next free place with an atomic
// counter; the order of the list varies from run to run, which the votes, being sums, do not
// mind.
layout(local_size_x = 16, local_size_y = 16) in;

#include "hough.glsl"  // the parameters (Hough)

layout(binding = 0, rgba8) readonly uniform image2D edges;
layout(binding = 0, offset = 0) uniform atomic_uint edgeCount;  // zero before the dispatch
layout(std430, binding = 0) writeonly buffer EdgeList { uint edgeList[]; };  // x | y << 16

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, imageExtent))) return;  // the last groups' overhang
    if (imageLoad(edges, pixel).r > 0.5)
        edgeList[atomicCounterIncrement(edgeCount)] = uint(pixel.x) | uint(pixel.y) << 16;
}
