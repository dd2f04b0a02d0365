#pragma once
// The orbit camera of the 3D samples: it circles a target at a distance. The framework moves
// it (a left drag orbits, the wheel zooms, Home goes back to where the sample put it); the
// sample sets its home pose once and reads view() and projection() when it draws.
//
//   OrbitCamera::Pose home;                      // looks at the origin from +z, 20 degrees up
//   home.distance = OrbitCamera::distanceToFit(1.8f, aspect);  // a sphere of radius 1.8 fits
//   camera().setHome(home);
//   useCamera();                                 // in setup(): the mouse now moves it
//   const glm::mat4 viewProjection = camera().projection(aspect) * camera().view();
#include <glm/glm.hpp>

namespace cs {

struct Rect;

class OrbitCamera {
public:
    struct Pose {
        glm::vec3 target{0.0f};
        float distance = 3.0f;       // from the target to the eye
        float yawDegrees = 0.0f;     // around +y; 0 looks down -z, from +z
        float pitchDegrees = 20.0f;  // above the target's horizon, in (-89, 89)
        float fovYDegrees = 45.0f;
    };

    // The pose Home goes back to; it also becomes the current pose.
    void setHome(const Pose& home);
    void reset();  // Home: back to the home pose; the sample's own motion may resume
    // What the user does: a drag of (dx, dy) window pixels, and wheel steps (up is positive).
    void orbit(float dxPixels, float dyPixels);
    void zoom(float wheelSteps);
    // The user has moved the camera since the last reset. A sample that moves the camera on
    // its own (a slow turn) stops doing so once this is true: the user's drag wins.
    bool userMoved() const { return userMoved_; }

    const Pose& pose() const { return pose_; }
    Pose& pose() { return pose_; }  // for a sample's own motion, e.g. pose().yawDegrees += 10 * dt

    glm::vec3 eye() const;
    glm::mat4 view() const;
    // Perspective with the pose's field of view; near and far follow the distance, so that
    // zooming never clips the content.
    glm::mat4 projection(float aspect) const;
    // The projection for a width x height frame target whose picture is centred on `area`
    // (Sample::freeArea(): beside the overlay, not under it); the picture keeps its size.
    glm::mat4 projectionOn(const Rect& area, int width, int height) const;

    // The distance at which a sphere of `radius` fits the view at this aspect: the narrower
    // of the two fields of view decides, so that a wide window or a tall one never cuts it.
    static float distanceToFit(float radius, float aspect, float fovYDegrees = 45.0f);

private:
    Pose home_, pose_;
    bool userMoved_ = false;
};

}  // namespace cs
