#version 430
// Each cube's colour is its place in the compacted order (blue first, orange last), lit by
// one light from above.
in vec3 faceNormal;
in float place;
out vec4 color;

void main() {
    vec3 ramp = mix(vec3(0.15, 0.35, 0.95), vec3(0.95, 0.55, 0.10), place);
    float light = 0.35 + 0.65 * max(dot(faceNormal, normalize(vec3(0.4, 0.8, 0.5))), 0.0);
    color = vec4(ramp * light, 1.0);
}
