#version 430
// The diagnostics' sums: one work group adds up the per-body energies and momenta that
// diagnostics.comp wrote, into the two totals the overlay reads a frame or more late.
// diagnostics.comp visits every pair of bodies; one pass of one group over every body once
// costs nothing beside it.
layout(local_size_x = 128) in;

// One vec4 per body, as many as there are bodies (the sample sizes both buffers so).
layout(std430, binding = 0) readonly buffer Energies { vec4 energies[]; };
layout(std430, binding = 1) readonly buffer Momenta { vec4 momenta[]; };
// struct Totals in samples/nbody/overlay.h.
layout(std430, binding = 2) writeonly buffer Totals {
    vec4 energy;
    vec4 momentum;
};

shared vec4 energyShares[128];
shared vec4 momentumShares[128];

void main() {
    uint lane = gl_LocalInvocationID.x;
    // Each invocation sums every 128th body, from its own on.
    vec4 energySum = vec4(0.0), momentumSum = vec4(0.0);
    for (uint i = lane; i < uint(energies.length()); i += 128u) {
        energySum += energies[i];
        momentumSum += momenta[i];
    }
    energyShares[lane] = energySum;
    momentumShares[lane] = momentumSum;
    // Then the 128 sums pairwise, halving the invocations that add each round.
    for (uint width = 64u; width > 0u; width /= 2u) {
        barrier();  // wait until the round before has written every share this one reads
        if (lane < width) {
            energyShares[lane] += energyShares[lane + width];
            momentumShares[lane] += momentumShares[lane + width];
        }
    }
    if (lane == 0u) {  // the last round's sum is its own

        energy = energyShares[0];
        momentum = momentumShares[0];
    }
}
