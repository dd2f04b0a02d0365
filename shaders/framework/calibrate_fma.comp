#version 430
// Roofline calibration: the simplest compute-bound kernel. Eight independent vec4 chains
// (32 scalar chains) of fused multiply-adds keep the arithmetic units busy without waiting
// on each other. The inner loop's fixed count lets the compiler unroll it, so the outer
// loop's counter and branch cost one issue slot per 128 FMAs, not one per 32. One write at
// the end stops the compiler from removing the work.
layout(local_size_x = 256) in;

layout(std430, binding = 0) writeonly buffer Sink { float sink[]; };

uniform int iterations;  // of the outer loop: 4 x 32 FMAs each

void main() {
    float seed = float(gl_GlobalInvocationID.x) * 1e-6;
    vec4 a0 = vec4(seed), a1 = a0 + 0.1, a2 = a0 + 0.2, a3 = a0 + 0.3;
    vec4 a4 = a0 + 0.4, a5 = a0 + 0.5, a6 = a0 + 0.6, a7 = a0 + 0.7;
    // x = x * m + c converges to c / (1 - m) = 1, so values stay finite for any count.
    const vec4 m = vec4(0.999), c = vec4(0.001);
    for (int i = 0; i < iterations; ++i) {
        for (int k = 0; k < 4; ++k) {
            a0 = fma(a0, m, c); a1 = fma(a1, m, c); a2 = fma(a2, m, c); a3 = fma(a3, m, c);
            a4 = fma(a4, m, c); a5 = fma(a5, m, c); a6 = fma(a6, m, c); a7 = fma(a7, m, c);
        }
    }
    vec4 sum = ((a0 + a1) + (a2 + a3)) + ((a4 + a5) + (a6 + a7));
    sink[gl_GlobalInvocationID.x] = dot(sum, vec4(1.0));
}
