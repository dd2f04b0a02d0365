#version 430
// XPBD by graph colouring (Gauss-Seidel): one invocation per spring of one colour corrects
// both of its ends in place. The springs of a colour share no point, so no two invocations
// write the same point, and the next colour, after the barrier, starts from positions this
// one already corrected: each correction sees the ones before it.
#ifndef LOCAL_SIZE
#define LOCAL_SIZE 16
#endif
layout(local_size_x = LOCAL_SIZE, local_size_y = LOCAL_SIZE) in;

layout(std430, binding = 0) buffer Positions { vec4 positions[]; };
layout(std430, binding = 4) readonly buffer RestLengths { float restLengths[]; };
layout(std430, binding = 7) readonly buffer Starts { vec4 starts[]; };

uniform int colour;  // 0 to 11

#include "cloth.glsl"

void main() {
    ivec2 id = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(id, colourExtent(colour)))) return;  // the last groups' overhang
    int k = colour / 2;
    ivec2 start = colourStart(id, colour), end = start + kOffsets[k];
    if (!inGrid(start) || !inGrid(end)) return;  // no such spring
    int a = indexOf(start), b = indexOf(end);
    vec4 pa = positions[a], pb = positions[b];
    vec3 s = xpbdCorrection(pa.xyz, starts[a].xyz, pa.w, pb.xyz, starts[b].xyz, pb.w,
                            restLengths[k * grid.x * grid.y + a]);
    positions[a] = vec4(pa.xyz - pa.w * s, pa.w);
    positions[b] = vec4(pb.xyz + pb.w * s, pb.w);
}
