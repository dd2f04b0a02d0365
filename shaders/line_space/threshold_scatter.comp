#version 430
// interpret=threshold (thesis §5.3): the entries scoring at least `threshold`, compacted into
// keys and values for cs::GpuSort, in the order of their index. Run twice: first with `flags`,
// writing a 1 for each entry kept, which the framework's scan then sums up (inclusive); then
// scattering each kept entry to its place, its sum minus one. A scan rather than an atomic
// counter, so that the list, and so the order of equal scores after the stable sort, is the
// same on every run.
layout(local_size_x = 64) in;
#include "linear_item.glsl"

#include "pyramid.glsl"

layout(std430, binding = 1) writeonly buffer Keys { uint keys[]; };
layout(std430, binding = 2) writeonly buffer Values { uint values[]; };
layout(std430, binding = 3) buffer Places { uint places[]; };

uniform bool flags;  // this dispatch writes the flags, before the scan; otherwise it scatters

void main() {
    uint count = uint(spaceSize.x * spaceSize.y);  // entries
    uint i = linearItem();  // rows of work groups past the GL's limit along x
    if (i >= count) return;  // the last group's overhang
    uvec2 entry = pyramid[i];  // level 0: (score, index = i)
    bool kept = entry.x >= uint(threshold);
    if (flags) {
        places[i] = kept ? 1u : 0u;
    } else if (kept) {
        uint at = places[i] - 1u;
        keys[at] = 0xFFFFu - min(entry.x, 0xFFFFu);
        values[at] = entry.y;
    }
}
