#include "app/camera.h"

#include <algorithm>
#include <cmath>
#include <glm/gtc/matrix_transform.hpp>

#include "app/draw.h"

namespace cs {
namespace {
constexpr float kDegreesPerPixel = 0.3f;
constexpr float kZoomPerStep = 0.9f;  // each wheel step brings the eye 10% closer
}  // namespace

void OrbitCamera::setHome(const Pose& home) {
    home_ = home;
    reset();
}

void OrbitCamera::reset() {
    pose_ = home_;
    userMoved_ = false;
}

void OrbitCamera::orbit(float dxPixels, float dyPixels) {
    // Dragging right turns the scene right (the eye goes left); dragging down tips its top
    // towards the viewer (the eye goes up).
    pose_.yawDegrees -= dxPixels * kDegreesPerPixel;
    pose_.pitchDegrees =
        std::clamp(pose_.pitchDegrees + dyPixels * kDegreesPerPixel, -89.0f, 89.0f);
    userMoved_ = true;
}

void OrbitCamera::zoom(float wheelSteps) {
    pose_.distance = std::clamp(pose_.distance * std::pow(kZoomPerStep, wheelSteps),
                                0.05f * home_.distance, 20.0f * home_.distance);
    userMoved_ = true;
}

glm::vec3 OrbitCamera::eye() const {
    const float yaw = glm::radians(pose_.yawDegrees), pitch = glm::radians(pose_.pitchDegrees);
    const glm::vec3 direction(std::cos(pitch) * std::sin(yaw), std::sin(pitch),
                              std::cos(pitch) * std::cos(yaw));
    return pose_.target + pose_.distance * direction;
}

glm::mat4 OrbitCamera::view() const {
    return glm::lookAt(eye(), pose_.target, glm::vec3(0, 1, 0));
}

glm::mat4 OrbitCamera::projection(float aspect) const {
    return glm::perspective(glm::radians(pose_.fovYDegrees), aspect, 0.01f * pose_.distance,
                            100.0f * pose_.distance);
}

glm::mat4 OrbitCamera::projectionOn(const Rect& area, int width, int height) const {
    return centreOn(area, width, height) * projection(float(width) / float(std::max(height, 1)));
}

float OrbitCamera::distanceToFit(float radius, float aspect, float fovYDegrees) {
    aspect = std::max(aspect, 1e-3f);  // a minimised window has no width: fit a sliver
    const float halfY = 0.5f * glm::radians(fovYDegrees);
    const float halfX = std::atan(std::tan(halfY) * aspect);
    return radius / std::sin(std::min(halfX, halfY));
}

}  // namespace cs
