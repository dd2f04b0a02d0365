#include "view.h"

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>

namespace cloth {
namespace {

// The view this sample always had, from (1.7, 1.5, 2.6) towards (0, -0.15, 0), in the orbit
// camera's terms: yaw around +y from +z, pitch above the horizon.
const glm::vec3 kTarget(0.0f, -0.15f, 0.0f);
const glm::vec3 kFromTarget = glm::vec3(1.7f, 1.5f, 2.6f) - kTarget;
const float kYawDegrees = glm::degrees(std::atan2(kFromTarget.x, kFromTarget.z));
const float kPitchDegrees = glm::degrees(std::asin(kFromTarget.y / glm::length(kFromTarget)));
constexpr float kFovYDegrees = 40.0f;
// The sphere round the target that holds the cloth, 2 m across, from its start 0.6 m up to the
// ground 0.5 m down, and the sphere it falls on: its corners are the farthest, (1, 0.75, 1)
// from the target at the start.
constexpr float kContentRadius = 1.6f;

// The ray through a pixel: its point on the near plane and its direction.
void rayThrough(const View& view, glm::vec2 cursor, glm::vec3& origin, glm::vec3& direction) {
    const glm::vec2 ndc(2.0f * cursor.x / float(view.width) - 1.0f,
                        2.0f * cursor.y / float(view.height) - 1.0f);
    const glm::mat4 inverse = glm::inverse(view.viewProjection);
    const glm::vec4 near = inverse * glm::vec4(ndc, -1.0f, 1.0f);
    const glm::vec4 far = inverse * glm::vec4(ndc, 1.0f, 1.0f);
    origin = glm::vec3(near) / near.w;
    direction = glm::normalize(glm::vec3(far) / far.w - origin);
}

// The cursor at (x, y), window pixels from the top left, in frame-target pixels from the
// bottom left: the frame target may have more pixels than the window (HiDPI).
glm::vec2 framePixel(const View& view, double x, double y) {
    int windowWidth = 1, windowHeight = 1;
    glfwGetWindowSize(view.window, &windowWidth, &windowHeight);
    return {float(x) * float(view.width) / float(std::max(windowWidth, 1)),
            float(view.height) * (1.0f - float(y) / float(std::max(windowHeight, 1)))};
}

}  // namespace

View fitView(cs::OrbitCamera& camera, GLFWwindow* window, int width, int height,
             const cs::Rect& area) {
    const float fit = cs::OrbitCamera::distanceToFit(
        kContentRadius, area.width / std::max(area.height, 1.0f), kFovYDegrees);
    // Not while the window is minimised: no distance fits an area 0 pixels wide.
    if (!camera.userMoved() && area.width > 0.0f && fit != camera.pose().distance)
        camera.setHome({kTarget, fit, kYawDegrees, kPitchDegrees, kFovYDegrees});
    View view;
    view.width = width;
    view.height = height;
    view.window = window;
    view.viewProjection = camera.projectionOn(area, width, height) * camera.view();
    view.facing = glm::normalize(camera.pose().target - camera.eye());
    return view;
}

int pickPoint(const std::vector<Point>& points, const View& view, glm::vec2 cursor, float reach) {
    int best = -1;
    float bestDistance = reach;
    for (size_t i = 0; i < points.size(); ++i) {
        const glm::vec4 clip = view.viewProjection * glm::vec4(glm::vec3(points[i]), 1.0f);
        if (clip.w <= 0.0f) continue;  // behind the camera
        const glm::vec2 pixel((0.5f * clip.x / clip.w + 0.5f) * float(view.width),
                              (0.5f * clip.y / clip.w + 0.5f) * float(view.height));
        const float distance = glm::length(pixel - cursor);
        if (distance <= bestDistance) best = int(i), bestDistance = distance;
    }
    return best;
}

glm::vec3 dragTarget(const View& view, glm::vec2 cursor, glm::vec3 anchor) {
    glm::vec3 origin, direction;
    rayThrough(view, cursor, origin, direction);
    const float along = glm::dot(direction, view.facing);
    if (along <= 1e-6f) return anchor;
    return origin + direction * (glm::dot(anchor - origin, view.facing) / along);
}

bool MouseGrab::press(double x, double y, const View& view, Sides& sides) {
    // A point still held is one whose release update() has not seen (paused, or two clicks
    // in one frame): it gets its inverse mass back first.
    if (held_ >= 0) sides.setPoint(held_, glm::vec4(anchor_, inverseMass_));
    const std::vector<Point> points = sides.readPositions();
    held_ = pickPoint(points, view, framePixel(view, x, y), 0.04f * float(view.height));
    if (held_ < 0) return false;
    inverseMass_ = points[size_t(held_)].w;
    anchor_ = glm::vec3(points[size_t(held_)]);
    return true;
}

void MouseGrab::update(const View& view, Sides& sides) {
    if (held_ < 0) return;
    if (glfwGetMouseButton(view.window, GLFW_MOUSE_BUTTON_LEFT) != GLFW_PRESS) {
        sides.setPoint(held_, glm::vec4(anchor_, inverseMass_));
        held_ = -1;
        return;
    }
    double x = 0, y = 0;
    glfwGetCursorPos(view.window, &x, &y);
    anchor_ = dragTarget(view, framePixel(view, x, y), anchor_);
    sides.setPoint(held_, glm::vec4(anchor_, 0.0f));
}

}  // namespace cloth
