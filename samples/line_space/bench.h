#pragma once
// The line_space sample's --bench sweeps: the thesis' Figure 22 (transform time against image
// size, with and without shared memory) and Figure 23 (reduce against sort, against m) as
// data, and both methods' accuracy on the same synthetic images. The sample runs its own
// passes through the callbacks; this file decides what is run and turns the times into figures.
#include <functional>
#include <string>
#include <vector>

#include "bench/report.h"
#include "geometry.h"
#include "util/image.h"

namespace line_space {

// "--bench-sizes 256,384": the image sides of the transform sweep; the default where not given
// (`software`: a CPU renderer, where 768 x 768 takes a minute). Throws cs::UsageError for a
// malformed list.
std::vector<int> parseBenchSizes(const std::string& text, bool given, bool software);

// `image` resampled (bilinear) to side x side.
cs::Image scaled(const cs::Image& image, int side);

// Figure 22: for each side, `load(the building at that size)`, then `time(hough,
// sharedMemory)`, the median milliseconds of one transform, for all four variants.
std::vector<cs::BenchFigure> transformFigures(
    const cs::Image& building, const std::vector<int>& sides,
    const std::function<void(const cs::Image&)>& load,
    const std::function<double(bool hough, bool sharedMemory)>& time);

// Figure 23: `time(interpret, m, prereduce)` for reduce and for sort at a few prereduce
// values, m from 1 to 1000.
std::vector<cs::BenchFigure> interpretFigures(
    const std::function<double(const std::string& interpret, int lines, int prereduce)>& time);

// Accuracy: `images` synthetic edge images (256 x 256, 8 segments, 0.5% noise) from `seed`.
// For each, `transform(edges, method, segments)` runs a transform on it, and
// `interpret(suppress, lines)` reads lines out of that with interpret=reduce: the line space
// with the thesis' 10 x 10 neighbourhood and with 16 x 16, its segments, and Hough with the
// thesis' 5 x 5. Precision and recall at 0.5, 1 and 2 pixels, and the median distance.
std::vector<cs::BenchFigure> accuracyFigures(
    int images, unsigned seed,
    const std::function<void(const cs::Image& edges, const std::string& method, bool segments)>&
        transform,
    const std::function<std::vector<Line>(int suppress, int lines)>& interpret);

}  // namespace line_space
