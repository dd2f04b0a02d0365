#pragma once
// The nbody sample's picture: every body a point sprite, drawn straight from the simulation's
// position and velocity buffers (nothing is copied), its light added to what is there,
// coloured by its speed.
#include <glm/glm.hpp>

#include "app/camera.h"
#include "app/draw.h"
#include "bodies.h"
#include "gl/objects.h"
#include "gl/program.h"
#include "gl/uniform_block.h"

namespace nbody {

// The orbit camera's home: it looks at the origin (the centre of mass) from 20 degrees round
// and 35 degrees above the disks' plane. Its distance is cameraDistance's, set every frame.
const cs::OrbitCamera::Pose kHomePose{glm::vec3(0.0f), 1.0f, 20.0f, 35.0f};

// How far the camera stands from the origin: where the sphere of `view`'s radius fits `area`
// (the part of the frame target the overlay leaves free) at any aspect, divided by `zoom`.
float cameraDistance(const View& view, const cs::Rect& area, float zoom);

// The mirror of the std140 block SpriteLook in shaders/nbody/sprites.glsl.
struct SpriteLook {
    glm::mat4 viewProjection;
    float pointSize, referenceDepth, speedScale, brightness;
};

class Sprites {
public:
    // What the shaders read; the sample declares brightness in it (Params::add with storage),
    // draw() writes the rest.
    cs::UniformBlock<SpriteLook> look{
        "SpriteLook",
        {CS_BLOCK_MEMBER(SpriteLook, viewProjection), CS_BLOCK_MEMBER(SpriteLook, pointSize),
         CS_BLOCK_MEMBER(SpriteLook, referenceDepth), CS_BLOCK_MEMBER(SpriteLook, speedScale)}};

    // The program and the vertex layout, and the check of `look` against the program with
    // the sample's `params`; the context is current.
    void create(const cs::Params& params);
    // Draws `count` bodies into the bound frame target, width x height, through `camera`,
    // centred on `area`: positions and masses from `positions`, velocities from `velocities`,
    // both the simulation's buffers; the step's barrier has made their writes visible to
    // vertex fetch. A body as far away as the camera's target is drawn at its reference size,
    // as fast as speedScale in the fast colour, with look's brightness.
    void draw(const cs::Buffer& positions, const cs::Buffer& velocities, GLuint count,
              const cs::OrbitCamera& camera, const cs::Rect& area, int width, int height,
              float speedScale);

private:
    cs::Program program_;
    cs::VertexArray layout_;
};

}  // namespace nbody
