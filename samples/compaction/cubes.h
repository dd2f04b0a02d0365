#pragma once
// The cube every kept voxel is drawn as, and the vertex layout that draws one per kept voxel
// from what the compaction wrote, read by the GL where it lies: no read-back, no copy.
#include <glm/glm.hpp>
#include <vector>

#include "gl/objects.h"

namespace compaction {

// A cube of edge 2 around the origin as 36 triangle corners, each with its face's normal.
struct CubeCorner {
    glm::vec3 position, normal;
};
std::vector<CubeCorner> cubeTriangles();
// The same in a buffer: binding 0 of cubeLayout.
cs::Buffer cubeBuffer();

// Per vertex, a cube corner and its normal (binding 0, from `cube`); per instance (divisor 1),
// the voxel's index from the compaction (binding 1, `indices`) and its place in the order
// (binding 2, `order`, a unorm32 from 0 to 1).
cs::VertexArray cubeLayout(const cs::Buffer& cube, const cs::Buffer& indices,
                           const cs::Buffer& order);

}  // namespace compaction
