#version 430
// A rectangle of the frame from four vertices and no vertex buffer: gl_VertexID 0..3 picks a
// corner. bytes.frag then colours the byte under each pixel.
uniform vec4 rectNdc;  // x0, y0, x1, y1 in normalised device coordinates

out vec2 gridPosition;  // (0, 0) at the grid's bottom left, (1, 1) at its top right

void main() {
    vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1);  // (0,0) (1,0) (0,1) (1,1)
    gridPosition = corner;
    gl_Position = vec4(mix(rectNdc.xy, rectNdc.zw, corner), 0.0, 1.0);
}
