// What all_pairs.comp and grid.comp share: the four rules of OpenGL SuperBible, 6th ed.,
// ch. 10 (Listings 10.9-10.16), and the step that turns them into the next state. The two
// kernels differ only in which members each one visits, and in where rule 4's centre comes
// from (all_pairs.comp sums it in its own loop, as the book does).
#include "boid.glsl"

// The step's parameters, one std140 block mirrored by struct Step in
// samples/flocking/boids.h: main.cpp writes it when a value changes and binds it before the
// update. The members named as parameters are the parameters themselves (--set, the overlay).
layout(std140, binding = 0) uniform Step {
    float radius;               // rule 2 acts closer than it; 0: every member (the book)
    float separation_distance;  // rule 1 acts closer than it
    float separation_weight;
    float alignment_weight;
    float goal_weight;
    float cohesion_weight;
    float dt;
    float max_speed;
    float smoothing;
    uint count;  // members
};
uniform vec3 goal;  // where rule 3 steers: it moves every step, so a uniform per dispatch

// The step writes the other half of the double-buffered state (main.cpp swaps the halves):
// the members, the planes' frames for the draw, and the positions once more as vec4s
// (w: |position|²), which the grid's reduction sums for rule 4 and the view before its next
// step.
layout(std430, binding = 1) writeonly buffer BoidsOut { Boid boidsOut[]; };
layout(std430, binding = 2) writeonly buffer FramesOut { Frame framesOut[]; };
layout(std430, binding = 3) writeonly buffer PositionsOut { vec4 positionsOut[]; };

// Rule 2's reach, squared; for radius 0 (every member, as the book) the largest float.
float reachSq() {
    return radius > 0.0 ? radius * radius : uintBitsToFloat(0x7F7FFFFFu);
}

// Rules 1 and 2 for one member `them`, added into the two sums; each rule's weight is
// applied once, to its sum, in finishStep. With d = me - them:
//   rule 1, separation: d itself, for each member closer than separation_distance (the raw
//           offset: not normalised, not weighted by distance);
//   rule 2, alignment:  (them.velocity - me.velocity) / (d.d + 10), for each member within
//           reach; the + 10 keeps the step stable where members nearly touch.
// A member's own term is exactly zero (d = 0, the same velocity), so the loops need no test
// to skip it. The reaches' squares are the same for every pair: a compiler computes them
// once, outside the loop. 19 FLOPs: 3 (d) + 5 (d.d) + 3 (velocity difference) + 1 (+ 10) + 4
// (the division, as one reciprocal and three multiplies) + 3 (sum); rule 1 adds 3 for the
// few members within the separation distance.
void addNeighbour(Boid me, Boid them, inout vec3 separation, inout vec3 alignment) {
    vec3 d = me.position - them.position;
    float distanceSq = dot(d, d);
    if (distanceSq < separation_distance * separation_distance) separation += d;
    if (distanceSq < reachSq()) alignment += (them.velocity - me.velocity) / (distanceSq + 10.0);
}

// Rules 3 and 4, and the step, for member i (its index in the state, however the kernel
// found it); `centre` is the mean position of all members, me included. directionOf() is
// the book's normalize(), kept finite where a vector has no direction (direction.glsl).
void finishStep(uint i, Boid me, vec3 separation, vec3 alignment, vec3 centre) {
    vec3 acceleration = separation * separation_weight                      // rule 1
                        + alignment * alignment_weight                      // rule 2
                        + directionOf(goal - me.position) * goal_weight     // rule 3
                        + directionOf(centre - me.position) * cohesion_weight;  // rule 4
    Boid next;
    next.position = me.position + me.velocity * dt;  // 1. with the old velocity
    vec3 velocity = me.velocity + acceleration * dt;  // 2.
    if (length(velocity) > max_speed) velocity = directionOf(velocity) * max_speed;  // 3.
    next.velocity = mix(me.velocity, velocity, smoothing);                           // 4.

    boidsOut[i] = next;
    framesOut[i] = frameFor(next.velocity);
    positionsOut[i] = vec4(next.position, dot(next.position, next.position));
}
