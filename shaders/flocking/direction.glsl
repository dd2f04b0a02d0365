// The flock's guard against float's edges, beside the lesson: directionOf(v) is normalize(v)
// where v may have no direction or lie near the float limit. The step and the planes' frames
// call it where the book writes normalize().
//
// The unit vector along v, or zero where v has no direction. normalize(v) is v / length(v):
// 0 / 0 for a zero vector (a member exactly at the goal, or alone at the flock's centre),
// which is undefined and NaN on most GPUs. Here a rule with nothing to steer towards adds
// nothing. Components below 1e-30, which a GPU may flush to zero, count as no direction.
//
// v is first scaled so that its largest component lies in [0.5, 4): then dot() can neither
// overflow (normalize() may, past 1.8e19) nor underflow. The scale is an exact power of two,
// 2^-e with e the exponent of the largest component (frexp), applied by ldexp: a division
// would do, but GLSL promises a / b only for b up to 2^126, and GPU compilers turn it into
// a * (1 / b), which for b near 3e38 is a * 0 (1 / b is a denormal, flushed) and then
// inversesqrt(0). ldexp takes exponents down to -126 (GLSL 4.60, 8.3); the largest floats
// have e = 127 or 128, and scaled by 2^-126 land in [1, 4).
vec3 directionOf(vec3 v) {
    float largest = max(max(abs(v.x), abs(v.y)), abs(v.z));
    if (largest < 1e-30) return vec3(0.0);
    int e;
    frexp(largest, e);  // largest = m * 2^e, 0.5 <= m < 1; e from -99 to 128 here
    vec3 scaled = ldexp(v, ivec3(-min(e, 126)));
    return scaled * inversesqrt(dot(scaled, scaled));
}
