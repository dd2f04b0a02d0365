#version 430
// XPBD by Jacobi iteration with averaging: one invocation per point computes the corrections
// of all its springs from the positions as they were (each spring twice, once from each end),
// and moves the point by jacobiWeight times their mean, into the other buffer. Every point
// sees the same old positions, so corrections do not build on each other as with colouring.
#ifndef LOCAL_SIZE
#define LOCAL_SIZE 16
#endif
layout(local_size_x = LOCAL_SIZE, local_size_y = LOCAL_SIZE) in;

layout(std430, binding = 0) readonly buffer PositionsIn { vec4 positionsIn[]; };
layout(std430, binding = 2) writeonly buffer PositionsOut { vec4 positionsOut[]; };
layout(std430, binding = 4) readonly buffer RestLengths { float restLengths[]; };
layout(std430, binding = 7) readonly buffer Starts { vec4 starts[]; };

#include "cloth.glsl"

void main() {
    ivec2 point = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(point, grid))) return;  // the last groups' overhang
    int i = indexOf(point), count = grid.x * grid.y;
    vec4 self = positionsIn[i];
    vec3 start = starts[i].xyz, sum = vec3(0.0);
    int springs = 0;
    for (int k = 0; k < 6; ++k) {
        for (int side = 1; side >= -1; side -= 2) {  // the spring ahead, then the one behind
            ivec2 neighbour = point + side * kOffsets[k];
            if (!inGrid(neighbour)) continue;
            int j = indexOf(neighbour);
            vec4 other = positionsIn[j];
            float restLength = restLengths[k * count + (side > 0 ? i : j)];
            sum -= self.w * xpbdCorrection(self.xyz, start, self.w, other.xyz, starts[j].xyz,
                                           other.w, restLength);
            ++springs;
        }
    }
    // Every point of a grid of at least 2 x 2 has three springs or more.
    positionsOut[i] = vec4(self.xyz + (jacobiWeight / float(springs)) * sum, self.w);
}
