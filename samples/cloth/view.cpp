#include "view.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <glm/gtc/matrix_transform.hpp>

namespace cloth {
namespace {

const glm::vec3 kEye(1.7f, 1.5f, 2.6f), kTarget(0.0f, -0.15f, 0.0f);

// The ray through a pixel: its point on the near plane and its direction.
void rayThrough(const glm::mat4& viewProjection, int width, int height, glm::vec2 cursor,
                glm::vec3& origin, glm::vec3& direction) {
    const glm::vec2 ndc(2.0f * cursor.x / float(width) - 1.0f,
                        2.0f * cursor.y / float(height) - 1.0f);
    const glm::mat4 inverse = glm::inverse(viewProjection);
    const glm::vec4 near = inverse * glm::vec4(ndc, -1.0f, 1.0f);
    const glm::vec4 far = inverse * glm::vec4(ndc, 1.0f, 1.0f);
    origin = glm::vec3(near) / near.w;
    direction = glm::normalize(glm::vec3(far) / far.w - origin);
}

}  // namespace

glm::mat4 viewProjection(int width, int height, const cs::Rect& area) {
    const float aspect = float(width) / float(std::max(height, 1));
    return cs::centreOn(area, width, height) *  // beside the overlay, not under it
           glm::perspective(glm::radians(40.0f), aspect, 0.05f, 30.0f) *
           glm::lookAt(kEye, kTarget, glm::vec3(0.0f, 1.0f, 0.0f));
}

int pickPoint(const std::vector<Point>& points, const glm::mat4& viewProjection, int width,
              int height, glm::vec2 cursor, float reach) {
    int best = -1;
    float bestDistance = reach;
    for (size_t i = 0; i < points.size(); ++i) {
        const glm::vec4 clip = viewProjection * glm::vec4(glm::vec3(points[i]), 1.0f);
        if (clip.w <= 0.0f) continue;  // behind the camera
        const glm::vec2 pixel((0.5f * clip.x / clip.w + 0.5f) * float(width),
                              (0.5f * clip.y / clip.w + 0.5f) * float(height));
        const float distance = glm::length(pixel - cursor);
        if (distance <= bestDistance) best = int(i), bestDistance = distance;
    }
    return best;
}

glm::vec3 dragTarget(const glm::mat4& viewProjection, int width, int height, glm::vec2 cursor,
                     glm::vec3 anchor) {
    glm::vec3 origin, direction;
    rayThrough(viewProjection, width, height, cursor, origin, direction);
    const glm::vec3 facing = glm::normalize(kTarget - kEye);
    const float along = glm::dot(direction, facing);
    if (along <= 1e-6f) return anchor;
    return origin + direction * (glm::dot(anchor - origin, facing) / along);
}

void MouseGrab::update(GLFWwindow* window, const glm::mat4& viewProjection, int width, int height,
                       bool mouseIsOurs, const ReadPoints& read, const SetPoint& set) {
    const bool down = glfwGetMouseButton(window, GLFW_MOUSE_BUTTON_LEFT) == GLFW_PRESS;
    const bool pressed = down && !wasDown_;
    wasDown_ = down;
    if (!down) {
        if (held_ >= 0) set(held_, glm::vec4(anchor_, inverseMass_));
        held_ = -1;
        return;
    }
    // The cursor in window coordinates, top left first; the frame target may have more
    // pixels (HiDPI) and counts from the bottom.
    double x = 0, y = 0;
    int windowWidth = 1, windowHeight = 1;
    glfwGetCursorPos(window, &x, &y);
    glfwGetWindowSize(window, &windowWidth, &windowHeight);
    const glm::vec2 cursor(float(x) * float(width) / float(std::max(windowWidth, 1)),
                           float(height) * (1.0f - float(y) / float(std::max(windowHeight, 1))));
    if (held_ < 0) {
        if (!pressed || !mouseIsOurs) return;
        const std::vector<Point> points = read();
        held_ = pickPoint(points, viewProjection, width, height, cursor, 0.04f * float(height));
        if (held_ < 0) return;
        inverseMass_ = points[size_t(held_)].w;
        anchor_ = glm::vec3(points[size_t(held_)]);
    }
    anchor_ = dragTarget(viewProjection, width, height, cursor, anchor_);
    set(held_, glm::vec4(anchor_, 0.0f));
}

}  // namespace cloth
