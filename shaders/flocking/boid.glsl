// The flock's records, and the planes' frames the step builds from them.

#include "direction.glsl"  // directionOf(v): normalize(v), safe at zero and near the float limit

// One member, as the buffers hold it. std430 aligns each vec3 to 16 bytes: a Boid is 32
// bytes with the velocity at byte 16 (samples/flocking/boids.h mirrors it with
// static_asserts, and the state file holds exactly these bytes).
struct Boid {
    vec3 position;
    vec3 velocity;
};

// A paper plane's axes, for the vertex shader: 48 bytes, each vec3 at its own 16.
struct Frame {
    vec3 side;
    vec3 up;
    vec3 forward;
};

// The axes of a plane flying along `velocity`, built once per member in the compute pass
// rather than once per vertex: forward along the flight, wings level (the side axis
// horizontal, perpendicular to +y), up completing a right-handed frame.
Frame frameFor(vec3 velocity) {
    Frame frame;
    frame.forward = directionOf(velocity);
    if (frame.forward == vec3(0.0)) frame.forward = vec3(0.0, 0.0, 1.0);  // at rest: face +z
    vec3 side = cross(vec3(0.0, 1.0, 0.0), frame.forward);
    // Flying straight up or down, no side is horizontal: take it from +z instead.
    if (dot(side, side) < 1e-6) side = cross(vec3(0.0, 0.0, 1.0), frame.forward);
    frame.side = directionOf(side);
    frame.up = cross(frame.forward, frame.side);
    return frame;
}
