// The cloth's health check, for the diagnostics pass: whether a point is still a finite
// number. Explicit springs blow up past their stable time step, and then positions and
// velocities overflow to infinity and turn into NaN.

// By the bits, not isnan()/isinf(): a GL need not produce or detect NaNs in arithmetic.
bool isFinite(vec3 v) {
    uvec3 exponent = floatBitsToUint(v) & 0x7F800000u;
    return all(notEqual(exponent, uvec3(0x7F800000u)));
}
