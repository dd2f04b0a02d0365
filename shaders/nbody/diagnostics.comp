#version 430
// Per-body energy and momentum, summed afterwards on the GPU (totals.comp), so only two vec4
// totals travel back to the CPU:
//   energies[i]  = (kinetic m v^2 / 2, potential m phi / 2, mass, 0)
//   momenta[i]   = (m v, m |v|)
// The potential energy of the system is the sum over pairs, -G m_i m_j / sqrt(r^2 + eps^2);
// summing m_i phi_i over bodies counts every pair twice, hence the half.
//
// The stored velocities lag half a step behind the positions (step_common.glsl), so this
// pass finishes the owed half kick on the fly, without writing it back:
//   v_n = v_(n-1/2) + a(x_n) * closeKick.
// Not performance-critical: a plain all-pairs loop.
layout(local_size_x = 128) in;

#include "gravity.glsl"

uniform float closeKick;  // the half kick the stored velocities still owe, per dispatch

layout(std430, binding = 0) readonly buffer Positions { vec4 positions[]; };
layout(std430, binding = 1) readonly buffer Velocities { vec4 velocities[]; };
layout(std430, binding = 2) writeonly buffer Energies { vec4 energies[]; };
layout(std430, binding = 3) writeonly buffer Momenta { vec4 momenta[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= count) return;  // the last group's overhang

    vec4 body = positions[i];
    vec3 pullSum = vec3(0.0);
    float phi = 0.0;  // sum of m_j / sqrt(r^2 + eps^2) over the other bodies
    for (uint j = 0; j < count; ++j) {
        vec4 other = positions[j];
        pullSum = addPull(body.xyz, other, pullSum);
        // A body's own potential is a constant m/eps, not physics: leave it out.
        if (j != i) {
            vec3 r = other.xyz - body.xyz;
            phi += other.w * inversesqrt(dot(r, r) + softening);
        }
    }
    float mass = body.w;
    vec3 velocity = velocities[i].xyz + gravity * pullSum * closeKick;
    energies[i] = vec4(0.5 * mass * dot(velocity, velocity), -0.5 * gravity * mass * phi, mass, 0.0);
    momenta[i] = vec4(mass * velocity, mass * length(velocity));
}
