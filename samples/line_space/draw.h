#pragma once
// Lines drawn over a picture in the window: the detected lines over the image, and marks on
// the found entries over the line space or the accumulator (lines.vert, lines.frag).
#include <glm/glm.hpp>
#include <vector>

#include "app/draw.h"
#include "gl/objects.h"
#include "gl/program.h"
#include "interpret.h"

namespace line_space {

class LineDrawer {
public:
    // Segments from a[i] to b[i], in the pixels of a picture `pixels` large (bottom row first,
    // pixel centres at whole numbers), best first: they are coloured by rank.
    void set(const std::vector<glm::vec2>& a, const std::vector<glm::vec2>& b, glm::vec2 pixels);
    // Small crosses on the given entries of a picture `pixels` large.
    void setMarks(const std::vector<glm::vec2>& at, glm::vec2 pixels);
    // Draws them over the picture drawn in `rect` of a target `targetWidth` x `targetHeight`.
    void draw(const cs::Rect& rect, int targetWidth, int targetHeight) const;

private:
    mutable cs::Program program_;  // built on first use
    cs::VertexArray vertices_;
    cs::Buffer buffer_;
    glm::vec2 pixels_{1.0f};
    int count_ = 0;  // vertices
};

// The chosen entries (passes.h' gatherPass) as lines over the image and as marks on the space
// of `spaceSize` entries, set into the two drawers. Returns the lines, best first.
std::vector<Line> showChosen(const std::vector<Interpreter::Chosen>& chosen, const Space& space,
                             glm::ivec2 spaceSize, LineDrawer& imageLines, LineDrawer& spaceMarks);

}  // namespace line_space
