#pragma once
// What the window shows besides the textures: the detected lines over the image and marks on
// the found entries over the line space or the accumulator (lines.vert, lines.frag), and the
// overlay's lines (ImGui calls only): the image and the space, the lines scanned, the
// interpretation's candidates and the lines found. And the overlay's edits that another
// setting contradicts, which bring that setting along.
#include <cstdint>
#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "app/draw.h"
#include "app/params.h"
#include "gl/objects.h"
#include "gl/program.h"
#include "passes.h"

namespace line_space {

class LineDrawer {
public:
    // Segments from a[i] to b[i], in the pixels of a picture `pixels` large (bottom row first,
    // pixel centres at whole numbers), best first: they are coloured by the rank of their line,
    // `perLine` segments a line.
    void set(const std::vector<glm::vec2>& a, const std::vector<glm::vec2>& b, glm::vec2 pixels,
             std::size_t perLine = 1);
    // Small crosses on the given entries of a picture `pixels` large, best first, each in its
    // line's colour.
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

// The chosen entries (passes.h' readChosen()) as lines over the image and as marks on the space
// of `spaceSize` entries, set into the two drawers. Returns the lines, best first.
std::vector<Line> showChosen(const std::vector<Interpreter::Chosen>& chosen, const Space& space,
                             glm::ivec2 spaceSize, LineDrawer& imageLines, LineDrawer& spaceMarks);

// What the last detection worked on and found.
struct Detected {
    int width = 0, height = 0;  // the image's
    bool hough = false;
    glm::ivec2 spaceSize{0};
    std::string interpret;                     // "threshold", "reduce" or "sort"
    std::uint32_t candidates = 0;              // entries the threshold kept, or the sort sorted
    const std::vector<Line>* lines = nullptr;  // best first
    bool spaceShown = true;                    // the space drawn beside the image, with crosses
};

// The figures of the last detection, and a legend of the lines' colours, the crosses and the
// space's heat map.
void drawOverlay(const Detected& detected);

// An overlay edit that another setting contradicts sets that one to a working value, where
// the command line refuses the pair (Sample::run, checkOptions): choosing method=hough turns
// segments off (Hough finds whole lines, and segments cannot be edited under hough), and a
// Canny threshold moved past the other takes the other along. update() calls it first, every
// frame; the thresholds are the parameters' own storage, which names them to params.changed.
void keepWorking(cs::Params& params, bool houghWithSegments, const int& cannyLow,
                 const int& cannyHigh);

}  // namespace line_space
