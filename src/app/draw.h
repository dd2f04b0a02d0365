#pragma once
// Placing pictures in the frame target: images drawn into rectangles, 3D views recentred.
#include <glm/glm.hpp>

#include "gl/objects.h"
#include "gl/program.h"

namespace cs {

// A rectangle in frame-target pixels, origin at the bottom left (as glViewport).
struct Rect {
    float x = 0, y = 0, width = 0, height = 0;
};

// The largest rectangle with the image's aspect ratio centred in `area`.
Rect fitRect(const Rect& area, int imageWidth, int imageHeight);

// A clip-space shift that moves a 3D view projected onto the whole frame target so that its
// centre lies at the centre of `area` (e.g. Sample::freeArea()); multiply it in front of the
// projection matrix. The view keeps its size, so nothing is squeezed.
glm::mat4 centreOn(const Rect& area, int targetWidth, int targetHeight);

// Holds its shader, built on first use, so a sample can keep one as a member.
class TextureDrawer {
public:
    // Draws `texture` into `rect` of a `targetWidth` x `targetHeight` frame target. Texture
    // row 0 is drawn at the bottom: every texture here keeps its bottom row first, as GL does
    // (images from files are flipped when loaded).
    void draw(const Texture2D& texture, const Rect& rect, int targetWidth, int targetHeight) const;

private:
    mutable Program program_;
    mutable VertexArray empty_;  // corners come from gl_VertexID; core GL still wants a VAO
    // Linear filtering, clamped at the edges. A sampler object overrides the texture's own
    // state for as long as it is bound, so the textures need none.
    mutable GlObject<SamplerTraits> sampler_;
};

}  // namespace cs
