// The flock's health check, for the step (step.glsl): whether a step made a member's position
// or velocity inf or NaN. Positions and velocities near the float limit overflow; the step
// goes on, and the sample fails the run when it ends, naming the step (main.cpp, finish).

// The first step that made a value inf or NaN; 0xFFFFFFFF while none has.
layout(std430, binding = 7) buffer Health { uint firstNonFiniteStep; };

uniform uint stepNumber;  // 1 for the first step

// Whether all three are finite numbers: inf and NaN have every exponent bit set. Tested on
// the bits, because a compiler may assume there are no NaNs and fold isnan() to false.
bool isFinite(vec3 v) {
    uvec3 exponent = (floatBitsToUint(v) >> 23) & 0xFFu;
    return all(notEqual(exponent, uvec3(0xFFu)));
}

// Marks this step in Health where the member it wrote is not finite.
void checkHealth(vec3 position, vec3 velocity) {
    if (!isFinite(position) || !isFinite(velocity)) atomicMin(firstNonFiniteStep, stepNumber);
}
