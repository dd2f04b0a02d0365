#version 430
// For the overlay: how many of the grid's bins hold members, and how many the fullest holds.
// One invocation per bin; only the bins with members touch the two counters.
layout(local_size_x = 256) in;

layout(std430, binding = 6) readonly buffer BinStarts { uint binStarts[]; };
layout(std430, binding = 7) buffer Occupancy {
    uint usedBins;
    uint largestBin;
};

uniform uint count;  // bins

void main() {
    uint bin = gl_GlobalInvocationID.x;
    if (bin >= count) return;  // the last group's overhang
    uint members = binStarts[bin + 1u] - binStarts[bin];
    if (members == 0u) return;
    atomicAdd(usedBins, 1u);
    atomicMax(largestBin, members);
}
