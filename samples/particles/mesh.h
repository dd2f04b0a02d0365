#pragma once
// The scene around the particles, as plain vertex positions for the scene shaders: a sphere
// to collide with and the edges of the box, made once and uploaded as a Mesh.
#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "gl/objects.h"

namespace particles {

// Triangles of a unit sphere at the origin, latitude by longitude: `rings` bands from pole
// to pole, each of `segments` quads, as three vertices per triangle.
std::vector<glm::vec3> sphereTriangles(int rings, int segments);

// The twelve edges of the box [-1, 1]^3, as line-segment end points (GL_LINES).
std::vector<glm::vec3> boxEdges();

// Positions in a vertex buffer, fed to attribute 0 by `layout`, for glDrawArrays.
struct Mesh {
    cs::Buffer vertices;
    cs::VertexArray layout;
    GLsizei count = 0;
};
Mesh upload(const std::string& name, const std::vector<glm::vec3>& positions);

}  // namespace particles
