#version 430
// The compacted voxels as cubes, one instance each, drawn with glDrawArraysIndirect: the
// instance count is the count the compaction wrote. Attributes 0 and 1 are the cube's 36
// corners and normals; attributes 2 and 3 advance once per instance (divisor 1): the voxel's
// index, straight from the compaction's output, and its place in the compacted order, which
// voxels.comp wrote.
layout(location = 0) in vec3 corner;  // in [-1, 1]
layout(location = 1) in vec3 normal;
layout(location = 2) in uint index;   // x + nx * (y + ny * z)
layout(location = 3) in float order;  // 0 to 1 (an unorm32)

uniform ivec3 size;  // voxels along x, y, z
uniform vec3 box;    // the half extent of the volume in the view
uniform mat4 viewProjection;

out vec3 faceNormal;
out float place;

void main() {
    uint x = index % uint(size.x), rest = index / uint(size.x);
    vec3 voxel = vec3(uvec3(x, rest % uint(size.y), rest / uint(size.y)));
    vec3 halfVoxel = box / vec3(size);
    vec3 centre = (voxel + 0.5) * 2.0 * halfVoxel - box;
    gl_Position = viewProjection * vec4(centre + corner * halfVoxel, 1.0);
    faceNormal = normal;
    place = order;
}
