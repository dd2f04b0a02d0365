#version 430
// The fragment reader: a full-screen pass over the scene just drawn, in which each invocation
// reads the count of its own pixel, written by the quads' fragment shaders one draw before.
// It reads nothing any other pixel wrote, which is why glMemoryBarrierByRegion is enough
// before it (main.cpp). The tint is blended over the scene: a pixel shaded once keeps its
// colour, and each extra time it was shaded makes it redder, up to 8 extra.
layout(binding = 0, r32ui) uniform readonly uimage2D counts;

out vec4 tint;

void main() {
    const uint count = imageLoad(counts, ivec2(gl_FragCoord.xy)).r;
    const float extra = clamp(float(count) - 1.0, 0.0, 8.0) / 8.0;
    tint = vec4(1.0, 0.1, 0.0, 0.85 * extra);
}
