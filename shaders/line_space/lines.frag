#version 430
in float lineRank;
out vec4 color;

void main() {
    // The best lines bright yellow, the last ones orange-red.
    color = vec4(mix(vec3(1.0, 0.95, 0.2), vec3(1.0, 0.35, 0.1), lineRank), 1.0);
}
