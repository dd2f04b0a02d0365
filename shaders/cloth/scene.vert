#version 430
// One triangle over the whole frame; scene.frag traces a ray through every pixel.
out vec2 ndc;

void main() {
    ndc = vec2(gl_VertexID == 1 ? 3.0 : -1.0, gl_VertexID == 2 ? 3.0 : -1.0);
    gl_Position = vec4(ndc, 0.0, 1.0);
}
