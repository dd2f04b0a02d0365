#version 430
// One simulation step per invocation and particle: age, respawn, integrate, collide.
#ifndef LOCAL_SIZE
#define LOCAL_SIZE 256
#endif
layout(local_size_x = LOCAL_SIZE) in;

// Mirrors struct Particle in samples/particles/main.cpp (std430: two vec4s, 32 bytes).
struct Particle {
    vec4 position;  // xyz, and w = age in seconds (negative: waiting to be emitted)
    vec4 velocity;  // xyz; w unused
};
layout(std430, binding = 0) buffer Particles { Particle particles[]; };

uniform uint count;  // the particles the dispatch was sized for
uniform float dt;
uniform vec3 gravity;
uniform int integrator;  // 0 explicit Euler, 1 semi-implicit Euler, 2 velocity Verlet
uniform float restitution;
uniform vec3 sphereCenter;    // where the sphere is at the end of this step
uniform vec3 sphereVelocity;
uniform float sphereRadius;
uniform float lifetime;  // seconds before a particle is emitted again; 0 = never
uniform uint step;       // step counter and seed make each respawn's random numbers unique
uniform uint seed;

#include "emitter.glsl"

void integrate(inout vec3 x, inout vec3 v) {
    if (integrator == 0) {  // explicit Euler: position from the old velocity
        x += v * dt;
        v += gravity * dt;
    } else if (integrator == 1) {  // semi-implicit (symplectic) Euler: from the new one
        v += gravity * dt;
        x += v * dt;
    } else {  // velocity Verlet: exact for a constant acceleration such as gravity
        x += v * dt + 0.5 * gravity * dt * dt;
        v += gravity * dt;
    }
}

// The box [-1, 1]^3: a particle past a wall is put back on it, moving away. One wall pair
// per axis, each written out on its named component: a loop that wrote x[axis] and v[axis]
// in place by a variable index is the kind of code a GPU driver has miscompiled (see
// shaders/compute/scan_common.glsl), and plain code leaves a compiler nothing to get wrong.
void collideWithWalls(inout float x, inout float v) {
    if (abs(x) > 1.0) {
        x = sign(x);
        if (v * x > 0.0) v *= -restitution;
    }
}
void collideWithBox(inout vec3 x, inout vec3 v) {
    collideWithWalls(x.x, v.x);
    collideWithWalls(x.y, v.y);
    collideWithWalls(x.z, v.z);
}

// A particle inside the sphere goes to the nearest point of its surface; if it moves into
// the sphere, the normal part of its velocity relative to the sphere is reflected and
// scaled by the restitution. Checked last, so no step ends inside the sphere.
void collideWithSphere(inout vec3 x, inout vec3 v) {
    vec3 offset = x - sphereCenter;
    float distance = length(offset);
    if (distance >= sphereRadius) return;
    vec3 normal = distance > 0.0 ? offset / distance : vec3(0.0, 1.0, 0.0);
    x = sphereCenter + normal * sphereRadius;
    vec3 relative = v - sphereVelocity;
    float approach = dot(relative, normal);
    if (approach < 0.0) v = sphereVelocity + relative - (1.0 + restitution) * approach * normal;
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= count) return;  // the last group's overhang

    Particle p = particles[i];
    float age = p.position.w + dt;
    if (age < 0.0) {  // still waiting for its turn
        particles[i].position.w = age;
        return;
    }
    if (p.position.w < 0.0) p = emit(i, age);  // born in this step
    else if (lifetime > 0.0 && age >= lifetime) p = emit(i, age - lifetime);  // born again
    else p.position.w = age;

    vec3 x = p.position.xyz, v = p.velocity.xyz;
    integrate(x, v);
    collideWithBox(x, v);
    collideWithSphere(x, v);
    particles[i] = Particle(vec4(x, p.position.w), vec4(v, 0.0));
}
