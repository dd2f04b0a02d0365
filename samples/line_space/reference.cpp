#include "reference.h"

#include <algorithm>
#include <cstdlib>
#include <numeric>

namespace line_space {
namespace {

// A value at (x, y) of a width x height grid, the nearest edge pixel's beyond it.
template <typename T>
T clamped(const std::vector<T>& values, int width, int height, int x, int y) {
    x = std::clamp(x, 0, width - 1);
    y = std::clamp(y, 0, height - 1);
    return values[std::size_t(y) * width + x];
}

// Bresenham's walk as walk.glsl walks it: from the endpoint with the lower y (then the lower
// x), counting all edge pixels and the longest run with gaps of at most `gap`.
Entry walkLine(const EdgeImage& edges, glm::ivec2 p, glm::ivec2 q, std::uint32_t pair, int gap,
               bool segments) {
    const bool swapped = q.y < p.y || (q.y == p.y && q.x < p.x);
    glm::ivec2 at = swapped ? q : p;
    const glm::ivec2 end = swapped ? p : q;
    const int dx = std::abs(end.x - at.x), dy = -std::abs(end.y - at.y);
    const int stepX = at.x < end.x ? 1 : -1;
    int err = dx + dy;
    std::uint32_t all = 0, run = 0, best = 0;
    int lastEdge = 0;
    glm::ivec2 runFirst{0}, bestFirst{0}, bestLast{0};
    for (int t = 0;; ++t) {
        if (edges.at(at.x, at.y)) {
            ++all;
            if (run == 0 || t - lastEdge - 1 > gap) {
                run = 0;
                runFirst = at;
            }
            ++run;
            lastEdge = t;
            if (run > best) {
                best = run;
                bestFirst = runFirst;
                bestLast = at;
            }
        }
        if (at == end) break;
        const int e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            at.x += stepX;
        }
        if (e2 <= dx) {
            err += dx;
            at.y += 1;
        }
    }
    return {segments ? best : all, pair, packPoint(bestFirst), packPoint(bestLast)};
}

// Lower keys first; the key of a score is 65535 - score, as sort_keys.comp makes it.
std::uint32_t sortKey(std::uint32_t score) {
    return 0xFFFFu - std::min(score, 0xFFFFu);
}

// The first `most` indices of `candidates` (score, index) after a stable sort by key.
std::vector<std::uint32_t> bestFirst(std::vector<glm::uvec2> candidates, int most) {
    std::stable_sort(candidates.begin(), candidates.end(),
                     [](glm::uvec2 a, glm::uvec2 b) { return sortKey(a.x) < sortKey(b.x); });
    std::vector<std::uint32_t> indices;
    for (std::size_t i = 0; i < candidates.size() && int(i) < most; ++i)
        indices.push_back(candidates[i].y);
    return indices;
}

}  // namespace

EdgeImage cannyOnCpu(const cs::Image& image, int low, int high) {
    const int w = image.width, h = image.height;
    const std::size_t n = std::size_t(w) * h;
    std::vector<int> grey(n), blurred(n), length2(n), direction(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint8_t* c = &image.rgba[4 * i];
        grey[i] = (77 * c[0] + 150 * c[1] + 29 * c[2] + 128) >> 8;
    }
    const int weights[5] = {1, 4, 6, 4, 1};
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            int sum = 0;
            for (int dy = -2; dy <= 2; ++dy)
                for (int dx = -2; dx <= 2; ++dx)
                    sum += weights[dx + 2] * weights[dy + 2] * clamped(grey, w, h, x + dx, y + dy);
            blurred[std::size_t(y) * w + x] = (sum + 128) >> 8;
        }
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            auto b = [&](int dx, int dy) { return clamped(blurred, w, h, x + dx, y + dy); };
            const int gx = b(1, -1) + 2 * b(1, 0) + b(1, 1) - b(-1, -1) - 2 * b(-1, 0) - b(-1, 1);
            const int gy = b(-1, 1) + 2 * b(0, 1) + b(1, 1) - b(-1, -1) - 2 * b(0, -1) - b(1, -1);
            const int ax = std::abs(gx), ay = std::abs(gy);
            int d = 0;
            if (256 * ay > 106 * ax) d = 256 * ax <= 106 * ay ? 1 : (gx * gy > 0 ? 2 : 3);
            length2[std::size_t(y) * w + x] = gx * gx + gy * gy;
            direction[std::size_t(y) * w + x] = d;
        }
    // Non-maximum suppression and the double threshold: 0 none, 1 weak, 2 strong.
    const glm::ivec2 steps[4] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}};
    auto lengthAt = [&](int x, int y) {
        return x < 0 || y < 0 || x >= w || y >= h ? 0 : length2[std::size_t(y) * w + x];
    };
    std::vector<std::uint8_t> classes(n);
    std::vector<int> stack;
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const std::size_t i = std::size_t(y) * w + x;
            const glm::ivec2 s = steps[direction[i]];
            const int m = length2[i];
            if (m < lengthAt(x + s.x, y + s.y) || m <= lengthAt(x - s.x, y - s.y)) continue;
            classes[i] = m >= high * high ? 2 : (m >= low * low ? 1 : 0);
            if (classes[i] == 2) stack.push_back(int(i));
        }
    // Hysteresis: everything weak reachable from a strong pixel through weak ones.
    while (!stack.empty()) {
        const int i = stack.back();
        stack.pop_back();
        const int x = i % w, y = i / w;
        for (int dy = -1; dy <= 1; ++dy)
            for (int dx = -1; dx <= 1; ++dx) {
                const int nx = x + dx, ny = y + dy;
                if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
                const std::size_t j = std::size_t(ny) * w + nx;
                if (classes[j] == 1) {
                    classes[j] = 2;
                    stack.push_back(int(j));
                }
            }
    }
    EdgeImage edges{w, h, std::vector<std::uint8_t>(n)};
    for (std::size_t i = 0; i < n; ++i) edges.edge[i] = classes[i] == 2;
    return edges;
}

EdgeImage inputEdgesOnCpu(const cs::Image& image) {
    EdgeImage edges{image.width, image.height,
                    std::vector<std::uint8_t>(std::size_t(image.width) * image.height)};
    for (std::size_t i = 0; i < edges.edge.size(); ++i)
        edges.edge[i] = image.rgba[4 * i] || image.rgba[4 * i + 1] || image.rgba[4 * i + 2];
    return edges;
}

std::vector<Entry> lineSpaceOnCpu(const EdgeImage& edges, int gap, bool segments) {
    const int w = edges.width, h = edges.height;
    const glm::ivec2 size = layoutSize(w, h);
    std::vector<Entry> entries(std::size_t(size.x) * size.y, Entry(0u));
    for (int y = 0; y < size.y; ++y)
        for (int x = 0; x < size.x; ++x) {
            int p = 0, q = 0;
            if (!layoutPair(w, h, {x, y}, p, q)) continue;
            Entry& entry = entries[std::size_t(y) * size.x + x];
            entry.y = std::uint32_t(p) | std::uint32_t(q) << 16;
            const glm::ivec2 from = borderPoint(w, h, p), to = borderPoint(w, h, q);
            if (scanned(w, h, from, to)) entry = walkLine(edges, from, to, entry.y, gap, segments);
        }
    return entries;
}

std::vector<Entry> houghOnCpu(const EdgeImage& edges, int thetaSteps) {
    const HoughSize size = houghSize(edges.width, edges.height, thetaSteps);
    const std::vector<glm::vec2> angles = houghAngles(thetaSteps);
    std::vector<std::uint32_t> votes(std::size_t(size.dBins) * thetaSteps);
    for (int y = 0; y < edges.height; ++y)
        for (int x = 0; x < edges.width; ++x)
            if (edges.at(x, y))
                for (int t = 0; t < thetaSteps; ++t)
                    ++votes[std::size_t(t) * size.dBins +
                            houghBin(edges.width, edges.height, size.dOffset, {x, y}, angles[t])];
    std::vector<Entry> entries(votes.size());
    for (int t = 0; t < thetaSteps; ++t)
        for (int d = 0; d < size.dBins; ++d) {
            const std::size_t i = std::size_t(t) * size.dBins + d;
            entries[i] = {votes[i], std::uint32_t(d) | std::uint32_t(t) << 16, 0u, 0u};
        }
    return entries;
}

std::vector<std::uint32_t> thresholdOnCpu(const std::vector<Entry>& entries, std::uint32_t minimum,
                                          int most) {
    std::vector<glm::uvec2> kept;
    for (std::size_t i = 0; i < entries.size(); ++i)
        if (entries[i].x >= minimum) kept.push_back({entries[i].x, std::uint32_t(i)});
    return bestFirst(kept, most);
}

std::vector<std::uint32_t> reduceOnCpu(std::vector<Entry> entries, glm::ivec2 size, int most,
                                       int suppress, const Neighbourhood& around) {
    std::vector<std::uint32_t> found;
    for (int round = 0; round < most; ++round) {
        // The best entry left: the highest score, of equal ones the lowest index.
        std::size_t best = 0;
        for (std::size_t i = 1; i < entries.size(); ++i)
            if (entries[i].x > entries[best].x) best = i;
        if (entries[best].x == 0) {
            found.push_back(0xFFFFFFFFu);
            continue;
        }
        found.push_back(std::uint32_t(best));
        const glm::ivec2 centre(int(best % size.x), int(best / size.x));
        for (int j = 0; j < suppress; ++j)
            for (int i = 0; i < suppress; ++i) {
                const int entry = neighbour(around, size, suppress, centre, {i, j});
                if (entry >= 0) entries[entry].x = 0;
            }
    }
    return found;
}

std::vector<std::uint32_t> sortOnCpu(const std::vector<Entry>& entries, glm::ivec2 size,
                                     int prereduce, int most) {
    // Level p of the max pyramid: the best entry of every 2^p x 2^p square, p no more than
    // the levels there are (up to a single entry).
    int levels = 0;
    while ((std::max(size.x, size.y) - 1) >> levels) ++levels;
    const int p = std::min(prereduce, levels);
    const int block = 1 << p;
    const glm::ivec2 cells = (size + block - 1) / block;
    std::vector<glm::uvec2> candidates;
    for (int by = 0; by < cells.y; ++by)
        for (int bx = 0; bx < cells.x; ++bx) {
            glm::uvec2 best(0u, 0xFFFFFFFFu);
            for (int y = by * block; y < std::min((by + 1) * block, size.y); ++y)
                for (int x = bx * block; x < std::min((bx + 1) * block, size.x); ++x) {
                    const std::uint32_t i = std::uint32_t(y) * size.x + x;
                    if (entries[i].x > best.x || (entries[i].x == best.x && i < best.y))
                        best = {entries[i].x, i};
                }
            candidates.push_back(best);
        }
    return bestFirst(candidates, most);
}

}  // namespace line_space
