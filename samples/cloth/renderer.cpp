#include "renderer.h"

#include <algorithm>
#include <glm/gtc/type_ptr.hpp>

namespace cloth {

void Renderer::setup() {
    cloth_ = cs::Program::graphics("cloth/cloth.vert", "cloth/cloth.frag");
    pins_ = cs::Program::graphics("cloth/pins.vert", "cloth/pins.frag");
    scene_ = cs::Program::graphics("cloth/scene.vert", "cloth/scene.frag");
    empty_ = cs::VertexArray("scene");  // the scene's triangle comes from gl_VertexID
    layout_ = cs::VertexArray("cloth");
    // Attribute 0 = position and inverse mass, 1 = normal, each a vec4 of its own buffer;
    // which buffers is bound per frame (glBindVertexBuffer), since the positions alternate.
    glBindVertexArray(layout_.id());
    for (GLuint attribute : {0u, 1u}) {
        glEnableVertexAttribArray(attribute);
        glVertexAttribFormat(attribute, 4, GL_FLOAT, GL_FALSE, 0);
        glVertexAttribBinding(attribute, attribute);
    }
    glBindVertexArray(0);
}

void Renderer::setGrid(int width, int height) {
    const std::vector<unsigned> corners = triangles(width, height);
    triangles_ = cs::Buffer("triangles", GLsizeiptr(corners.size() * sizeof(unsigned)),
                            cs::BufferUse::Input, corners.data());
    width_ = width;
    height_ = height;
}

void Renderer::draw(const glm::mat4& viewProjection, int frameHeight,
                    const cs::UniformBlock<Physics>& physics, const cs::Buffer& positions,
                    const cs::Buffer& normals) const {
    const GLfloat* vp = glm::value_ptr(viewProjection);
    glEnable(GL_DEPTH_TEST);
    scene_.use();
    glUniformMatrix4fv(scene_.uniform("viewProjection"), 1, GL_FALSE, vp);
    glUniformMatrix4fv(scene_.uniform("inverseViewProjection"), 1, GL_FALSE,
                       glm::value_ptr(glm::inverse(viewProjection)));
    physics.bind(0);  // scene.frag reads the sphere and the ground from the block Physics
    glBindVertexArray(empty_.id());
    glDrawArrays(GL_TRIANGLES, 0, 3);

    // The simulation's buffers are the vertex buffers: nothing is copied.
    glBindVertexArray(layout_.id());
    glBindVertexBuffer(0, positions.id(), 0, sizeof(glm::vec4));
    glBindVertexBuffer(1, normals.id(), 0, sizeof(glm::vec4));
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, triangles_.id());
    cloth_.use();
    glUniformMatrix4fv(cloth_.uniform("viewProjection"), 1, GL_FALSE, vp);
    glUniform2i(cloth_.uniform("grid"), width_, height_);
    glDrawElements(GL_TRIANGLES, GLsizei(triangles_.size() / sizeof(unsigned)), GL_UNSIGNED_INT,
                   nullptr);
    pins_.use();
    glUniformMatrix4fv(pins_.uniform("viewProjection"), 1, GL_FALSE, vp);
    glUniform1f(pins_.uniform("pointSize"), std::max(4.0f, 0.012f * float(frameHeight)));
    glEnable(GL_PROGRAM_POINT_SIZE);
    glDrawArrays(GL_POINTS, 0, width_ * height_);
    glDisable(GL_PROGRAM_POINT_SIZE);
    glBindVertexArray(0);
    glDisable(GL_DEPTH_TEST);
}

}  // namespace cloth
