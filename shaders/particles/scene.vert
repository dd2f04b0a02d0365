#version 430
// The sphere and the box's edges: plain geometry around the particles.
layout(location = 0) in vec3 position;

#include "view.glsl"
uniform mat4 model;  // per draw: the box, or the sphere where it is

out vec3 normal;

void main() {
    normal = position;  // the sphere is a unit sphere at the origin before `model`
    gl_Position = viewProjection * model * vec4(position, 1.0);
}
