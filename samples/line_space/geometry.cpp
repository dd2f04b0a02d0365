#include "geometry.h"

#include <algorithm>
#include <cmath>

namespace line_space {

int borderCount(int width, int height) {
    return 2 * (width + height) - 4;
}

int sideLength(int width, int height, int side) {
    return side % 2 == 0 ? width - 1 : height - 1;
}

int sideStart(int width, int height, int side) {
    int start = 0;
    for (int s = 0; s < side; ++s) start += sideLength(width, height, s);
    return start;
}

glm::ivec2 borderPoint(int width, int height, int k) {
    const int a = width - 1, b = height - 1;
    if (k < a) return {k, 0};                        // bottom, left to right
    if (k < a + b) return {a, k - a};                // right, bottom to top
    if (k < 2 * a + b) return {a - (k - a - b), b};  // top, right to left
    return {0, b - (k - 2 * a - b)};                 // left, top to bottom
}

bool scanned(int width, int height, glm::ivec2 a, glm::ivec2 b) {
    const int right = width - 1, top = height - 1;
    const bool commonSide =
        (a.x == b.x && (a.x == 0 || a.x == right)) || (a.y == b.y && (a.y == 0 || a.y == top));
    auto corner = [&](glm::ivec2 p) {
        return (p.x == 0 || p.x == right) && (p.y == 0 || p.y == top);
    };
    return !commonSide || (corner(a) && corner(b));
}

std::int64_t lineCount(int width, int height) {
    auto pairs = [](std::int64_t n) { return n * (n - 1) / 2; };
    return pairs(borderCount(width, height)) - 2 * pairs(width) - 2 * pairs(height) + 4;
}

glm::ivec2 layoutSize(int width, int height) {
    const int a = width - 1, b = height - 1;
    return {a + b + std::max(a, b), a + b};
}

bool layoutPair(int width, int height, glm::ivec2 entry, int& p, int& q) {
    const int a = width - 1;
    const int x = entry.x, y = entry.y;
    // Each band is a row of three blocks: the row's side, and the column sides of its blocks.
    int rowSide = 0, row = y, columnSides[3] = {1, 2, 3};
    if (y >= a) {
        rowSide = 1;
        row = y - a;
        columnSides[0] = 2;
        columnSides[1] = 3;
        columnSides[2] = 2;
    }
    int column = x;
    for (int block = 0; block < 3; ++block) {
        const int columnSide = columnSides[block];
        const int columns = sideLength(width, height, columnSide);
        if (column < columns) {
            // The band's third block of band 1 pairs side 3 (rows) with side 2 (columns).
            const int side = rowSide == 1 && block == 2 ? 3 : rowSide;
            if (row >= sideLength(width, height, side)) return false;
            p = sideStart(width, height, side) + row;
            q = sideStart(width, height, columnSide) + column;
            return true;
        }
        column -= columns;
    }
    return false;
}

int sideOf(int width, int height, int k) {
    const int a = width - 1, b = height - 1;
    return k < a ? 0 : (k < a + b ? 1 : (k < 2 * a + b ? 2 : 3));
}

glm::ivec2 pairEntry(int width, int height, int p, int q) {
    const int a = width - 1, b = height - 1;
    int sp = sideOf(width, height, p), sq = sideOf(width, height, q);
    if (sp == sq) return glm::ivec2(-1);
    if (sp > sq) std::swap(p, q), std::swap(sp, sq);
    // Side 3 against side 2 has side 3's points as rows, in the second band's third block.
    if (sp == 2)
        return {a + b + p - sideStart(width, height, 2), a + q - sideStart(width, height, 3)};
    const int row = p - sideStart(width, height, sp), column = q - sideStart(width, height, sq);
    if (sp == 0) return {(sq == 1 ? 0 : (sq == 2 ? b : a + b)) + column, row};
    return {(sq == 2 ? 0 : a) + column, a + row};
}

int neighbour(const Neighbourhood& around, glm::ivec2 size, int suppress, glm::ivec2 centre,
              glm::ivec2 offset) {
    if (around.kind == Neighbourhood::Kind::BorderPoints) {
        const int w = around.image.x, h = around.image.y, k = borderCount(w, h);
        int p = 0, q = 0;
        if (!layoutPair(w, h, centre, p, q)) return -1;
        const int turns = k * (suppress / k + 1);  // whole turns round the border
        const int p2 = (p + offset.x - suppress / 2 + turns) % k;
        const int q2 = (q + offset.y - suppress / 2 + turns) % k;
        if (p2 == q2) return -1;
        const glm::ivec2 entry = pairEntry(w, h, p2, q2);
        return entry.x < 0 ? -1 : entry.y * size.x + entry.x;
    }
    const bool wrap = around.kind == Neighbourhood::Kind::HoughAngles;
    const int rows = wrap ? std::min(suppress, size.y) : suppress;
    if (offset.y >= rows) return -1;
    glm::ivec2 at = centre + offset - glm::ivec2(suppress, rows) / 2;
    if (wrap && (at.y < 0 || at.y >= size.y)) {
        at.y = at.y < 0 ? at.y + size.y : at.y - size.y;
        at.x = size.x - 1 - at.x;
    }
    if (at.x < 0 || at.y < 0 || at.x >= size.x || at.y >= size.y) return -1;
    return at.y * size.x + at.x;
}

HoughSize houghSize(int width, int height, int thetaSteps) {
    const double halfDiagonal = 0.5 * std::hypot(double(width - 1), double(height - 1));
    const int dOffset = int(std::ceil(halfDiagonal));
    return {2 * dOffset + 1, thetaSteps, dOffset};
}

std::vector<glm::vec2> houghAngles(int thetaSteps) {
    const double pi = 3.14159265358979323846;
    std::vector<glm::vec2> angles(thetaSteps);
    for (int t = 0; t < thetaSteps; ++t) {
        const double alpha = pi * t / thetaSteps;
        angles[t] = {float(std::cos(alpha)), float(std::sin(alpha))};
    }
    return angles;
}

int houghBin(int width, int height, int dOffset, glm::ivec2 pixel, glm::vec2 cosSin) {
    // Each operation rounds to float once, as hough.glsl's `precise` expression does.
    const float x = float(pixel.x) - float(width - 1) * 0.5f;
    const float y = float(pixel.y) - float(height - 1) * 0.5f;
    const float xc = x * cosSin.x;
    const float ys = y * cosSin.y;
    const float d = xc + ys;
    return int(std::floor(d + 0.5f)) + dOffset;
}

Line lineSpaceLine(int width, int height, const Entry& entry, bool segments) {
    Line line;
    line.score = entry.x;
    if (segments) {
        line.a = unpackPoint(entry.z);
        line.b = unpackPoint(entry.w);
    } else {
        line.a = borderPoint(width, height, int(entry.y & 0xFFFFu));
        line.b = borderPoint(width, height, int(entry.y >> 16));
    }
    return line;
}

bool houghLine(int width, int height, int thetaSteps, const Entry& entry, Line& line) {
    const HoughSize size = houghSize(width, height, thetaSteps);
    const double pi = 3.14159265358979323846;
    const double alpha = pi * double(entry.y >> 16) / thetaSteps;
    const double d = double(int(entry.y & 0xFFFFu) - size.dOffset);
    const glm::dvec2 normal(std::cos(alpha), std::sin(alpha)), along(-normal.y, normal.x);
    const glm::dvec2 centre(0.5 * (width - 1), 0.5 * (height - 1));
    const glm::dvec2 origin = centre + d * normal;
    // Liang-Barsky: the part of origin + s * along inside [0, width-1] x [0, height-1].
    double low = -1e30, high = 1e30;
    const double from[2] = {0.0, 0.0}, to[2] = {double(width - 1), double(height - 1)};
    for (int axis = 0; axis < 2; ++axis) {
        if (std::abs(along[axis]) < 1e-12) {
            if (origin[axis] < from[axis] - 1e-9 || origin[axis] > to[axis] + 1e-9) return false;
            continue;
        }
        double s0 = (from[axis] - origin[axis]) / along[axis];
        double s1 = (to[axis] - origin[axis]) / along[axis];
        if (s0 > s1) std::swap(s0, s1);
        low = std::max(low, s0);
        high = std::min(high, s1);
    }
    if (low > high) return false;
    line.a = glm::vec2(origin + low * along);
    line.b = glm::vec2(origin + high * along);
    line.score = entry.x;
    return true;
}

std::vector<Line> linesOf(const Space& space, const std::vector<Entry>& entries) {
    std::vector<Line> lines;
    for (const Entry& entry : entries) {
        if (entry.x == 0) continue;
        Line line = lineSpaceLine(space.width, space.height, entry, space.segments);
        if (space.hough && !houghLine(space.width, space.height, space.thetaSteps, entry, line))
            continue;
        lines.push_back(line);
    }
    return lines;
}

}  // namespace line_space
