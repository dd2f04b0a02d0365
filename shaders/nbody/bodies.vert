#version 430
// One point sprite per body, fed straight from the simulation's storage buffers: the
// sample binds the position and velocity buffers the compute pass wrote as vertex
// buffers, so nothing is copied (the step's barrier includes GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT).
layout(location = 0) in vec4 positionMass;  // xyz + mass
layout(location = 1) in vec4 velocity;      // xyz + unused

#include "sprites.glsl"

out vec3 color;

void main() {
    gl_Position = viewProjection * vec4(positionMass.xyz, 1.0);
    // Nearer bodies look bigger, within limits.
    gl_PointSize = clamp(pointSize * referenceDepth / gl_Position.w, 1.0, 4.0 * pointSize);
    float t = clamp(length(velocity.xyz) / speedScale, 0.0, 1.0);
    // Slow bodies blue, fast ones orange: the hot cores of clusters and galaxies glow. The
    // overlay's legend repeats the two colours (samples/nbody/overlay.cpp): change both together.
    color = mix(vec3(0.3, 0.5, 1.0), vec3(1.0, 0.6, 0.25), smoothstep(0.0, 1.0, t));
}
