#version 430
// The springs solver, by gathering: one invocation per point adds up the forces of its up to
// twelve springs, each computed from this end (so every spring is computed twice, once from
// each end), then moves the point. It reads one pair of buffers and writes the other: every
// invocation reads its neighbours as they were before the substep, whichever work group got
// there first. A barrier() before writing back into the same buffer would not do: it waits
// for the invocations of one work group only, while the neighbours at a group's edge belong
// to other groups, which may already have moved them, or may not.
#ifndef LOCAL_SIZE
#define LOCAL_SIZE 16
#endif
layout(local_size_x = LOCAL_SIZE, local_size_y = LOCAL_SIZE) in;

layout(std430, binding = 0) readonly buffer PositionsIn { vec4 positionsIn[]; };
layout(std430, binding = 1) readonly buffer VelocitiesIn { vec4 velocitiesIn[]; };
layout(std430, binding = 2) writeonly buffer PositionsOut { vec4 positionsOut[]; };
layout(std430, binding = 3) writeonly buffer VelocitiesOut { vec4 velocitiesOut[]; };
layout(std430, binding = 4) readonly buffer RestLengths { float restLengths[]; };
layout(std430, binding = 5) readonly buffer Normals { vec4 normals[]; };

#include "cloth.glsl"

void main() {
    ivec2 point = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(point, grid))) return;  // the last groups' overhang
    int i = indexOf(point), count = grid.x * grid.y;
    vec4 self = positionsIn[i];
    vec3 x = self.xyz, v = velocitiesIn[i].xyz;
    if (self.w == 0.0) {  // pinned
        positionsOut[i] = self;
        velocitiesOut[i] = vec4(0.0);
        return;
    }
    vec3 force = vec3(0.0);
    for (int k = 0; k < 6; ++k) {
        for (int side = 1; side >= -1; side -= 2) {  // the spring ahead, then the one behind
            ivec2 neighbour = point + side * kOffsets[k];
            if (!inGrid(neighbour)) continue;
            int j = indexOf(neighbour);
            // A spring's rest length is kept with the point it starts from.
            float restLength = restLengths[k * count + (side > 0 ? i : j)];
            force += springForce(x, v, positionsIn[j].xyz, velocitiesIn[j].xyz, restLength);
        }
    }
    integrate(x, v, self.w, force, normals[i].xyz);
    positionsOut[i] = vec4(x, self.w);
    velocitiesOut[i] = vec4(v, 0.0);
}
