#version 430
// The default volume: metaballs. Each ball adds radius^2 / distance^2 to the field, so the
// field is 1 on the surface of a lone ball and the surfaces of near balls melt together. The
// balls swing on Lissajous paths with `time`; coordinates run from 0 to 1 along each axis.
layout(local_size_x = 8, local_size_y = 8, local_size_z = 4) in;

layout(std430, binding = 0) writeonly buffer Field { float field[]; };

// The volume's block, shared with classify.comp (main.cpp mirrors it as Volume and checks it
// against both programs as linked).
layout(std140, binding = 0) uniform Volume {
    ivec3 size;       // voxels along x, y, z
    float time;       // seconds
    float threshold;  // classify.comp's
    uint surface;
};

const int kBalls = 5;
const vec3 kSpeeds[kBalls] = vec3[](vec3(0.31, 0.47, 0.23), vec3(0.52, 0.29, 0.41),
                                    vec3(0.37, 0.61, 0.33), vec3(0.27, 0.35, 0.57),
                                    vec3(0.45, 0.25, 0.39));
const vec3 kPhases[kBalls] = vec3[](vec3(0.0, 1.3, 2.1), vec3(2.7, 0.4, 1.1),
                                    vec3(1.9, 2.8, 0.2), vec3(0.9, 2.2, 3.0),
                                    vec3(3.4, 1.7, 0.8));
const float kRadii[kBalls] = float[](0.10, 0.08, 0.09, 0.07, 0.075);

void main() {
    ivec3 voxel = ivec3(gl_GlobalInvocationID);
    if (any(greaterThanEqual(voxel, size))) return;  // the last groups' overhang
    vec3 p = (vec3(voxel) + 0.5) / vec3(size);
    float value = 0.0;
    for (int i = 0; i < kBalls; ++i) {
        vec3 centre = 0.5 + 0.3 * sin(kSpeeds[i] * time * 2.0 + kPhases[i]);
        vec3 d = p - centre;
        value += kRadii[i] * kRadii[i] / max(dot(d, d), 1e-6);
    }
    field[voxel.x + size.x * (voxel.y + size.y * voxel.z)] = value;
}
