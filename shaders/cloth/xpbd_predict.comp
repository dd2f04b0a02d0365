#version 430
// XPBD, first pass of a substep: remember where each point starts, and move it as gravity and
// the air alone would. The constraint passes then pull the points back together.
#ifndef LOCAL_SIZE
#define LOCAL_SIZE 16
#endif
layout(local_size_x = LOCAL_SIZE, local_size_y = LOCAL_SIZE) in;

layout(std430, binding = 0) buffer Positions { vec4 positions[]; };
layout(std430, binding = 1) buffer Velocities { vec4 velocities[]; };
layout(std430, binding = 5) readonly buffer Normals { vec4 normals[]; };
layout(std430, binding = 7) writeonly buffer Starts { vec4 starts[]; };

#include "cloth.glsl"

void main() {
    ivec2 point = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(point, grid))) return;  // the last groups' overhang
    int i = indexOf(point);
    vec4 self = positions[i];
    vec3 v = velocities[i].xyz;
    starts[i] = self;
    if (self.w == 0.0) {  // pinned
        v = vec3(0.0);
    } else {
        v += h * externalAcceleration(v, normals[i].xyz);
        positions[i] = vec4(self.xyz + h * v, self.w);
    }
    velocities[i] = vec4(v, 0.0);
}
