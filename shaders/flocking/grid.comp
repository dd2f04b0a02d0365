#version 430
// The flock's step with the neighbour grid: the same rules as all_pairs.comp, but a member
// visits only the members in its own cell and the 26 around it. The cells are at least as
// wide as rules 1 and 2 reach, so no member within reach is missed. One invocation per
// member in sorted order: the members of a cell lie next to each other in `sorted`, and
// neighbouring invocations visit the same cells.
layout(local_size_x = 256) in;

#include "step.glsl"
#include "grid.glsl"

layout(std430, binding = 0) readonly buffer SortedBoids { Boid sorted[]; };
layout(std430, binding = 5) readonly buffer Order { uint order[]; };  // sorted -> member
layout(std430, binding = 6) readonly buffer BinStarts { uint binStarts[]; };
// The sums of this step's input positions (xyz; w: of their squared lengths), which the
// grid's reduction (cs::GpuReduce) wrote: the grid visits only neighbours, not the whole
// flock that rule 4's centre needs.
layout(std430, binding = 4) readonly buffer Centre { vec4 positionSum; };

// A part of a step (all_pairs.comp says why): the work groups from firstGroup on.
uniform uint firstGroup;

void main() {
    uint p = (firstGroup + gl_WorkGroupID.x) * gl_WorkGroupSize.x + gl_LocalInvocationID.x;
    if (p >= count) return;  // the last group's overhang (no barrier() below)

    Boid me = sorted[p];
    ivec3 home = cellOf(me.position);
    vec3 separation = vec3(0.0), alignment = vec3(0.0);
    uint visited[27];
    for (int n = 0; n < 27; ++n) {
        uint bin = binOf(home + ivec3(n % 3, (n / 3) % 3, n / 9) - 1);
        // Two of the 27 cells may hash to the same bin: visit it once, or its members would
        // count twice. (Members of other cells that share a bin are out of reach, and the
        // rules' distance tests leave them out.)
        bool seen = false;
        for (int m = 0; m < n; ++m) seen = seen || visited[m] == bin;
        visited[n] = bin;
        if (seen) continue;
        for (uint k = binStarts[bin]; k < binStarts[bin + 1u]; ++k)
            addNeighbour(me, sorted[k], separation, alignment);
    }
    finishStep(order[p], me, separation, alignment, positionSum.xyz / float(count));
}
