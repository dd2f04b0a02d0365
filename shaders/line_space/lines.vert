#version 430
// The detected lines drawn over a picture, each segment as a quad of two triangles 3 pixels
// wide (a core profile draws GL_LINES 1 pixel wide, which left the picture looking empty).
// Endpoints are in the picture's pixels, bottom row first (pixel centres at whole numbers),
// mapped into the rectangle it is drawn in; each vertex knows the segment's other end, and
// which edge of the quad it is on.
layout(location = 0) in vec2 endpoint;
layout(location = 1) in vec2 otherEnd;
layout(location = 2) in float side;  // +1 or -1: the edge of the quad, across the segment
layout(location = 3) in float rank;  // 0 for the best line, 1 for the last

uniform vec4 rectNdc;  // x0, y0, x1, y1 of the picture on screen
uniform vec2 pixels;   // the picture's width and height in pixels
uniform vec2 target;   // the frame target's width and height in pixels

out float lineRank;

const float kHalfWidth = 1.5;  // pixels on the screen

vec2 toNdc(vec2 p) { return mix(rectNdc.xy, rectNdc.zw, (p + 0.5) / pixels); }

void main() {
    vec2 here = toNdc(endpoint);
    vec2 along = (toNdc(otherEnd) - here) * target;  // the segment on the screen, in pixels
    vec2 across = length(along) > 0.0 ? normalize(vec2(-along.y, along.x)) : vec2(0.0, 1.0);
    // Pixels to NDC: 2 / the target's size.
    gl_Position = vec4(here + side * kHalfWidth * across * 2.0 / target, 0.0, 1.0);
    lineRank = rank;
}
