#version 430
// Per point, what the overlay sums up (with cs::GpuReduce): kinetic energy, the squared
// relative stretch of the springs the point owns and how many they are, and whether the
// point is still a finite number (explicit springs blow up past their stable time step).
#ifndef LOCAL_SIZE
#define LOCAL_SIZE 16
#endif
layout(local_size_x = LOCAL_SIZE, local_size_y = LOCAL_SIZE) in;

layout(std430, binding = 0) readonly buffer Positions { vec4 positions[]; };
layout(std430, binding = 1) readonly buffer Velocities { vec4 velocities[]; };
layout(std430, binding = 4) readonly buffer RestLengths { float restLengths[]; };
// At 2, where gather and Jacobi bind the other positions: the GL need only offer 8 points,
// and the cloth has 10 buffers (the table in samples/cloth/main.cpp).
layout(std430, binding = 2) writeonly buffer Diagnostics { vec4 diagnostics[]; };

#include "cloth.glsl"

// The health check: whether a point is still a finite number. Explicit springs blow up past
// their stable time step, and then positions and velocities overflow to infinity and turn
// into NaN. By the bits, not isnan()/isinf(): a GL need not produce or detect NaNs in
// arithmetic.
bool isFinite(vec3 v) {
    uvec3 exponent = floatBitsToUint(v) & 0x7F800000u;
    return all(notEqual(exponent, uvec3(0x7F800000u)));
}

void main() {
    ivec2 point = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(point, grid))) return;  // the last groups' overhang
    int i = indexOf(point), count = grid.x * grid.y;
    vec4 self = positions[i];
    vec3 v = velocities[i].xyz;
    if (!isFinite(self.xyz) || !isFinite(v)) {
        diagnostics[i] = vec4(0.0, 0.0, 0.0, 1.0);
        return;
    }
    float kinetic = self.w > 0.0 ? 0.5 * dot(v, v) / self.w : 0.0;
    float stretch = 0.0, springs = 0.0;
    for (int k = 0; k < 6; ++k) {
        ivec2 ahead = point + kOffsets[k];
        float restLength = restLengths[k * count + i];
        if (!inGrid(ahead) || restLength == 0.0) continue;
        vec3 other = positions[indexOf(ahead)].xyz;
        if (!isFinite(other)) continue;  // counted where it is
        float strain = (length(other - self.xyz) - restLength) / restLength;
        stretch += strain * strain;
        springs += 1.0;
    }
    diagnostics[i] = vec4(kinetic, stretch, springs, 0.0);
}
