#version 430
// Step 1 of the pipeline, continued: shades the scene and writes two outputs, the colour
// and the view-space depth, each into its own texture of the framebuffer.
in vec3 worldPosition;
in vec3 worldNormal;
in vec3 viewPosition;
flat in vec3 albedo;

uniform int object;  // 0 ground, 1 spheres
uniform vec3 eye;    // camera position in world space
#ifndef SKY
#define SKY vec3(0.55, 0.62, 0.72)  // the clear colour, which distant ground fades into
#endif

layout(location = 0) out vec4 colour;
// Fix 1: depth goes to a float texture of its own (R32F), not into the colour's alpha.
// It is the distance in front of the camera, in world units, as the CoC wants it.
layout(location = 1) out float viewDepth;

// The running integral of a square wave that is +1 on [0, 1) and -1 on [1, 2).
float squareIntegral(float x) {
    return 1.0 - abs(mod(x, 2.0) - 1.0);
}

// The square wave averaged over a pixel's footprint [x - w/2, x + w/2].
float filteredSquare(float x, float w) {
    return (squareIntegral(x + 0.5 * w) - squareIntegral(x - 0.5 * w)) / w;
}

// A checkerboard of unit squares, box-filtered per pixel so that it fades to its mean
// instead of aliasing into moire patterns in the distance.
float checker(vec2 p) {
    vec2 w = max(fwidth(p), vec2(1e-3));
    return 0.5 + 0.5 * filteredSquare(p.x, w.x) * filteredSquare(p.y, w.y);
}

void main() {
    const vec3 toLight = normalize(vec3(-0.4, 0.8, 0.45));
    vec3 n = normalize(worldNormal);
    vec3 toEye = normalize(eye - worldPosition);

    vec3 base = albedo;
    if (object == 0) base = mix(vec3(0.3, 0.29, 0.27), vec3(0.74, 0.72, 0.68), checker(worldPosition.xz));
    float diffuse = max(dot(n, toLight), 0.0);
    float specular = object == 0 ? 0.0 : pow(max(dot(reflect(-toLight, n), toEye), 0.0), 40.0);
    vec3 lit = base * (0.3 + 0.7 * diffuse) + 0.35 * specular;

    float distance = length(eye - worldPosition);
    colour = vec4(mix(lit, SKY, smoothstep(40.0, 140.0, distance)), 1.0);
    viewDepth = -viewPosition.z;  // GL's camera looks down -z
}
