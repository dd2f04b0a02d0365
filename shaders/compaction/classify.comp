#version 430
// The active set, as flags for the compaction: 1 for an element that is kept, else 0.
//   above:   value >= threshold
//   surface: value >= threshold and at least one of its 6 neighbours in the volume below it,
//            the voxels a marching-cubes pass would visit. A neighbour outside the volume
//            does not count: a volume wholly above the threshold has no surface.
layout(local_size_x = 8, local_size_y = 8, local_size_z = 4) in;

layout(std430, binding = 0) readonly buffer Field { float field[]; };
layout(std430, binding = 1) writeonly buffer Flags { uint flags[]; };

// The volume's block, shared with metaballs.comp (main.cpp mirrors it as Volume and checks it
// against both programs as linked).
layout(std140, binding = 0) uniform Volume {
    ivec3 size;       // voxels along x, y, z
    float time;       // metaballs.comp's
    float threshold;  // kept: at or above it
    uint surface;     // 1: select=surface, 0: select=above
};

uint at(ivec3 v) { return uint(v.x) + uint(size.x) * (uint(v.y) + uint(size.y) * uint(v.z)); }

// Whether the neighbour at voxel + step lies in the volume and below the threshold.
bool belowAt(ivec3 voxel, ivec3 step) {
    ivec3 n = voxel + step;
    if (any(lessThan(n, ivec3(0))) || any(greaterThanEqual(n, size))) return false;
    return field[at(n)] < threshold;
}

void main() {
    ivec3 voxel = ivec3(gl_GlobalInvocationID);
    if (any(greaterThanEqual(voxel, size))) return;  // the last groups' overhang
    bool kept = field[at(voxel)] >= threshold;
    if (kept && surface != 0u)
        kept = belowAt(voxel, ivec3(-1, 0, 0)) || belowAt(voxel, ivec3(1, 0, 0)) ||
                 belowAt(voxel, ivec3(0, -1, 0)) || belowAt(voxel, ivec3(0, 1, 0)) ||
                 belowAt(voxel, ivec3(0, 0, -1)) || belowAt(voxel, ivec3(0, 0, 1));
    flags[at(voxel)] = kept ? 1u : 0u;
}
