#pragma once
// Where the compaction sample looks from: the framework's orbit camera (a left drag orbits,
// the wheel zooms, Home goes back), at home where the sample always looked from, turning
// slowly round the volume until the user moves it.
#include <algorithm>
#include <cmath>
#include <glm/glm.hpp>

#include "app/camera.h"

namespace compaction {

// The volume's centre, from 0.6 radians round and a slope of 0.55 up, through 40 degrees. The
// distance is fitCamera's, set every frame until the user moves the camera.
const cs::OrbitCamera::Pose kHomePose{glm::vec3(0.0f), 4.0f, glm::degrees(0.6f),
                                      glm::degrees(std::atan(0.55f)), 40.0f};
// The camera's own motion: it turns round the volume by 0.15 radians a second of the
// metaballs' time, until the user moves it; Home starts the turn again from home.
inline void turn(cs::OrbitCamera& camera, double dt) {
    if (!camera.userMoved()) camera.pose().yawDegrees += glm::degrees(0.15f) * float(dt);
}

// Until the user moves the camera, stands it where what is drawn fits a viewport of this
// aspect, whatever its shape: the sphere round the volume's centre that holds it, for a volume
// of half extents `box` (the largest is 1). An --input may fill the volume to its corners. The
// metaballs' centres stay within 0.3 of the unit cube's middle on each axis (metaballs.comp),
// at most 0.52 from it, and their surface lies at most sqrt(sum of radii^2) = 0.19 beyond:
// within 0.71 of the middle, in view units twice that.
inline void fitCamera(cs::OrbitCamera& camera, glm::vec3 box, float aspect, bool metaballs) {
    if (camera.userMoved() || aspect <= 0.0f) return;  // minimised: no distance fits
    const float radius = metaballs ? std::min(glm::length(box), 2.0f * 0.71f) : glm::length(box);
    camera.pose().distance = cs::OrbitCamera::distanceToFit(radius, aspect, kHomePose.fovYDegrees);
}

}  // namespace compaction
