#version 430
// One opaque quad per instance: its four corners come from gl_VertexID (a triangle strip),
// its rectangle, depth and colour from per-instance attributes (overdraw/quads.h, Quad).
// The rectangle's edges lie on integer pixel boundaries, so that no pixel centre (at .5) lies
// on an edge: the set of pixels a quad covers is exact, and the CPU reference can count it.
layout(location = 0) in vec4 rect;    // x0, y0, x1, y1 in pixels, origin at the bottom left
layout(location = 1) in float depth;  // window depth in (0, 1), smaller is nearer
layout(location = 2) in vec4 colour;  // RGBA8, normalised

uniform vec2 frameSize;  // pixels

flat out vec4 quadColour;

// The depth prepass and the counting pass are two programs that share this shader: the
// prepass writes the depths that the counting pass then tests with GL_EQUAL, which needs
// both to compute gl_Position identically. Only `invariant` promises that across programs.
invariant gl_Position;

void main() {
    const vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1);  // (0,0) (1,0) (0,1) (1,1)
    const vec2 pixel = mix(rect.xy, rect.zw, corner);
    // Pixels to clip space; the viewport maps it back to the same pixels. z: window depth
    // d = z * 0.5 + 0.5 with the default glDepthRange(0, 1).
    gl_Position = vec4(pixel / frameSize * 2.0 - 1.0, depth * 2.0 - 1.0, 1.0);
    quadColour = colour;
}
