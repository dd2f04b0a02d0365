#version 430
// The detected lines drawn over a picture (GL_LINES): endpoints in the picture's pixels,
// bottom row first (pixel centres at whole numbers), mapped into the rectangle it is drawn in.
layout(location = 0) in vec2 endpoint;
layout(location = 1) in float rank;  // 0 for the best line, 1 for the last

uniform vec4 rectNdc;    // x0, y0, x1, y1 of the picture on screen
uniform vec2 pixels;     // the picture's width and height in pixels

out float lineRank;

void main() {
    vec2 t = (endpoint + 0.5) / pixels;
    gl_Position = vec4(mix(rectNdc.xy, rectNdc.zw, t), 0.0, 1.0);
    lineRank = rank;
}
