#pragma once
// The prefix_sum sample's picture: three bar plots stacked top to bottom, each drawn
// straight from a storage buffer that a compute pass wrote (bars.vert, bars.frag), and each
// with a title and its values on the bars, drawn by ImGui behind the overlay window.
#include <cstdint>
#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "app/draw.h"
#include "gl/objects.h"
#include "gl/program.h"

namespace prefix_sum {

// The values at the bottom and at the top of a plot.
struct ValueRange {
    float bottom = 0.0f, top = 1.0f;
};
// The plots' value axes for an input: one that holds every input value, and one that holds
// every partial sum of them, for the result.
struct Axes {
    ValueRange values, sums;
};
Axes axesFor(const std::vector<std::uint32_t>& words, bool isFloat);

// The step view's axis: what single_group.comp holds after `step` steps, in which every block
// of 2^step elements is scanned on its own (uint sums wrap modulo 2^32, as on the GPU). Its own
// scale, not the result's: 2048 inputs of 1..9 sum to about 10,000, on which the input (step 0)
// and the first steps' short blocks would be bars thinner than a pixel.
ValueRange stepAxis(const std::vector<std::uint32_t>& words, bool isFloat, int step);

// The middle plot's title: what single_group.comp has done after `step` of its `steps` steps.
std::string stepTitle(int step, int steps);

// The C++ mirror of bars.vert's and bars.frag's std140 block Plot: what one plot's draw reads.
struct PlotBlock {
    glm::vec4 rectNdc;  // x0, y0, x1, y1
    glm::vec3 barColor;
    float barPixels;
    glm::vec2 valueRange;
    std::uint32_t count;
    std::uint32_t blockSize;
    std::uint32_t floatValues;  // a bool in C++, 4 bytes in std140
};

class BarPlots {
public:
    // Where the plots go and what they show, each frame before drawing (the window, the
    // overlay and the parameters change them): `area` of a `width` x `height` frame target,
    // in its pixels with the origin at the bottom left (Sample::freeArea()), and arrays of
    // `count` 32-bit words, float32 bits or uint32 values.
    void place(const cs::Rect& area, int width, int height, std::uint32_t count, bool isFloat);

    // Row `row` (0 at the top) as bars that bars.frag reads from `buffer` itself. A
    // `blockSize` > 1 colours one step of single_group.comp: in every block of that many
    // elements, the last of the lower half green and the upper half orange.
    void bars(int row, const cs::Buffer& buffer, ValueRange range, glm::vec3 color,
              GLuint blockSize = 0);

    // ImGui: the row's title above it, and each of `words` on its bar where the bars are wide
    // enough for the text (none when `words` is empty). Reads nothing from the GL.
    void annotate(int row, const std::string& title, const std::vector<std::uint32_t>& words,
                  ValueRange range) const;

private:
    cs::Rect rect(int row) const;

    cs::Program program_;         // built on first use
    GLsizeiptr blockSize_ = 0;    // the Plot block's size as the program sees it
    cs::Buffer blocks_[3];        // a Plot block per row, uploaded when it changes
    PlotBlock uploaded_[3] = {};  // what each holds
    cs::VertexArray noVertices_;  // corners come from gl_VertexID; core GL still wants a VAO
    cs::Rect area_;
    int width_ = 1, height_ = 1;
    std::uint32_t count_ = 1;
    bool isFloat_ = false;
};

}  // namespace prefix_sum
