#version 430
// The pinned points (inverse mass 0, also the one the mouse holds), as dots; the others are
// moved outside the clip volume.
layout(location = 0) in vec4 position;

uniform mat4 viewProjection;
uniform float pointSize;

void main() {
    gl_PointSize = pointSize;
    gl_Position = position.w == 0.0 ? viewProjection * vec4(position.xyz, 1.0)
                                    : vec4(2.0, 2.0, 2.0, 1.0);
}
