#pragma once
// The cloth sample's picture: the sphere and the ground, traced per pixel, and the cloth drawn
// straight from the simulation's position and normal buffers, with its pinned points.
#include <glm/glm.hpp>

#include "cloth.h"
#include "gl/objects.h"
#include "gl/program.h"
#include "gl/uniform_block.h"

namespace cloth {

class Renderer {
public:
    // The programs and the vertex layout; the GL context is current.
    void setup();
    // Two triangles per cell of a width x height grid (triangles()).
    void setGrid(int width, int height);
    // Draws into the bound frame target, `frameHeight` pixels high: the sphere and the ground
    // where `physics` puts them (scene.frag reads the block), and the cloth. `positions` and
    // `normals` are the simulation's buffers; the step's barrier has made its writes visible
    // to vertex fetch.
    void draw(const glm::mat4& viewProjection, int frameHeight,
              const cs::UniformBlock<Physics>& physics, const cs::Buffer& positions,
              const cs::Buffer& normals) const;
    // The program that reads the block Physics, for its layout check.
    const cs::Program& scene() const { return scene_; }

private:
    cs::Program cloth_, pins_, scene_;
    cs::VertexArray layout_, empty_;
    cs::Buffer triangles_;
    int width_ = 0, height_ = 0;
};

}  // namespace cloth
