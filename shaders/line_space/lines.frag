#version 430
in float lineRank;
out vec4 color;

void main() {
    // The best lines bright green, the last ones sky blue: both stand out on warm colours.
    // The overlay's legend repeats both (samples/line_space/draw.cpp): change them together.
    color = vec4(mix(vec3(0.2, 1.0, 0.2), vec3(0.1, 0.6, 1.0), lineRank), 1.0);
}
