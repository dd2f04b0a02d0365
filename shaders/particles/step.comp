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

// The parameters, one std140 block mirrored by struct Step in samples/particles/main.cpp:
// the sample writes the whole block once per frame (the sphere moves every frame) and binds
// it before the steps.
layout(std140, binding = 0) uniform Step {
    uint count;  // the particles the dispatch was sized for
    float dt;
    float gravity;   // downward acceleration
    int integrator;  // 0 explicit Euler, 1 semi-implicit Euler, 2 velocity Verlet, 3 RK4
    float drag;      // linear air drag, per second: the air takes drag * v off the velocity
    float restitution;
    float sphere_radius;
    float lifetime;   // seconds before a particle is emitted again; 0 = never
    uint seed;        // with the step counter, makes each respawn's random numbers unique
    uint firstStep;   // the step counter of the frame's first step
    // Where the sphere is at the end of each of the frame's steps, and how fast it moves
    // (xyz; std140 gives an array element 16 bytes, so a vec4 says what the buffer holds).
    vec4 sphereCenters[16];
    vec4 sphereVelocities[16];
};
uniform uint step;  // per dispatch: the step counter, from firstStep on

#include "emitter.glsl"

// Gravity and linear drag: the acceleration depends on the velocity only, not on where
// the particle is, so the integrators below need no positions between x and x + dx.
vec3 acceleration(vec3 v) {
    return vec3(0.0, -gravity, 0.0) - drag * v;
}

void integrate(inout vec3 x, inout vec3 v) {
    if (integrator == 0) {  // explicit Euler: position from the old velocity
        vec3 a = acceleration(v);
        x += v * dt;
        v += a * dt;
    } else if (integrator == 1) {  // semi-implicit (symplectic) Euler: from the new one
        v += acceleration(v) * dt;
        x += v * dt;
    } else if (integrator == 2) {  // velocity Verlet: exact for a constant acceleration
        vec3 a = acceleration(v);
        x += v * dt + 0.5 * a * dt * dt;
        // The end of the step's acceleration needs the end velocity, the one being computed
        // (with drag); the velocity an Euler step predicts keeps it second order.
        vec3 aEnd = acceleration(v + a * dt);
        v += 0.5 * (a + aEnd) * dt;
    } else {  // classical Runge-Kutta (RK4): four slopes across the step, weighted 1, 2, 2, 1
        vec3 v1 = v;  // at the start
        vec3 a1 = acceleration(v1);
        vec3 v2 = v + 0.5 * dt * a1;  // at the middle, from the first slope
        vec3 a2 = acceleration(v2);
        vec3 v3 = v + 0.5 * dt * a2;  // at the middle again, from the second
        vec3 a3 = acceleration(v3);
        vec3 v4 = v + dt * a3;  // at the end, from the third
        vec3 a4 = acceleration(v4);
        x += dt / 6.0 * (v1 + 2.0 * v2 + 2.0 * v3 + v4);
        v += dt / 6.0 * (a1 + 2.0 * a2 + 2.0 * a3 + a4);
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
    vec3 sphereCenter = sphereCenters[step - firstStep].xyz;
    vec3 sphereVelocity = sphereVelocities[step - firstStep].xyz;
    vec3 offset = x - sphereCenter;
    float distance = length(offset);
    if (distance >= sphere_radius) return;
    vec3 normal = distance > 0.0 ? offset / distance : vec3(0.0, 1.0, 0.0);
    x = sphereCenter + normal * sphere_radius;
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
    // Every integrator, RK4 too, moves the particle as if nothing were in the way, and the
    // walls and the sphere then act on where it ends: a bounce is a jump in velocity that no
    // smooth acceleration describes, so RK4's intermediate slopes never see one.
    integrate(x, v);
    collideWithBox(x, v);
    collideWithSphere(x, v);
    particles[i] = Particle(vec4(x, p.position.w), vec4(v, 0.0));
}
