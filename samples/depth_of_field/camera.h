#pragma once
// Where the depth_of_field sample looks from: the framework's orbit camera (a left drag orbits,
// the wheel zooms, Home goes back), round the point the row of spheres recedes to, swaying
// from side to side by itself until the user moves it.
#include <algorithm>
#include <cmath>
#include <glm/glm.hpp>

#include "app/camera.h"

namespace depth_of_field {

// The eye sways along x as time passes (animate), round x = -1, 3.5 up and 3 in front of the
// first sphere, towards the point it has always looked at.
const glm::vec3 kLookAt(1.0f, -1.0f, -18.0f);
inline cs::OrbitCamera::Pose swayPose(double time) {
    const glm::vec3 eye(0.8f * float(std::sin(0.4 * time)) - 1.0f, 3.5f, 3.0f);
    const glm::vec3 fromTarget = eye - kLookAt;
    const float distance = glm::length(fromTarget);
    return {kLookAt, distance, glm::degrees(std::atan2(fromTarget.x, fromTarget.z)),
            glm::degrees(std::asin(fromTarget.y / distance)), 45.0f};
}

// The camera's own motion, once a frame: the sway, until the user moves the camera (Home
// starts it again). Orbited, it stays above the ground, which its target lies on: from below,
// the scene is the ground's underside. And the field of view for this aspect: 45 degrees high in a
// window at least 16:9 wide; a narrower one keeps the 73 degrees across that gives, and sees more
// above and below, so that the row of spheres stays in the picture whatever the window's shape. The
// camera does not step back to fit instead: focal_distance is a depth from the eye, and the
// spheres would leave the focal plane.
inline void moveCamera(cs::OrbitCamera& camera, double time, float aspect) {
    if (!camera.userMoved()) camera.pose() = swayPose(time);
    camera.pose().pitchDegrees = std::max(camera.pose().pitchDegrees, 2.0f);
    const float wide = 16.0f / 9.0f, halfHeight = std::tan(glm::radians(22.5f));
    camera.pose().fovYDegrees =
        aspect >= wide ? 45.0f : glm::degrees(2.0f * std::atan(halfHeight * wide / aspect));
}

}  // namespace depth_of_field
