#include "mesh.h"

#include <cmath>
#include <glm/gtc/constants.hpp>

namespace particles {

std::vector<glm::vec3> sphereTriangles(int rings, int segments) {
    auto point = [&](int ring, int segment) {
        const float theta = glm::pi<float>() * float(ring) / float(rings);
        const float phi = 2.0f * glm::pi<float>() * float(segment) / float(segments);
        return glm::vec3(std::sin(theta) * std::cos(phi), std::cos(theta),
                         std::sin(theta) * std::sin(phi));
    };
    std::vector<glm::vec3> triangles;
    for (int r = 0; r < rings; ++r)
        for (int s = 0; s < segments; ++s) {
            const glm::vec3 a = point(r, s), b = point(r + 1, s), c = point(r + 1, s + 1),
                            d = point(r, s + 1);
            triangles.insert(triangles.end(), {a, b, c, a, c, d});
        }
    return triangles;
}

std::vector<glm::vec3> boxEdges() {
    std::vector<glm::vec3> lines;
    for (int axis = 0; axis < 3; ++axis)
        for (float u : {-1.0f, 1.0f})
            for (float v : {-1.0f, 1.0f}) {
                glm::vec3 from(0.0f), to(0.0f);
                from[axis] = -1.0f;
                to[axis] = 1.0f;
                from[(axis + 1) % 3] = to[(axis + 1) % 3] = u;
                from[(axis + 2) % 3] = to[(axis + 2) % 3] = v;
                lines.insert(lines.end(), {from, to});
            }
    return lines;
}

Mesh upload(const std::string& name, const std::vector<glm::vec3>& positions) {
    Mesh mesh;
    mesh.count = GLsizei(positions.size());
    mesh.vertices = cs::Buffer(name + " vertices", GLsizeiptr(positions.size() * sizeof(glm::vec3)),
                               cs::BufferUse::Input, positions.data());
    mesh.layout = cs::VertexArray(name);
    glBindVertexArray(mesh.layout.id());
    glBindVertexBuffer(0, mesh.vertices.id(), 0, sizeof(glm::vec3));
    glEnableVertexAttribArray(0);
    glVertexAttribFormat(0, 3, GL_FLOAT, GL_FALSE, 0);
    glVertexAttribBinding(0, 0);
    glBindVertexArray(0);
    return mesh;
}

}  // namespace particles
