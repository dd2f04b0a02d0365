#pragma once
// What the line space and the Hough transform mean geometrically, on the CPU: the border points
// of an image and the line space's layout (thesis §5.1), the Hough accumulator's (d, α) bins
// (§5.2), and the line each entry stands for. shaders/line_space/border.glsl
// and hough.glsl say the same on the GPU; tests/gl/line_space_test.cpp holds the two to it.
//
// Coordinates are pixels, bottom row first as every texture here keeps them: (0, 0) is the
// centre of the bottom-left pixel. Only the files turn them round (output.h).
#include <cstdint>
#include <glm/glm.hpp>
#include <vector>

namespace line_space {

// The border points of a width x height image (both at least 2), numbered counter-clockwise
// from the bottom-left corner: k = 2(width + height) - 4 of them. Four half-open sides, each
// from its corner up to the next corner: side 0 the bottom row (0, 0) .. (width - 2, 0),
// side 1 the right column, side 2 the top row (right to left), side 3 the left column.
int borderCount(int width, int height);
int sideLength(int width, int height, int side);  // width - 1 or height - 1
glm::ivec2 borderPoint(int width, int height, int k);
int sideStart(int width, int height, int side);  // k of the side's first point

// Whether the line space scans the line from a to b: the two do not lie on a common side of
// the image (closed sides, corners included), or they are two corners of one side (the four
// border edges themselves).
bool scanned(int width, int height, glm::ivec2 a, glm::ivec2 b);

// How many lines that is: every pair of border points minus the pairs on a common side, plus
// the four sides: C(k, 2) - 2 C(width, 2) - 2 C(height, 2) + 4. For the thesis' 768 x 768,
// 3,526,670.
std::int64_t lineCount(int width, int height);

// The line space's layout: a texture of (a + b + max(a, b)) x (a + b) entries for a = width - 1
// and b = height - 1, made of the six blocks of side pairs, each a rectangle of one side's
// points (rows) against the other's (columns):
//
//   rows 0 .. a-1 (points of side 0):    [ 0-1: a x b ][ 0-2: a x a ][ 0-3: a x b ]
//   rows a .. a+b-1 (points of side 1):  [ 1-2: b x a ][ 1-3: b x b ][ 3-2: b x a ]
//
// (the last block has side 3's points as rows and side 2's as columns). Neighbouring entries
// are neighbouring lines, which the reduce interpretation relies on. Each unordered pair of
// sides appears once, so no line twice; the 2(a + b) - 4 entries that pair two points of one
// closed side through a corner stay empty, and where a != b the shorter band leaves |a - b|
// columns of a band empty. A square image uses 6 (n-1)^2 of its entries' room for
// 6 n^2 - 16 n + 14 lines, where the thesis' 3n x 3n texture leaves a third empty.
glm::ivec2 layoutSize(int width, int height);
// The numbers of the border points that entry `entry` pairs: p from its row's side, q from its
// column's; false for entries outside the blocks.
bool layoutPair(int width, int height, glm::ivec2 entry, int& p, int& q);
// The side (0-3) border point k lies on, and the entry that pairs border points p and q, in
// either order: the inverse of layoutPair. (-1, -1) for two points of one side.
int sideOf(int width, int height, int k);
glm::ivec2 pairEntry(int width, int height, int p, int q);

// The Hough accumulator: x cos α + y sin α = d about the image's centre ((w-1)/2, (h-1)/2),
// α = t π / thetaSteps for t in [0, thetaSteps), d in 1-pixel bins: bin (d + dOffset) rounded,
// dOffset the half diagonal rounded up, so 2 dOffset + 1 bins hold every pixel's d.
struct HoughSize {
    int dBins = 0, thetaSteps = 0, dOffset = 0;
};
HoughSize houghSize(int width, int height, int thetaSteps);
// cos α and sin α of every step as floats, computed once here and uploaded, so that the GPU's
// votes and the CPU reference's use the same numbers (hough.glsl).
std::vector<glm::vec2> houghAngles(int thetaSteps);
// The bin of pixel (x, y) at one angle, with the float operations hough.glsl uses, in order.
int houghBin(int width, int height, int dOffset, glm::ivec2 pixel, glm::vec2 cosSin);

// The neighbourhood of a maximum that interpret=reduce zeroes (reduce_round.comp): for an
// offset (i, j) in [0, suppress)^2, one entry of a space of `size` entries, or -1.
//   Rectangle:    the entries around it in the texture, as far as the texture goes;
//   HoughAngles:  the same in the accumulator, but rows (angles) wrap round, since the angle
//                 after the last is the first again, where d changes sign (the columns
//                 mirror); min(suppress, rows) rows;
//   BorderPoints: the line space's lines whose border points both lie within suppress / 2
//                 points of the maximum's own, counted round the border, corners included:
//                 neighbours in the texture within a block, and across its edges the lines
//                 that run into the next side, which the layout keeps in another block.
struct Neighbourhood {
    enum class Kind { Rectangle, HoughAngles, BorderPoints };
    Kind kind = Kind::Rectangle;
    glm::ivec2 image{0};  // BorderPoints: the image whose border the entries pair points of
};
int neighbour(const Neighbourhood& around, glm::ivec2 size, int suppress, glm::ivec2 centre,
              glm::ivec2 offset);

// A detected line or segment: endpoints in pixels (bottom row first) and its score.
struct Line {
    glm::vec2 a{0.0f}, b{0.0f};
    std::uint32_t score = 0;
};

// An entry as both transforms write it (RGBA32UI): x the score (edge pixels on the line, on
// its longest run, or votes), y its position (the line space: p | q << 16, Hough: d bin | t <<
// 16), z and w the longest run's first and last pixel (x | y << 16; line space only).
using Entry = glm::uvec4;
inline std::uint32_t packPoint(glm::ivec2 p) {
    return std::uint32_t(p.x) | std::uint32_t(p.y) << 16;
}
inline glm::ivec2 unpackPoint(std::uint32_t v) {
    return {int(v & 0xFFFFu), int(v >> 16)};
}

// The line of a line space entry: its two border points, or with `segments` its longest run.
Line lineSpaceLine(int width, int height, const Entry& entry, bool segments);
// The line of a Hough entry, clipped to the image (through the pixel centres of its edge
// rows and columns). False when it misses the image.
bool houghLine(int width, int height, int thetaSteps, const Entry& entry, Line& line);

// The lines of chosen entries, in their order, leaving out the empty ones (score 0) and Hough
// bins whose line misses the image (they hold no votes, so only an empty one could).
struct Space {
    int width = 0, height = 0;  // the image's
    bool hough = false;
    int thetaSteps = 0;     // Hough
    bool segments = false;  // the line space
};
std::vector<Line> linesOf(const Space& space, const std::vector<Entry>& entries);

}  // namespace line_space
