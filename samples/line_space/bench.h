#pragma once
// The line_space sample's --bench sweeps: the thesis' Figure 22 (transform time against image
// size, with and without shared memory) and Figure 23 (reduce against sort, against m) as
// data, and both methods' accuracy on the same synthetic images, and the figures main.cpp's
// benchFigures() adds to its roofline. The sample's own passes run through SweepTarget; this
// file decides what is run and turns the times into figures.
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

// What the sweeps need of the sample (main.cpp's LineSpace): its parameters, which they set by
// name as --set does, and the steps of its detection, which they run.
class SweepTarget {
public:
    virtual ~SweepTarget() = default;
    virtual cs::Params& parameters() = 0;
    // A new image, bottom row first: its textures and buffers, and the space for it.
    virtual void load(cs::Image picture) = 0;
    // The image's edges, as the parameters say: Canny's, or the input's own.
    virtual void findEdges() = 0;
    // The space of the method the parameters choose.
    virtual void prepareSpace() = 0;
    // The transform of the edges into the space, untimed.
    virtual void transform() = 0;
    // The max pyramid and the interpretation the parameters choose, for the best `most`,
    // untimed.
    virtual void interpretUntimed(int most) = 0;
    // The whole read-out, down to the lines found, best first.
    virtual const std::vector<Line>& readOut() = 0;
};

// In this order, each leaving the state as it ends:
// - accuracy: --bench-images synthetic edge images (256 x 256, 8 segments, 0.5% noise), the
//   first from `seed`. On each,
//   the line space with the thesis' 10 x 10 neighbourhood and with 16 x 16, its segments, and
//   Hough with the thesis' 5 x 5: precision and recall at 0.5, 1 and 2 pixels, and the median
//   distance;
// - Figure 22: for each side, the input scaled to it and Canny's edges of it: the median
//   milliseconds of one transform, for all four variants, and their ratios;
// - Figure 23: on the line space (shared memory) of the input at its own size: reduce, and
//   sort at a few prereduce values, m from 1 to 1000.
// Figures 22 and 23 take --input's image, `inputPath` (readInput()), and Figure 22 the sides of
// --bench-sizes. Each time is the median of 5 runs, or one run where that takes over 500 ms.
// The sweeps set the sample's parameters as they go and leave them so: --bench runs them last.
std::vector<cs::BenchFigure> runSweep(SweepTarget& target, const BenchFlags& flags, unsigned seed,
                                      const std::string& inputPath, cs::GpuProfiler::Method timing);

}  // namespace line_space
