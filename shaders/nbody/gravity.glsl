// The body-body interaction shared by the step kernels and the diagnostics pass, and the
// parameters they read.
//
// Softened gravity (Plummer softening): body j pulls body i with acceleration
//     a_ij = G m_j r_ij / (|r_ij|^2 + eps^2)^(3/2),   r_ij = x_j - x_i.
// eps^2 > 0 keeps close encounters finite, and makes a body's pull on itself exactly zero
// (r_ii = 0), so the loops need no `j != i` test.

// The parameters: one std140 block, mirrored by struct Gravity in samples/nbody/bodies.h,
// uploaded when a value in it changes and bound before every dispatch that reads it.
layout(std140, binding = 0) uniform Gravity {
    uint count;       // the bodies
    float softening;  // eps^2
    float gravity;    // the gravitational constant G
};

// Adds the pull of `other` (xyz = position, w = mass) on a body at `position` to
// `acceleration`, without the factor G (applied once to the whole sum). 20 FLOPs by the
// usual count: 3 (difference) + 6 (squared distance + eps^2) + 4 (inverse cube: the
// reciprocal square root counted as 2, then 2 multiplies) + 1 (mass) + 6 (multiply-add).
vec3 addPull(vec3 position, vec4 other, vec3 acceleration) {
    vec3 r = other.xyz - position;
    float distSqr = dot(r, r) + softening;
    float invDist = inversesqrt(distSqr);
    float invDistCube = invDist * invDist * invDist;
    return acceleration + r * (other.w * invDistCube);
}
