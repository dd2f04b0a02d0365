#pragma once
// The flocking sample's picture: one paper plane per member, instanced, drawn straight from
// the simulation's buffers (nothing is copied), each plane turned by the frame the compute
// pass built for it and tinted with a colour of its own.
#include <glm/glm.hpp>
#include <vector>

#include "app/camera.h"
#include "app/draw.h"
#include "gl/objects.h"
#include "gl/program.h"

namespace flocking {

class Planes {
public:
    // The mesh, the program and the vertex layout; the context is current.
    void create();
    // Draws `count` planes into the bound frame target: the positions from `boids` (Boid
    // records), the axes from `frames` (Frame records), a colour each (newFlock's), the flock
    // centred and scaled by the sums in `positionSum` (plane.vert). The caller's barrier
    // makes shader writes to the buffers visible to vertex fetches. Seen by `camera` in a
    // width x height frame target, the picture centred on `area`.
    void draw(const cs::Buffer& boids, const cs::Buffer& frames, const cs::Buffer& positionSum,
              GLuint count, const cs::OrbitCamera& camera, const cs::Rect& area, int width,
              int height, float planeSize) const;

    // For a new flock of `count`: a colour per plane (paperColours), and the flock's spread
    // as it is made, from its sums (as positionSum holds them): the planes never look smaller
    // than they did then (plane.vert).
    void newFlock(const glm::vec4& positionSum, GLuint count);

private:
    float startSpread_ = 1.0f;
    cs::Program program_;
    cs::VertexArray layout_;
    cs::Buffer mesh_;
    cs::Buffer colours_;  // one vec3 per plane
    GLsizei meshVertices_ = 0;
};

// The orbit camera's home, in units of the flock's spread, the root mean square distance from
// its centre (plane.vert centres and scales the flock so): it looks at the centre from 65
// degrees round and 18 above. Its distance is cameraDistance's, set every frame.
const cs::OrbitCamera::Pose kHomePose{glm::vec3(0.0f), 1.0f, 65.0f, 18.0f};

// How far the camera stands from the flock's centre: where a sphere of 1.91 spreads (most of
// the flock) fits `area` (the part of the frame target the overlay leaves free) at any
// aspect, divided by `zoom`. In a picture wider than tall, 5 spreads.
float cameraDistance(const cs::Rect& area, float zoom);

// One colour per plane, pale tints of hues spread by the golden ratio, so that neighbours
// in the buffer differ.
std::vector<glm::vec3> paperColours(int count);

}  // namespace flocking
