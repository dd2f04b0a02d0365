// Where particles are born: a small disc near the top of the box, above the sphere's path,
// with random velocities spraying downwards. Random numbers come from a hash of (seed,
// particle, step), nested so that the three inputs do not cancel out, so a run is the same
// every time and no state needs storing.

const vec3 kEmitterCenter = vec3(0.0, 0.85, 0.0);
const float kEmitterRadius = 0.15;

uint hash(uint x) {  // a PCG-style integer hash
    x = x * 747796405u + 2891336453u;
    uint word = ((x >> ((x >> 28u) + 4u)) ^ x) * 277803737u;
    return (word >> 22u) ^ word;
}

float random01(inout uint state) {
    state = hash(state);
    return float(state >> 8) * (1.0 / 16777216.0);  // 24 random bits in [0, 1)
}

Particle emit(uint index, float age) {
    uint state = hash(seed ^ hash(index ^ hash(step)));
    float angle = 6.2831853 * random01(state);
    float radius = kEmitterRadius * sqrt(random01(state));  // uniform over the disc
    Particle p;
    p.position = vec4(kEmitterCenter + radius * vec3(cos(angle), 0.0, sin(angle)), age);
    p.velocity = vec4(0.8 * (random01(state) - 0.5), -0.5 * random01(state),
                      0.6 * (random01(state) - 0.5), 0.0);
    return p;
}
