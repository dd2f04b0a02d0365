#version 430
in vec3 color;
out vec4 fragColor;

void main() {
    // gl_PointCoord runs over the square sprite; keep the disc and shade it like a ball.
    vec2 p = gl_PointCoord * 2.0 - 1.0;
    float r2 = dot(p, p);
    if (r2 > 1.0) discard;
    float light = 0.55 + 0.45 * sqrt(1.0 - r2);
    fragColor = vec4(color * light, 1.0);
}
