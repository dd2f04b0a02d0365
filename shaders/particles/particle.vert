#version 430
// Particles are drawn straight from the simulation's buffer: it is bound as the vertex
// buffer, so attribute 0 is Particle::position and attribute 1 Particle::velocity.
layout(location = 0) in vec4 position;  // w = age; negative: not emitted yet
layout(location = 1) in vec4 velocity;

#include "view.glsl"

out vec3 color;

void main() {
    if (position.w < 0.0) {
        gl_Position = vec4(2.0, 2.0, 2.0, 1.0);  // outside the clip volume: not drawn
        gl_PointSize = 1.0;
        color = vec3(0.0);
        return;
    }
    vec4 viewPosition = view * vec4(position.xyz, 1.0);
    gl_Position = projection * viewPosition;
    gl_PointSize = clamp(pointScale / -viewPosition.z, 1.0, 32.0);
    // Slow particles are deep blue, fast ones orange (from 4 units/s). The overlay's legend
    // repeats these numbers (samples/particles/overlay.cpp): change both together.
    float speed = clamp(length(velocity.xyz) / 4.0, 0.0, 1.0);
    color = mix(vec3(0.15, 0.35, 1.0), vec3(1.0, 0.55, 0.1), speed);
}
