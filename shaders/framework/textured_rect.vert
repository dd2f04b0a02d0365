#version 430
// A rectangle from four vertices with no vertex buffer: gl_VertexID 0..3 picks a corner.
uniform vec4 rectNdc;  // x0, y0, x1, y1

out vec2 uv;

void main() {
    vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1);  // (0,0) (1,0) (0,1) (1,1)
    uv = corner;  // texture row 0, the image's bottom row, at the rectangle's bottom
    gl_Position = vec4(mix(rectNdc.xy, rectNdc.zw, corner), 0.0, 1.0);
}
