#pragma once
// The nbody sample's picture: every body a point sprite, drawn straight from the simulation's
// position and velocity buffers (nothing is copied), its light added to what is there,
// coloured by its speed.
#include <glm/glm.hpp>

#include "app/draw.h"
#include "bodies.h"
#include "gl/objects.h"
#include "gl/program.h"

namespace nbody {

// How far the camera stands from the origin: far enough for `view`'s radius to fill the field
// of view, divided by `zoom`.
float cameraDistance(const View& view, float zoom);

// The camera's view and projection for a width x height frame target, `distance` from the
// origin, its picture centred on `area` (the part the overlay leaves free).
glm::mat4 viewProjection(int width, int height, const cs::Rect& area, float distance);

class Sprites {
public:
    // The program and the vertex layout; the context is current.
    void create();
    // Draws `count` bodies into the bound frame target, `frameHeight` pixels high: positions
    // and masses from `positions`, velocities from `velocities`, both the simulation's
    // buffers; the step's barrier has made their writes visible to vertex fetch. A body
    // `distance` away (the camera's) is drawn at its reference size, as fast as speedScale in
    // the fast colour, with `brightness` light.
    void draw(const cs::Buffer& positions, const cs::Buffer& velocities, GLuint count,
              const glm::mat4& viewProjection, float distance, float speedScale, float brightness,
              int frameHeight) const;

private:
    cs::Program program_;
    cs::VertexArray layout_;
};

}  // namespace nbody
