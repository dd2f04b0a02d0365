#version 430
// Normals for drawing and for the air: per point, the sum of the cross products of the edges
// to its neighbours in turn, +x then +y, +y then -x, -x then -y, -y then +x (those that
// exist), normalised. For a flat grid it points to the side from which +x turns to +y
// counter-clockwise: the side that sees the triangles (i, i + 1, i + 1 + width)
// counter-clockwise, which GL draws as front faces.
#ifndef LOCAL_SIZE
#define LOCAL_SIZE 16
#endif
layout(local_size_x = LOCAL_SIZE, local_size_y = LOCAL_SIZE) in;

layout(std430, binding = 0) readonly buffer Positions { vec4 positions[]; };
layout(std430, binding = 5) writeonly buffer Normals { vec4 normals[]; };

#include "cloth.glsl"

const ivec2 kAround[4] = ivec2[4](ivec2(1, 0), ivec2(0, 1), ivec2(-1, 0), ivec2(0, -1));

void main() {
    ivec2 point = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(point, grid))) return;  // the last groups' overhang
    vec3 x = positions[indexOf(point)].xyz, n = vec3(0.0);
    for (int e = 0; e < 4; ++e) {
        ivec2 p = point + kAround[e], q = point + kAround[(e + 1) % 4];
        if (inGrid(p) && inGrid(q))
            n += cross(positions[indexOf(p)].xyz - x, positions[indexOf(q)].xyz - x);
    }
    float len = length(n);
    normals[indexOf(point)] = vec4(len > 0.0 ? n / len : vec3(0.0), 0.0);
}
