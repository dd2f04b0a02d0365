#include "synthetic.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

namespace line_space {
namespace {

double pointLineDistance(glm::dvec2 p, glm::dvec2 a, glm::dvec2 b) {
    const glm::dvec2 along = b - a;
    const double length = glm::length(along);
    if (length == 0.0) return glm::length(p - a);
    return std::abs(along.x * (p.y - a.y) - along.y * (p.x - a.x)) / length;
}

}  // namespace

void drawSegment(cs::Image& image, glm::ivec2 a, glm::ivec2 b) {
    const int dx = std::abs(b.x - a.x), dy = -std::abs(b.y - a.y);
    const int sx = a.x < b.x ? 1 : -1, sy = a.y < b.y ? 1 : -1;
    int err = dx + dy;
    for (glm::ivec2 p = a;;) {
        std::uint8_t* pixel = &image.rgba[(std::size_t(p.y) * image.width + p.x) * 4];
        pixel[0] = pixel[1] = pixel[2] = 255;
        if (p == b) break;
        const int e2 = 2 * err;
        if (e2 >= dy) {
            err += dy;
            p.x += sx;
        }
        if (e2 <= dx) {
            err += dx;
            p.y += sy;
        }
    }
}

SyntheticImage syntheticEdges(int width, int height, int count, double noise, std::uint32_t seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    SyntheticImage result;
    result.edges = {width, height, std::vector<std::uint8_t>(std::size_t(width) * height * 4, 0)};
    for (std::size_t i = 3; i < result.edges.rgba.size(); i += 4) result.edges.rgba[i] = 255;
    const double minLength = 0.25 * std::min(width, height);
    auto inside = [&](glm::dvec2 p) {
        return p.x >= 0 && p.y >= 0 && p.x <= width - 1 && p.y <= height - 1;
    };
    while (int(result.truth.size()) < count) {
        glm::dvec2 a, b;
        if (result.truth.size() % 2 == 1) {
            // Through a point of an earlier segment, in another direction: a crossing.
            const Segment& other = result.truth[random() % result.truth.size()];
            const glm::dvec2 through =
                glm::mix(glm::dvec2(other.a), glm::dvec2(other.b), 0.2 + 0.6 * unit(random));
            const double angle = 3.14159265358979 * unit(random);
            const glm::dvec2 direction(std::cos(angle), std::sin(angle));
            const double length = minLength + unit(random) * minLength * 2;
            const double before = length * (0.2 + 0.6 * unit(random));
            a = through - before * direction;
            b = through + (length - before) * direction;
        } else {
            a = {unit(random) * (width - 1), unit(random) * (height - 1)};
            b = {unit(random) * (width - 1), unit(random) * (height - 1)};
        }
        a = glm::round(a);
        b = glm::round(b);
        if (!inside(a) || !inside(b) || glm::length(b - a) < minLength) continue;
        result.truth.push_back({glm::ivec2(a), glm::ivec2(b)});
        drawSegment(result.edges, glm::ivec2(a), glm::ivec2(b));
    }
    for (std::size_t i = 0; i < result.edges.rgba.size(); i += 4)
        if (unit(random) < noise)
            result.edges.rgba[i] = result.edges.rgba[i + 1] = result.edges.rgba[i + 2] = 255;
    return result;
}

double endpointDistance(const Segment& truth, const Line& detected, bool segments) {
    const glm::dvec2 a(truth.a), b(truth.b), c(detected.a), d(detected.b);
    if (!segments) return std::max(pointLineDistance(a, c, d), pointLineDistance(b, c, d));
    return std::min(std::max(glm::length(a - c), glm::length(b - d)),
                    std::max(glm::length(a - d), glm::length(b - c)));
}

void Accuracy::add(const Accuracy& other) {
    truths += other.truths;
    detections += other.detections;
    found += other.found;
    correct += other.correct;
}

std::vector<double> nearestDistances(const std::vector<Segment>& truth,
                                     const std::vector<Line>& detected, bool segments) {
    std::vector<double> nearest(truth.size(), std::numeric_limits<double>::infinity());
    for (std::size_t t = 0; t < truth.size(); ++t)
        for (const Line& line : detected)
            nearest[t] = std::min(nearest[t], endpointDistance(truth[t], line, segments));
    return nearest;
}

Accuracy score(const std::vector<Segment>& truth, const std::vector<Line>& detected, double within,
               bool segments) {
    Accuracy accuracy;
    accuracy.truths = int(truth.size());
    accuracy.detections = int(detected.size());
    for (double distance : nearestDistances(truth, detected, segments))
        accuracy.found += distance <= within;
    for (const Line& line : detected) {
        double nearest = std::numeric_limits<double>::infinity();
        for (const Segment& t : truth)
            nearest = std::min(nearest, endpointDistance(t, line, segments));
        accuracy.correct += nearest <= within;
    }
    return accuracy;
}

}  // namespace line_space
