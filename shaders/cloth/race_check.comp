#version 430
// After a scatter, before the integration: every spring added 1 to the w of both its ends'
// sums, so a point's w must equal its number of springs. Whatever is missing was lost to the
// race; counted with atomicAdd, which is exact where the scatter's plain += is not.
#ifndef LOCAL_SIZE
#define LOCAL_SIZE 16
#endif
layout(local_size_x = LOCAL_SIZE, local_size_y = LOCAL_SIZE) in;

layout(std430, binding = 6) readonly buffer Forces { vec4 forces[]; };
// At 7, where XPBD binds the starts: the GL need only offer 8 points, and the cloth has 10
// buffers (the table in samples/cloth/main.cpp).
layout(std430, binding = 7) buffer Lost {
    uint lostPoints;     // points with fewer springs added than they have
    uint lostSpringEnds; // additions missing in all
};

#include "cloth.glsl"

void main() {
    ivec2 point = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(point, grid))) return;  // the last groups' overhang
    int springs = 0;
    for (int k = 0; k < 6; ++k) {
        if (inGrid(point + kOffsets[k])) ++springs;
        if (inGrid(point - kOffsets[k])) ++springs;
    }
    int added = int(forces[indexOf(point)].w);
    if (added < springs) {
        atomicAdd(lostPoints, 1u);
        atomicAdd(lostSpringEnds, uint(springs - added));
    }
}
