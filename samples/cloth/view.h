#pragma once
// Where the cloth sample looks from, and the mouse that drags the cloth: the framework's orbit
// camera with a home that fits the cloth, the point nearest the cursor, and where a held point
// goes as the cursor moves.
#include <glm/glm.hpp>
#include <vector>

#include "app/camera.h"
#include "app/draw.h"
#include "cloth.h"
#include "state.h"

struct GLFWwindow;

namespace cloth {

// What the picture and the mouse need of the camera in one frame.
struct View {
    glm::mat4 viewProjection{1.0f};       // its picture centred on the overlay's free area
    glm::vec3 facing{0.0f, 0.0f, -1.0f};  // where the camera looks: a held point moves in a
                                          // plane facing it
    int width = 0, height = 0;            // the frame target, in pixels
    GLFWwindow* window = nullptr;         // the cursor's, or none (headless)
};

// The camera's view of `window`'s width x height frame target whose free part (beside the
// overlay) is `area`. Until the user moves the camera, its home is set again here: the view this
// sample always had, from the front right and above, at the distance where the cloth and the sphere
// fit `area` at any aspect (a resized window, a wider overlay).
View fitView(cs::OrbitCamera& camera, GLFWwindow* window, int width, int height,
             const cs::Rect& area);

// The point whose projection lies nearest `cursor` (frame-target pixels, origin at the
// bottom left) and at most `reach` pixels from it, or -1.
int pickPoint(const std::vector<Point>& points, const View& view, glm::vec2 cursor, float reach);

// Where the ray through `cursor` meets the plane through `anchor` that faces the camera:
// the held point follows the cursor at the depth it was picked at.
glm::vec3 dragTarget(const View& view, glm::vec2 cursor, glm::vec3 anchor);

// The left mouse button on the cloth picks the point nearest the cursor and holds it, as a
// pinned point (inverse mass 0), where the cursor moves it; released, it gets its inverse mass
// back. A press anywhere else is the camera's.
class MouseGrab {
public:
    // A left press at (x, y), window pixels from the top left: holds the point nearest it, if
    // one is near enough, and says whether it did (the sample's wantsDrag). A read-back.
    bool press(double x, double y, const View& view, Sides& sides);
    // Once a frame, before the step: the held point follows the cursor while the button is
    // down, and is let go when it is up.
    void update(const View& view, Sides& sides);
    int held() const { return held_; }
    void forget() { held_ = -1; }  // the cloth was loaded again

private:
    int held_ = -1;
    float inverseMass_ = 0.0f;
    glm::vec3 anchor_{0.0f};
};

}  // namespace cloth
