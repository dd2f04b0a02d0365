#version 430
// For the uniform-block tests: a std140 block whose members a C++ mirror must match. The
// pass copies every member out, so that the test reads back what the GPU saw.
layout(local_size_x = 1) in;
layout(std140, binding = 0) uniform Step {
    float dt;
    int substeps;
    vec4 gravity;  // std140: at offset 16, after 8 bytes of padding
    float stiffness;
    uint count;
    float weights[2];  // std140: each element on a 16-byte stride, from offset 48
};
layout(std430, binding = 0) writeonly buffer Seen { float seen[8]; };
void main() {
    seen[0] = dt;
    seen[1] = float(substeps);
    seen[2] = gravity.y;
    seen[3] = stiffness;
    seen[4] = float(count);
    seen[5] = weights[1];
}
