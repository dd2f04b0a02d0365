#version 430
// XPBD, last pass of a substep: the velocity is how far the point moved in the substep over
// its length, and the collisions put points that ended inside the sphere or below the ground
// back on its surface (after the velocity, so the push out adds no speed).
#ifndef LOCAL_SIZE
#define LOCAL_SIZE 16
#endif
layout(local_size_x = LOCAL_SIZE, local_size_y = LOCAL_SIZE) in;

layout(std430, binding = 0) buffer Positions { vec4 positions[]; };
layout(std430, binding = 1) writeonly buffer Velocities { vec4 velocities[]; };
layout(std430, binding = 7) readonly buffer Starts { vec4 starts[]; };

#include "cloth.glsl"

void main() {
    ivec2 point = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(point, grid))) return;  // the last groups' overhang
    int i = indexOf(point);
    vec4 self = positions[i];
    if (self.w == 0.0) {  // pinned
        velocities[i] = vec4(0.0);
        return;
    }
    vec3 x = self.xyz, v = (x - starts[i].xyz) / h;
    collide(x, v);
    positions[i] = vec4(x, self.w);
    velocities[i] = vec4(v, 0.0);
}
