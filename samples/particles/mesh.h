#pragma once
// The scene around the particles, as plain vertex positions for the scene shaders: a sphere
// to collide with and the edges of the box. Nothing here touches OpenGL; main.cpp uploads it.
#include <glm/glm.hpp>
#include <vector>

namespace particles {

// Triangles of a unit sphere at the origin, latitude by longitude: `rings` bands from pole
// to pole, each of `segments` quads, as three vertices per triangle.
std::vector<glm::vec3> sphereTriangles(int rings, int segments);

// The twelve edges of the box [-1, 1]^3, as line-segment end points (GL_LINES).
std::vector<glm::vec3> boxEdges();

}  // namespace particles
