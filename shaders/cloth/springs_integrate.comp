#version 430
// After the scatter: each point moves by the force its springs added up, in place (it reads
// and writes only its own entries), and leaves its sum at zero for the next substep.
#ifndef LOCAL_SIZE
#define LOCAL_SIZE 16
#endif
layout(local_size_x = LOCAL_SIZE, local_size_y = LOCAL_SIZE) in;

layout(std430, binding = 0) buffer Positions { vec4 positions[]; };
layout(std430, binding = 1) buffer Velocities { vec4 velocities[]; };
layout(std430, binding = 5) readonly buffer Normals { vec4 normals[]; };
layout(std430, binding = 6) buffer Forces { vec4 forces[]; };

#include "cloth.glsl"

void main() {
    ivec2 point = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(point, grid))) return;  // the last groups' overhang
    int i = indexOf(point);
    vec4 self = positions[i];
    vec3 x = self.xyz, v = velocities[i].xyz;
    if (self.w == 0.0) {  // pinned
        v = vec3(0.0);
    } else {
        integrate(x, v, self.w, forces[i].xyz, normals[i].xyz);
    }
    positions[i] = vec4(x, self.w);
    velocities[i] = vec4(v, 0.0);
    forces[i] = vec4(0.0);
}
