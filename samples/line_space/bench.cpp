#include "bench.h"

#include <algorithm>
#include <cmath>
#include <iterator>
#include <sstream>

#include "bench/calibration.h"
#include "gl/info.h"
#include "output.h"
#include "passes.h"
#include "synthetic.h"
#include "util/error.h"
#include "util/parse.h"

namespace line_space {
namespace {

// What a sweep works on.
struct Sweep {
    SweepTarget& target;
    int images = 0;  // accuracy: synthetic edge images, the first from `seed`
    unsigned seed = 0;
    cs::Image input;         // Figures 22 and 23: the input image, bottom row first
    std::vector<int> sides;  // Figure 22: the sides it is scaled to
    cs::GpuProfiler::Method timing;
};

cs::BenchFigure milliseconds(const std::string& name, double ms) {
    return {name, ms, "ms", 0.0, ""};
}

cs::BenchFigure ratio(const std::string& name, double value) {
    return {name, value, "x", 0.0, ""};
}

std::string flag(bool on) {
    return on ? "true" : "false";
}

// Makes `image` the state: its own edges (`isEdges`), or Canny's edges of it.
void load(const Sweep& sweep, const cs::Image& image, bool isEdges) {
    sweep.target.parameters().set("edges", isEdges ? "input" : "detect");
    sweep.target.load(image);
    sweep.target.findEdges();
}

// Chooses the transform and prepares its space: Hough or the line space, with shared memory
// or without, whole lines or the line space's segments.
void choose(const Sweep& sweep, bool hough, bool sharedMemory, bool segments) {
    cs::Params& params = sweep.target.parameters();
    params.set("method", hough ? "hough" : "linespace");
    params.set("shared_memory", flag(sharedMemory));
    params.set("segments", flag(segments));
    sweep.target.prepareSpace();
}

// The median of 5 runs of `work`, or one run where that takes over 500 ms.
double timed(const Sweep& sweep, const std::function<void()>& work) {
    const double ms = cs::medianGpuMs(work, sweep.timing, 1);
    return ms < 500 ? cs::medianGpuMs(work, sweep.timing, 5) : ms;
}

}  // namespace

std::vector<int> parseBenchSizes(const std::string& text, bool given, bool software) {
    if (!given)
        return software ? std::vector<int>{256, 384, 512} : std::vector<int>{256, 384, 512, 768};
    std::vector<int> sizes;
    std::istringstream in(text);
    for (std::string item; std::getline(in, item, ',');) {
        int side = 0;
        if (cs::parseNumber(item, side) != std::errc() || side < 2 || side > 16384)
            throw cs::UsageError("--bench-sizes takes image sides from 2 to 16384, got " +
                                 cs::quoted(item));
        sizes.push_back(side);
    }
    if (sizes.empty()) throw cs::UsageError("--bench-sizes lists no size");
    return sizes;
}

BenchFlags::BenchFlags(cs::Params& flags_, const std::function<bool()>& bench)
    : flags(flags_),
      sizesText(flags_
                    .text("bench-sizes", "N,N,...",
                          "image sides of --bench's Figure 22 (default 256,384,512,768; to 512 "
                          "on a CPU renderer)")
                    .activeWhen(bench, "without --bench")),
      images(
          flags_
              .add("bench-images", 10, {1, 1000}, "synthetic images of --bench's accuracy figures")
              .activeWhen(bench, "without --bench")) {}

std::vector<int> BenchFlags::sides(bool software) const {
    return parseBenchSizes(sizesText, flags.given(&sizesText), software);
}

void BenchFlags::requireSpaces(int thetaSteps) const {
    for (int side : sides(cs::isSoftwareRenderer()))
        for (bool hough : {false, true}) {
            try {
                requireSpace(side, side, hough, thetaSteps);
            } catch (const cs::Error& e) {
                throw cs::Error("--bench-sizes " + std::to_string(side) + ": " + e.what());
            }
        }
}

cs::Image scaled(const cs::Image& image, int side) {
    cs::Image result{side, side, std::vector<std::uint8_t>(std::size_t(side) * side * 4)};
    for (int y = 0; y < side; ++y)
        for (int x = 0; x < side; ++x) {
            // The pixel centre's position in the source, clamped to its pixel centres.
            const double sx =
                std::clamp((x + 0.5) * image.width / side - 0.5, 0.0, image.width - 1.0);
            const double sy =
                std::clamp((y + 0.5) * image.height / side - 0.5, 0.0, image.height - 1.0);
            const int x0 = int(sx), y0 = int(sy);
            const int x1 = std::min(x0 + 1, image.width - 1),
                      y1 = std::min(y0 + 1, image.height - 1);
            const double fx = sx - x0, fy = sy - y0;
            for (int c = 0; c < 4; ++c) {
                auto at = [&](int px, int py) {
                    return double(image.rgba[(std::size_t(py) * image.width + px) * 4 + c]);
                };
                const double v = (at(x0, y0) * (1 - fx) + at(x1, y0) * fx) * (1 - fy) +
                                 (at(x0, y1) * (1 - fx) + at(x1, y1) * fx) * fy;
                result.rgba[(std::size_t(y) * side + x) * 4 + c] = std::uint8_t(std::lround(v));
            }
        }
    return result;
}

namespace {

std::vector<cs::BenchFigure> transformFigures(const Sweep& sweep) {
    auto time = [&](bool hough, bool sharedMemory) {
        choose(sweep, hough, sharedMemory, false);
        return timed(sweep, [&] { sweep.target.transform(); });
    };
    std::vector<cs::BenchFigure> figures;
    for (int side : sweep.sides) {
        load(sweep, scaled(sweep.input, side), false);
        const std::string size = " " + std::to_string(side) + "^2";
        const double plain = time(false, false), tiled = time(false, true);
        const double hough = time(true, false), houghShared = time(true, true);
        figures.push_back(milliseconds("line space" + size, plain));
        figures.push_back(milliseconds("line space, shared memory" + size, tiled));
        figures.push_back(milliseconds("hough" + size, hough));
        figures.push_back(milliseconds("hough, shared memory" + size, houghShared));
        figures.push_back(ratio("line space / hough" + size, plain / hough));
        figures.push_back(ratio("line space / hough, shared memory" + size, tiled / houghShared));
        figures.push_back(ratio("line space speed-up from shared memory" + size, plain / tiled));
        figures.push_back(ratio("hough speed-up from shared memory" + size, hough / houghShared));
    }
    return figures;
}

std::vector<cs::BenchFigure> interpretFigures(const Sweep& sweep) {
    load(sweep, sweep.input, false);
    choose(sweep, false, true, false);
    sweep.target.transform();
    auto time = [&](const std::string& interpret, int lines, int prereduce) {
        cs::Params& params = sweep.target.parameters();
        params.set("interpret", interpret);
        params.set("prereduce", std::to_string(prereduce));
        return timed(sweep, [&] { sweep.target.interpretUntimed(lines); });
    };
    std::vector<cs::BenchFigure> figures;
    for (int lines : {1, 10, 100, 1000}) {
        const std::string m = " m=" + std::to_string(lines);
        figures.push_back(milliseconds("reduce" + m, time("reduce", lines, 0)));
        for (int prereduce : {0, 2, 4})
            figures.push_back(milliseconds("sort prereduce=" + std::to_string(prereduce) + m,
                                           time("sort", lines, prereduce)));
    }
    return figures;
}

std::vector<cs::BenchFigure> accuracyFigures(const Sweep& sweep) {
    const int side = 256, segmentsPerImage = 8;
    const double noise = 0.005, distances[] = {0.5, 1.0, 2.0};
    struct Run {
        std::string name;
        bool hough, segments;
        int suppress;
        Accuracy at[3];
        std::vector<double> nearest;
    };
    Run runs[] = {{"line space", false, false, 10, {}, {}},
                  {"line space, suppress 16", false, false, 16, {}, {}},
                  {"line space segments", false, true, 10, {}, {}},
                  {"hough", true, false, 5, {}, {}}};
    for (int i = 0; i < sweep.images; ++i) {
        const SyntheticImage image =
            syntheticEdges(side, side, segmentsPerImage, noise, sweep.seed + unsigned(i));
        load(sweep, image.edges, true);
        for (std::size_t r = 0; r < std::size(runs); ++r) {
            Run& run = runs[r];
            // Runs that differ only in how they interpret share the transform.
            if (r == 0 || run.hough != runs[r - 1].hough || run.segments != runs[r - 1].segments) {
                choose(sweep, run.hough, false, run.segments);
                sweep.target.transform();
            }
            // interpret=reduce: the best segmentsPerImage, run.suppress zeroed around each.
            cs::Params& params = sweep.target.parameters();
            params.set("interpret", "reduce");
            params.set("suppress", std::to_string(run.suppress));
            params.set("lines", std::to_string(segmentsPerImage));
            const std::vector<Line> lines = sweep.target.readOut();
            for (int d = 0; d < 3; ++d)
                run.at[d].add(score(image.truth, lines, distances[d], run.segments));
            const auto nearest = nearestDistances(image.truth, lines, run.segments);
            run.nearest.insert(run.nearest.end(), nearest.begin(), nearest.end());
        }
    }
    std::vector<cs::BenchFigure> figures;
    for (Run& run : runs) {
        for (int d = 0; d < 3; ++d) {
            std::ostringstream at;
            at << " at " << distances[d] << " px";
            figures.push_back(
                {run.name + " precision" + at.str(), run.at[d].precision(), "", 0, ""});
            figures.push_back({run.name + " recall" + at.str(), run.at[d].recall(), "", 0, ""});
        }
        std::nth_element(run.nearest.begin(), run.nearest.begin() + run.nearest.size() / 2,
                         run.nearest.end());
        figures.push_back(
            {run.name + " median distance", run.nearest[run.nearest.size() / 2], "px", 0, ""});
    }
    return figures;
}

}  // namespace

std::vector<cs::BenchFigure> runSweep(SweepTarget& target, const BenchFlags& flags, unsigned seed,
                                      const std::string& inputPath,
                                      cs::GpuProfiler::Method timing) {
    const Sweep sweep{
        target, flags.images, seed, readInput(inputPath), flags.sides(cs::isSoftwareRenderer()),
        timing};
    std::vector<cs::BenchFigure> figures = accuracyFigures(sweep);
    const std::vector<cs::BenchFigure> transforms = transformFigures(sweep);
    figures.insert(figures.end(), transforms.begin(), transforms.end());
    const std::vector<cs::BenchFigure> interpretations = interpretFigures(sweep);
    figures.insert(figures.end(), interpretations.begin(), interpretations.end());
    return figures;
}

}  // namespace line_space
