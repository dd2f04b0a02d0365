#version 430
out vec4 fragColor;

void main() {
    vec2 p = gl_PointCoord * 2.0 - 1.0;
    if (dot(p, p) > 1.0) discard;
    fragColor = vec4(1.0, 0.85, 0.2, 1.0);
}
