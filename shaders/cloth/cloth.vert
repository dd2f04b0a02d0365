#version 430
// The cloth is drawn straight from the simulation's buffers: the positions as attribute 0,
// the normals as attribute 1, two triangles per grid cell from an index buffer.
layout(location = 0) in vec4 position;  // w = inverse mass
layout(location = 1) in vec4 normal;

uniform mat4 viewProjection;
uniform ivec2 grid;

out vec3 worldNormal;
out vec2 gridPosition;  // 0 to 1 across the cloth, for the check pattern

void main() {
    worldNormal = normal.xyz;
    gridPosition = vec2(gl_VertexID % grid.x, gl_VertexID / grid.x) / vec2(grid - 1);
    gl_Position = viewProjection * vec4(position.xyz, 1.0);
}
