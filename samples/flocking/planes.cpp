#include "planes.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <glm/gtc/type_ptr.hpp>

#include "boids.h"

namespace flocking {
namespace {

struct MeshVertex {
    glm::vec3 position;
    glm::vec3 normal;
};

// The paper plane's triangles: a keel and two wings, nose along +z, wings along x, the keel
// hanging along -y; length 1.6, span 1.1. Each vertex with its triangle's normal.
std::vector<MeshVertex> paperPlane() {
    const glm::vec3 nose(0.0f, 0.0f, 1.0f), tail(0.0f, 0.0f, -0.6f);
    const glm::vec3 keelBottom(0.0f, -0.25f, -0.6f);
    const glm::vec3 leftTip(-0.55f, 0.08f, -0.6f), rightTip(0.55f, 0.08f, -0.6f);
    std::vector<MeshVertex> vertices;
    for (const auto& [a, b, c] : {std::array<glm::vec3, 3>{nose, keelBottom, tail},
                                  std::array<glm::vec3, 3>{nose, tail, leftTip},
                                  std::array<glm::vec3, 3>{nose, rightTip, tail}}) {
        const glm::vec3 normal = glm::normalize(glm::cross(b - a, c - a));
        vertices.insert(vertices.end(), {{a, normal}, {b, normal}, {c, normal}});
    }
    return vertices;
}

}  // namespace

// Instanced drawing: binding 0 walks the mesh for every plane; bindings 1-3 advance once per
// plane (divisor 1) through the members, their frames and their colours.
void Planes::create() {
    program_ = cs::Program::graphics("flocking/plane.vert", "flocking/plane.frag");
    const std::vector<MeshVertex> vertices = paperPlane();
    meshVertices_ = GLsizei(vertices.size());
    mesh_ = cs::Buffer("paper plane", GLsizeiptr(vertices.size() * sizeof(MeshVertex)),
                       cs::BufferUse::Input, vertices.data());
    layout_ = cs::VertexArray("paper planes");
    glBindVertexArray(layout_.id());
    const struct {
        GLuint binding, offset;
    } attributes[] = {{0, offsetof(MeshVertex, position)},
                      {0, offsetof(MeshVertex, normal)},
                      {1, offsetof(Boid, position)},
                      {2, offsetof(Frame, side)},
                      {2, offsetof(Frame, up)},
                      {2, offsetof(Frame, forward)},
                      {3, 0}};
    for (GLuint location = 0; location < 7; ++location) {
        glEnableVertexAttribArray(location);
        glVertexAttribFormat(location, 3, GL_FLOAT, GL_FALSE, attributes[location].offset);
        glVertexAttribBinding(location, attributes[location].binding);
    }
    for (GLuint binding : {1u, 2u, 3u}) glVertexBindingDivisor(binding, 1);
    glBindVertexBuffer(0, mesh_.id(), 0, sizeof(MeshVertex));
    glBindVertexArray(0);
}

void Planes::draw(const cs::Buffer& boids, const cs::Buffer& frames, const cs::Buffer& positionSum,
                  GLuint count, const cs::OrbitCamera& camera, const cs::Rect& area, int width,
                  int height, float planeSize) const {
    program_.use();
    glUniformMatrix4fv(program_.uniform("viewProjection"), 1, GL_FALSE,
                       glm::value_ptr(camera.projectionOn(area, width, height) * camera.view()));
    glUniform1f(program_.uniform("planeSize"), planeSize);
    glUniform1f(program_.uniform("startSpread"), startSpread_);
    glUniform1f(program_.uniform("members"), float(count));
    glBindBufferBase(GL_UNIFORM_BUFFER, 0, positionSum.id());
    glBindVertexArray(layout_.id());
    glBindVertexBuffer(1, boids.id(), 0, sizeof(Boid));
    glBindVertexBuffer(2, frames.id(), 0, sizeof(Frame));
    glBindVertexBuffer(3, colours_.id(), 0, sizeof(glm::vec3));
    glEnable(GL_DEPTH_TEST);
    glDrawArraysInstanced(GL_TRIANGLES, 0, meshVertices_, GLsizei(count));
    glDisable(GL_DEPTH_TEST);
    glBindVertexArray(0);
}

void Planes::newFlock(const glm::vec4& positionSum, GLuint count) {
    colours_ = cs::Buffer("plane colours", GLsizeiptr(count) * GLsizeiptr(sizeof(glm::vec3)),
                          cs::BufferUse::Input, paperColours(int(count)).data());
    // As plane.vert computes the spread: the root mean square distance from the centre.
    const glm::vec3 centre = glm::vec3(positionSum) / float(count);
    startSpread_ =
        std::sqrt(std::max(positionSum.w / float(count) - glm::dot(centre, centre), 1.0f));
}

float cameraDistance(const cs::Rect& area, float zoom) {
    // 5 sin 22.5 degrees: fitted in a picture wider than tall (45 degrees high), the sphere
    // puts the camera 5 spreads from the centre.
    const float radius = 5.0f * std::sin(glm::radians(22.5f));
    return cs::OrbitCamera::distanceToFit(radius, area.width / area.height, kHomePose.fovYDegrees) /
           zoom;
}

std::vector<glm::vec3> paperColours(int count) {
    std::vector<glm::vec3> colours(static_cast<size_t>(count));
    for (size_t i = 0; i < colours.size(); ++i) {
        const double hue = std::fmod(double(i) * 0.6180339887498949, 1.0);
        // A hue wheel from three phase-shifted cosines, mixed towards white like tinted paper.
        glm::vec3 tint;
        for (int c = 0; c < 3; ++c)
            tint[c] = float(0.5 + 0.5 * std::cos(6.283185307179586 * (hue + c / 3.0)));
        colours[i] = glm::mix(glm::vec3(1.0f), tint, 0.6f);
    }
    return colours;
}

}  // namespace flocking
