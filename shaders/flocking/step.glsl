// What all_pairs.comp and grid.comp share: the four rules of OpenGL SuperBible, 6th ed.,
// ch. 10 (Listings 10.9-10.16), and the step that turns them into the next state. The two
// kernels differ only in which members each one visits.
#include "boid.glsl"
#include "health.glsl"  // checkHealth: a step that overflows float fails the run

// The step writes the other half of the double-buffered state (main.cpp swaps the halves):
// the members, the planes' frames for the draw, and the positions once more as vec4s, which
// the framework's reduction sums for rule 4 before the next step.
layout(std430, binding = 1) writeonly buffer BoidsOut { Boid boidsOut[]; };
layout(std430, binding = 2) writeonly buffer FramesOut { Frame framesOut[]; };
layout(std430, binding = 3) writeonly buffer PositionsOut { vec4 positionsOut[]; };
// The sum of this step's input positions (xyz; w: of their squared lengths), which
// cs::GpuReduce copied in.
layout(std430, binding = 4) readonly buffer Centre { vec4 positionSum; };

uniform uint count;          // members
uniform float separationSq;  // rule 1 acts closer than separation_distance: its square
uniform float reachSq;       // rule 2 acts closer than radius: its square, or the largest
                             // float for radius 0 (every member, as the book)
uniform float separationWeight, alignmentWeight, goalWeight, cohesionWeight;
uniform vec3 goal;
uniform float dt, maxSpeed, smoothing;

// Rules 1 and 2 for one member `them`, added into the two sums; each rule's weight is
// applied once, to its sum, in finishStep. With d = me - them:
//   rule 1, separation: d itself, for each member closer than separation_distance (the raw
//           offset: not normalised, not weighted by distance);
//   rule 2, alignment:  (them.velocity - me.velocity) / (d.d + 10), for each member within
//           reach; the + 10 keeps the step stable where members nearly touch.
// A member's own term is exactly zero (d = 0, the same velocity), so the loops need no test
// to skip it. 19 FLOPs: 3 (d) + 5 (d.d) + 3 (velocity difference) + 1 (+ 10) + 4 (the
// division, as one reciprocal and three multiplies) + 3 (sum); rule 1 adds 3 for the few
// members within the separation distance.
void addNeighbour(Boid me, Boid them, inout vec3 separation, inout vec3 alignment) {
    vec3 d = me.position - them.position;
    float distanceSq = dot(d, d);
    if (distanceSq < separationSq) separation += d;
    if (distanceSq < reachSq) alignment += (them.velocity - me.velocity) / (distanceSq + 10.0);
}

// Rules 3 and 4, and the step, for member i (its index in the state, however the kernel
// found it).
void finishStep(uint i, Boid me, vec3 separation, vec3 alignment) {
    vec3 centre = positionSum.xyz / float(count);  // the mean of all members, me included
    vec3 acceleration = separation * separationWeight                      // rule 1
                        + alignment * alignmentWeight                      // rule 2
                        + directionOf(goal - me.position) * goalWeight     // rule 3
                        + directionOf(centre - me.position) * cohesionWeight;  // rule 4
    Boid next;
    next.position = me.position + me.velocity * dt;  // 1. with the old velocity
    vec3 velocity = me.velocity + acceleration * dt;  // 2.
    if (length(velocity) > maxSpeed) velocity = directionOf(velocity) * maxSpeed;  // 3.
    next.velocity = mix(me.velocity, velocity, smoothing);                         // 4.

    boidsOut[i] = next;
    framesOut[i] = frameFor(next.velocity);
    // w: |position|², summed too, which gives the draw the flock's spread (plane.vert).
    positionsOut[i] = vec4(next.position, dot(next.position, next.position));
    checkHealth(next.position, next.velocity);
}
