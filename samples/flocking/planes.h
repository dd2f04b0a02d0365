#pragma once
// The flocking sample's picture: one paper plane per member, instanced, drawn straight from
// the simulation's buffers (nothing is copied), each plane turned by the frame the compute
// pass built for it and tinted with a colour of its own.
#include <glm/glm.hpp>
#include <vector>

#include "app/draw.h"
#include "gl/objects.h"
#include "gl/program.h"

namespace flocking {

class Planes {
public:
    // The mesh, the program and the vertex layout; the context is current.
    void create();
    // Draws `count` planes into the bound frame target: the positions from `boids` (Boid
    // records), the axes from `frames` (Frame records), a colour each from `colours` (vec3),
    // the flock centred and scaled by the sums in `positionSum` (plane.vert). The caller's
    // barrier makes shader writes to the three buffers visible to vertex fetches.
    void draw(const cs::Buffer& boids, const cs::Buffer& frames, const cs::Buffer& colours,
              const cs::Buffer& positionSum, GLuint count, const glm::mat4& viewProjection,
              float planeSize) const;

private:
    cs::Program program_;
    cs::VertexArray layout_;
    cs::Buffer mesh_;
    GLsizei meshVertices_ = 0;
};

// The camera's view and projection for a width x height frame target, its picture centred on
// `area` (the part the overlay leaves free). In units of the flock's spread, the root mean
// square distance from its centre (plane.vert centres and scales the flock so): 5 / zoom away.
glm::mat4 viewProjection(int width, int height, const cs::Rect& area, float zoom);

// One colour per plane, pale tints of hues spread by the golden ratio, so that neighbours
// in the buffer differ.
std::vector<glm::vec3> paperColours(int count);

}  // namespace flocking
