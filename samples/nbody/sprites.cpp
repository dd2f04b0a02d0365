#include "sprites.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>
#include <glm/gtc/type_ptr.hpp>

namespace nbody {

float cameraDistance(const View& view, float zoom) {
    return view.radius / std::tan(glm::radians(22.5f)) / zoom;
}

glm::mat4 viewProjection(int width, int height, const cs::Rect& area, float distance) {
    const float aspect = float(width) / float(std::max(height, 1));
    const float yaw = glm::radians(20.0f), pitch = glm::radians(35.0f);
    const glm::vec3 eye = distance * glm::vec3(std::cos(pitch) * std::sin(yaw), std::sin(pitch),
                                               std::cos(pitch) * std::cos(yaw));
    return cs::centreOn(area, width, height) *  // beside the overlay, not under it
           glm::perspective(glm::radians(45.0f), aspect, 0.01f * distance, 100.0f * distance) *
           glm::lookAt(eye, glm::vec3(0.0f), glm::vec3(0.0f, 1.0f, 0.0f));
}

void Sprites::create() {
    layout_ = cs::VertexArray("bodies");
    // Attribute 0 = position + mass, 1 = velocity; which buffers feed them is bound per
    // frame (glBindVertexBuffer), since the current buffer alternates.
    glBindVertexArray(layout_.id());
    for (GLuint attribute : {0u, 1u}) {
        glEnableVertexAttribArray(attribute);
        glVertexAttribFormat(attribute, 4, GL_FLOAT, GL_FALSE, 0);
        glVertexAttribBinding(attribute, attribute);
    }
    glBindVertexArray(0);
    program_ = cs::Program::graphics("nbody/bodies.vert", "nbody/bodies.frag");
}

void Sprites::draw(const cs::Buffer& positions, const cs::Buffer& velocities, GLuint count,
                   const glm::mat4& viewProjection, float distance, float speedScale,
                   float brightness, int frameHeight) const {
    program_.use();
    glUniformMatrix4fv(program_.uniform("viewProjection"), 1, GL_FALSE,
                       glm::value_ptr(viewProjection));
    glUniform1f(program_.uniform("pointSize"), 4.0f * float(frameHeight) / 720.0f);
    glUniform1f(program_.uniform("referenceDepth"), distance);
    glUniform1f(program_.uniform("speedScale"), speedScale);
    glUniform1f(program_.uniform("brightness"), brightness);
    glBindVertexArray(layout_.id());
    glBindVertexBuffer(0, positions.id(), 0, sizeof(glm::vec4));
    glBindVertexBuffer(1, velocities.id(), 0, sizeof(glm::vec4));
    glEnable(GL_PROGRAM_POINT_SIZE);  // sizes come from gl_PointSize
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE);  // additive: overlapping bodies add their light
    glDisable(GL_DEPTH_TEST);     // ... in any order, so no depth test is needed
    glDrawArrays(GL_POINTS, 0, GLsizei(count));
    glDisable(GL_BLEND);
    glDisable(GL_PROGRAM_POINT_SIZE);
    glBindVertexArray(0);
}

}  // namespace nbody
