#pragma once
// Measuring accuracy: edge images with known segments, and how well detected lines match them.
// The thesis judged its results by eye; these give numbers, for both methods on the same set.
#include <cstdint>
#include <vector>

#include "geometry.h"
#include "util/image.h"

namespace line_space {

// A true segment, between pixel centres, bottom row first.
struct Segment {
    glm::ivec2 a{0}, b{0};
};

// An edge image (white on black, bottom row first, for --set edges=input) and what is in it.
struct SyntheticImage {
    cs::Image edges;
    std::vector<Segment> truth;
};

// `count` segments of thickness 1 (Bresenham's pixels), each at least a quarter of the
// smaller side long; every other one after the first crosses an earlier one (it runs through a
// point of it), the rest lie anywhere. Then noise: each remaining pixel is set with probability
// `noise`. The same for the same seed.
SyntheticImage syntheticEdges(int width, int height, int count, double noise, std::uint32_t seed);

// The pixels of a segment, as a line of thickness 1 (Bresenham), set white.
void drawSegment(cs::Image& image, glm::ivec2 a, glm::ivec2 b);

// How far a detection is from a true segment, in pixels: the larger of the distances of the
// segment's two endpoints from the detected line (infinite), or with `segments` from the
// detected segment's endpoints, paired the nearer way round.
double endpointDistance(const Segment& truth, const Line& detected, bool segments);

// Precision and recall at a distance: a true segment is found when its nearest detection lies
// within `within` of it; a detection is correct when it lies within `within` of some true
// segment.
struct Accuracy {
    int truths = 0, detections = 0;
    int found = 0, correct = 0;
    double precision() const { return detections ? double(correct) / detections : 0.0; }
    double recall() const { return truths ? double(found) / truths : 0.0; }
    void add(const Accuracy& other);
};
Accuracy score(const std::vector<Segment>& truth, const std::vector<Line>& detected, double within,
               bool segments);
// Each true segment's distance to its nearest detection (none: infinity).
std::vector<double> nearestDistances(const std::vector<Segment>& truth,
                                     const std::vector<Line>& detected, bool segments);

}  // namespace line_space
