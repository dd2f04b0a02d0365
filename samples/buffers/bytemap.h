#pragma once
// The byte map beside main.cpp: the first bytes of the output buffer drawn as a grid by
// bytes.frag, straight from the storage buffer, and its labels (offsets, member names,
// elements) drawn over it with ImGui.
#include <cstdint>
#include <glm/glm.hpp>

#include "app/draw.h"
#include "gl/objects.h"
#include "gl/program.h"
#include "layouts.h"

namespace buffers {

constexpr int kBytesPerRow = 16;
// The bytes shown: two elements in std140, four in std430, so the two pictures are alike in
// size and show the same stretch of memory.
constexpr int kBytesShown = 192;

// The colour of member 0-3 (position, weight, samples, velocity), in the picture and legend.
glm::vec3 memberColour(int member);

class ByteMap {
public:
    // Places the grid in `area` (frame pixels, origin at the bottom left) of the frame, with
    // room for the labels when they are drawn (`labels`) and fit.
    void place(const cs::Rect& area, int frameWidth, int frameHeight, bool labels);
    // Draws the first bytes of `elements`: `count` elements of `layout`, as fill.comp wrote
    // them. Binds storage-buffer binding 0.
    void draw(const cs::Buffer& elements, const Layout& layout, std::uint32_t count) const;
    // The labels, behind the overlay window: a title, each row's byte offset, each member's
    // name in its first byte, and where each element starts. ImGui calls only.
    void annotate(const Layout& layout, std::uint32_t count) const;

private:
    std::uint32_t elementsShown(const Layout& layout, std::uint32_t count) const;

    cs::Rect grid_;          // the grid of kBytesShown bytes, in frame pixels
    float cell_ = 1;         // pixels per byte along each side
    bool labelled_ = false;  // room was left for the labels
    int frameWidth_ = 1, frameHeight_ = 1;
    mutable cs::Program program_;
    mutable cs::VertexArray noVertices_;  // corners come from gl_VertexID; core GL wants a VAO
};

}  // namespace buffers
