#pragma once
// Where the cloth sample looks from, and the mouse that drags the cloth: a fixed camera, the
// point nearest the cursor, and where a held point goes as the cursor moves.
#include <functional>
#include <glm/glm.hpp>
#include <vector>

#include "app/draw.h"
#include "cloth.h"

struct GLFWwindow;

namespace cloth {

// The camera's view and projection for a width x height frame target, its picture centred
// on `area` (the part the overlay leaves free).
glm::mat4 viewProjection(int width, int height, const cs::Rect& area);

// The point whose projection lies nearest `cursor` (frame-target pixels, origin at the
// bottom left) and at most `reach` pixels from it, or -1.
int pickPoint(const std::vector<Point>& points, const glm::mat4& viewProjection, int width,
              int height, glm::vec2 cursor, float reach);

// Where the ray through `cursor` meets the plane through `anchor` that faces the camera:
// the held point follows the cursor at the depth it was picked at.
glm::vec3 dragTarget(const glm::mat4& viewProjection, int width, int height, glm::vec2 cursor,
                     glm::vec3 anchor);

// The left mouse button picks the point nearest the cursor and holds it, as a pinned point
// (inverse mass 0), where the cursor moves it; released, it gets its inverse mass back.
class MouseGrab {
public:
    using ReadPoints = std::function<std::vector<Point>()>;
    using SetPoint = std::function<void(int point, glm::vec4 positionAndInverseMass)>;
    // Once a frame, before the step. A press picks only where `mouseIsOurs` (the overlay does
    // not want the mouse); `read` is called on a press only.
    void update(GLFWwindow* window, const glm::mat4& viewProjection, int width, int height,
                bool mouseIsOurs, const ReadPoints& read, const SetPoint& set);
    int held() const { return held_; }
    void forget() { held_ = -1; }  // the cloth was loaded again

private:
    int held_ = -1;
    float inverseMass_ = 0.0f;
    glm::vec3 anchor_{0.0f};
    bool wasDown_ = false;
};

}  // namespace cloth
