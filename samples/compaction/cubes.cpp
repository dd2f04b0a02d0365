#include "cubes.h"

#include <cstddef>

namespace compaction {

std::vector<CubeCorner> cubeTriangles() {
    std::vector<CubeCorner> corners;
    for (int axis = 0; axis < 3; ++axis)
        for (float side : {-1.0f, 1.0f}) {
            glm::vec3 normal(0.0f), u(0.0f), v(0.0f);
            normal[axis] = side;
            u[(axis + 1) % 3] = 1.0f;
            v[(axis + 2) % 3] = 1.0f;
            // Two triangles of the face; the draw tests depth and culls nothing, so their
            // winding does not matter.
            for (glm::vec2 c : {glm::vec2(-1, -1), glm::vec2(1, -1), glm::vec2(1, 1),
                                glm::vec2(-1, -1), glm::vec2(1, 1), glm::vec2(-1, 1)})
                corners.push_back({normal + c.x * u + c.y * v, normal});
        }
    return corners;
}

cs::Buffer cubeBuffer() {
    const std::vector<CubeCorner> corners = cubeTriangles();
    return cs::Buffer("cube corners", GLsizeiptr(corners.size() * sizeof(corners[0])),
                      cs::BufferUse::Input, corners.data());
}

cs::VertexArray cubeLayout(const cs::Buffer& cube, const cs::Buffer& indices,
                           const cs::Buffer& order) {
    cs::VertexArray layout("cubes");
    glBindVertexArray(layout.id());
    glBindVertexBuffer(0, cube.id(), 0, sizeof(CubeCorner));
    glVertexAttribFormat(0, 3, GL_FLOAT, GL_FALSE, offsetof(CubeCorner, position));
    glVertexAttribFormat(1, 3, GL_FLOAT, GL_FALSE, offsetof(CubeCorner, normal));
    glVertexAttribBinding(0, 0);
    glVertexAttribBinding(1, 0);
    glBindVertexBuffer(1, indices.id(), 0, 4);
    glVertexAttribIFormat(2, 1, GL_UNSIGNED_INT, 0);
    glVertexAttribBinding(2, 1);
    glBindVertexBuffer(2, order.id(), 0, 4);
    glVertexAttribFormat(3, 1, GL_UNSIGNED_INT, GL_TRUE, 0);  // unorm32: 0 to 1
    glVertexAttribBinding(3, 2);
    glVertexBindingDivisor(1, 1);
    glVertexBindingDivisor(2, 1);
    for (GLuint attribute = 0; attribute < 4; ++attribute) glEnableVertexAttribArray(attribute);
    glBindVertexArray(0);
    return layout;
}

}  // namespace compaction
