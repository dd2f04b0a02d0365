#pragma once
// The line_space sample's --bench sweeps: the thesis' Figure 22 (transform time against image
// size, with and without shared memory) and Figure 23 (reduce against sort, against m) as
// data, and both methods' accuracy on the same synthetic images. The sample runs its own
// passes through the callbacks; this file decides what is run and turns the times into figures.
#include <functional>
#include <string>
#include <vector>

#include "app/params.h"
#include "bench/profiler.h"
#include "bench/report.h"
#include "geometry.h"
#include "util/image.h"

namespace line_space {

// "--bench-sizes 256,384": the image sides of the transform sweep; the default where not given
// (`software`: a CPU renderer, where 768 x 768 takes a minute). Throws cs::UsageError for a
// malformed list.
std::vector<int> parseBenchSizes(const std::string& text, bool given, bool software);

// --bench's own options, declared among the sample's flags: --bench-sizes (Figure 22's image
// sides) and --bench-images (the accuracy figures' synthetic images), active with --bench.
struct BenchFlags {
    BenchFlags(cs::Params& flags, const std::function<bool()>& bench);
    // Figure 22's sides, as parseBenchSizes() reads --bench-sizes.
    std::vector<int> sides(bool software) const;
    // Throws cs::Error, naming the side, where this GL cannot hold a side's space for either
    // method: refused before the sweep allocates anything, not once it has reached the side.
    void requireSpaces(int thetaSteps) const;

    cs::Params& flags;
    std::string& sizesText;
    int& images;
};

// `image` resampled (bilinear) to side x side.
cs::Image scaled(const cs::Image& image, int side);

// What the sweeps need of the sample: its state (an image's edges, a transform's space) is
// set through these callbacks, and its passes run through them.
struct Sweep {
    int images = 0;  // accuracy: synthetic edge images, the first from `seed`
    unsigned seed = 0;
    cs::Image input;         // Figures 22 and 23: the input image, bottom row first
    std::vector<int> sides;  // Figure 22: the sides it is scaled to
    // Makes `image` the state: its own edges (`isEdges`), or Canny's edges of it.
    std::function<void(const cs::Image& image, bool isEdges)> load;
    // Chooses the transform (and prepares its space): Hough or the line space, with shared
    // memory or without, whole lines or the line space's segments.
    std::function<void(bool hough, bool sharedMemory, bool segments)> choose;
    std::function<void()> transform;  // one transform of the state's edges, untimed
    // interpret=reduce on the transform's space: the best `lines`, `suppress` zeroed around each.
    std::function<std::vector<Line>(int suppress, int lines)> readLines;
    // One interpretation of the space, its pyramid included, untimed: "reduce" or "sort"
    // (after `prereduce` 2x2 reductions), for the best `lines`.
    std::function<void(const std::string& interpret, int lines, int prereduce)> interpret;
    cs::GpuProfiler::Method timing;
};

// In this order, each leaving the state as it ends:
// - accuracy: `images` synthetic edge images (256 x 256, 8 segments, 0.5% noise). On each,
//   the line space with the thesis' 10 x 10 neighbourhood and with 16 x 16, its segments, and
//   Hough with the thesis' 5 x 5: precision and recall at 0.5, 1 and 2 pixels, and the median
//   distance;
// - Figure 22: for each side, the input scaled to it and Canny's edges of it: the median
//   milliseconds of one transform, for all four variants, and their ratios;
// - Figure 23: on the line space (shared memory) of the input at its own size: reduce, and
//   sort at a few prereduce values, m from 1 to 1000.
// Each time is the median of 5 runs, or one run where that takes over 500 ms.
std::vector<cs::BenchFigure> runSweep(const Sweep& sweep);

}  // namespace line_space
