#version 430
in vec3 normal;
out vec4 fragColor;

uniform vec3 color;
uniform bool lit;

void main() {
    float light = lit ? 0.25 + 0.75 * max(dot(normalize(normal), normalize(vec3(0.4, 0.8, 0.5))), 0.0)
                      : 1.0;
    fragColor = vec4(color * light, 1.0);
}
