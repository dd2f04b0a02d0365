// What naive.comp and tiled.comp share: the buffers, and what a step does once a body's
// acceleration is known. The two kernels differ only in how they sum the pulls.
#include "gravity.glsl"

// Positions and velocities are double-buffered: every invocation reads the positions of
// all bodies at step n while each writes its own body's position at step n+1, so the two
// must be different buffers. One vec4 per body: xyz + mass, and xyz + unused w.
layout(std430, binding = 0) readonly buffer PositionsIn { vec4 positionsIn[]; };
layout(std430, binding = 1) readonly buffer VelocitiesIn { vec4 velocitiesIn[]; };
layout(std430, binding = 2) writeonly buffer PositionsOut { vec4 positionsOut[]; };
layout(std430, binding = 3) writeonly buffer VelocitiesOut { vec4 velocitiesOut[]; };

// Leapfrog, kick-drift-kick, with the closing half kick of one step merged into the
// opening half kick of the next (both use the same acceleration a(x_n)):
//   v += a * (closeKick + openKick);  x += v * drift
// As (closeKick, openKick, drift): a step is (dt_prev/2, dt/2, dt); the first step after
// synchronized velocities is (0, dt/2, dt); synchronizing the velocities with the
// positions is (dt_prev/2, 0, 0). Set per dispatch, so a uniform beside the block.
uniform vec3 leapfrog;  // (closeKick, openKick, drift)

void finishStep(uint i, vec4 body, vec3 pullSum) {
    float closeKick = leapfrog.x, openKick = leapfrog.y, drift = leapfrog.z;
    vec3 acceleration = gravity * pullSum;
    vec3 velocity = velocitiesIn[i].xyz + acceleration * (closeKick + openKick);
    velocitiesOut[i] = vec4(velocity, 0.0);
    positionsOut[i] = vec4(body.xyz + velocity * drift, body.w);
}
