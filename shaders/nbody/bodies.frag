#version 430
// A soft round point. The sample blends additively (ONE, ONE), so where many bodies
// overlap the light adds up, like stars in a cluster.
in vec3 color;

#include "sprites.glsl"

out vec4 fragColor;

void main() {
    vec2 fromCentre = gl_PointCoord * 2.0 - 1.0;
    float r2 = dot(fromCentre, fromCentre);
    if (r2 > 1.0) discard;
    float falloff = exp(-4.0 * r2);
    fragColor = vec4(color * (brightness * falloff), 1.0);
}
