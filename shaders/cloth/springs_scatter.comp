#version 430
// The springs solver, by scattering: one invocation per spring computes its force once and
// adds it to both ends' sums in a shared buffer. Adding is a read, an add and a write, so two
// invocations that add to the same point at once can both read the old sum, and one of the
// two additions is lost. Graph colouring prevents it: the springs of one colour share no
// point, so one dispatch per colour has no two invocations writing the same sum, and the
// glMemoryBarrier between dispatches orders the colours.
//
// colour = -1 is the naive scatter, every spring in one dispatch, on purpose: invocations
// x = 6 * column + direction, so the six springs a point owns sit side by side, in the same
// SIMD batch on every GPU and on llvmpipe, and all add to that point in the same instruction.
// The forces' w counts the springs added to each point, which shows how many were lost.
#ifndef LOCAL_SIZE
#define LOCAL_SIZE 16
#endif
layout(local_size_x = LOCAL_SIZE, local_size_y = LOCAL_SIZE) in;

layout(std430, binding = 0) readonly buffer Positions { vec4 positions[]; };
layout(std430, binding = 1) readonly buffer Velocities { vec4 velocities[]; };
layout(std430, binding = 4) readonly buffer RestLengths { float restLengths[]; };
layout(std430, binding = 6) buffer Forces { vec4 forces[]; };  // xyz = sum, w = springs added

uniform int colour;  // 0 to 11, or -1: every spring at once, racing

#include "cloth.glsl"

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    ivec2 size = colour < 0 ? ivec2(6 * grid.x, grid.y) : colourExtent(colour);
    if (any(greaterThanEqual(id, size))) return;  // the last groups' overhang
    ivec2 start;
    int k;
    if (colour < 0) {
        start = ivec2(id.x / 6, id.y);
        k = id.x % 6;
    } else {
        start = colourStart(id, colour);
        k = colour / 2;
    }
    ivec2 end = start + kOffsets[k];
    if (!inGrid(start) || !inGrid(end)) return;  // no such spring
    int a = indexOf(start), b = indexOf(end);
    vec3 f = springForce(positions[a].xyz, velocities[a].xyz, positions[b].xyz,
                         velocities[b].xyz, restLengths[k * grid.x * grid.y + a]);
    forces[a] += vec4(f, 1.0);
    forces[b] += vec4(-f, 1.0);
}
