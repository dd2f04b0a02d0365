#include "sprites.h"

#include <algorithm>

namespace nbody {

float cameraDistance(const View& view, const cs::Rect& area, float zoom) {
    return cs::OrbitCamera::distanceToFit(view.radius, area.width / area.height,
                                          kHomePose.fovYDegrees) /
           zoom;
}

void Sprites::create(const cs::Params& params) {
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
    look.check(program_, params);
}

void Sprites::draw(const cs::Buffer& positions, const cs::Buffer& velocities, GLuint count,
                   const cs::OrbitCamera& camera, const cs::Rect& area, int width, int height,
                   float speedScale) {
    // Once per frame: the camera, the window and the bodies' speeds may change any frame.
    SpriteLook& l = look.values;
    l.viewProjection = camera.projectionOn(area, width, height) * camera.view();
    l.pointSize = 4.0f * float(height) / 720.0f;
    l.referenceDepth = camera.pose().distance;
    l.speedScale = speedScale;
    look.upload();
    program_.use();
    look.bind(1);
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
