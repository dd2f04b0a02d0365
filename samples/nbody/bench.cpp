#include "bench.h"

#include <algorithm>
#include <chrono>
#include <sstream>

#include "gl/info.h"
#include "kernels.h"
#include "util/error.h"
#include "util/parse.h"

namespace nbody {
namespace {

// On a software renderer the sweep stops at 8k, where one all-pairs step already takes most
// of a second.
std::vector<int> defaultBodyCounts() {
    return cs::isSoftwareRenderer() ? std::vector<int>{4096, 8192}
                                    : std::vector<int>{4096, 16384, 65536};
}

// Every kernel on a GPU; on a software renderer, where one step of the sweep's smallest N
// takes a tenth of a second, the lesson's two.
std::vector<std::string> defaultKernels() {
    return cs::isSoftwareRenderer() ? std::vector<std::string>{"naive", "tiled"}
                                    : stepKernelNames();
}

// The CPU sums the pulls on the first 2048 bodies (or all, if fewer) from all N: the rate per
// interaction is the same as for all N^2, and N = 64k stays a matter of seconds.
double cpuGflops(const std::vector<Body>& bodies, const Sweep& sweep) {
    const size_t n = bodies.size();
    std::vector<glm::vec4> positions(n);
    for (size_t i = 0; i < n; ++i) positions[i] = bodies[i].positionMass;
    const size_t rows = std::min<size_t>(n, 2048);
    std::vector<glm::vec3> pulls;
    const auto start = std::chrono::steady_clock::now();
    cpuPulls(positions, rows, sweep.softeningSqr, pulls);
    const double s =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return sweep.flopsPerInteraction * double(rows) * n / s * 1e-9;
}

}  // namespace

SweepChoice parseSweep(const std::string& sizesText, const std::string& kernelsText) {
    SweepChoice choice;
    std::istringstream sizes(sizesText);
    for (std::string item; std::getline(sizes, item, ',');) {
        long long n = 0;
        if (cs::parseNumber(item, n) != std::errc() || n < 1 || n > (1 << 20))
            throw cs::UsageError("--bench-sizes takes body counts in [1, 1048576], got " +
                                 cs::quoted(item));
        choice.bodyCounts.push_back(int(n));
    }
    const std::vector<std::string>& names = stepKernelNames();
    std::istringstream kernels(kernelsText);
    for (std::string item; std::getline(kernels, item, ',');) {
        if (std::find(names.begin(), names.end(), item) == names.end())
            throw cs::UsageError(
                "--bench-kernels takes names of kernels (see --help, kernel), "
                "got " +
                cs::quoted(item));
        choice.kernels.push_back(item);
    }
    return choice;
}

std::vector<cs::BenchFigure> runSweep(const Sweep& sweep, const cs::Calibration& calibration) {
    std::vector<cs::BenchFigure> figures;
    const std::vector<int>& chosen = sweep.choice.bodyCounts;
    const std::vector<int> counts = chosen.empty() ? defaultBodyCounts() : chosen;
    const std::vector<std::string> kernels =
        sweep.choice.kernels.empty() ? defaultKernels() : sweep.choice.kernels;
    for (int n : counts) {
        const std::vector<Body> bodies =
            makeBodies("plummer", n, 1.0f, 1.0f, sweep.softeningSqr, 1);
        sweep.loadBodies(bodies);
        const double flops = sweep.flopsPerInteraction * double(n) * n;
        const std::string ofN = " N=" + std::to_string(n);
        double bestNaive = 0, bestTiled = 0;
        for (const std::string& kernel : kernels) {
            double& best = kernel == "naive" ? bestNaive : bestTiled;
            for (int size : sweep.localSizes) {
                const cs::Program program = sweep.stepProgram(kernel, size);
                auto step = [&] { sweep.dispatchStep(program); };
                double ms = cs::medianGpuMs(step, sweep.timing, 1);
                if (ms < 200.0) ms = cs::medianGpuMs(step, sweep.timing, 5);
                figures.push_back(cs::flopsFigure(kernel + " " + std::to_string(size) + ofN, flops,
                                                  ms, calibration));
                best = std::max(best, figures.back().value);
            }
        }
        const double cpu = cpuGflops(bodies, sweep);
        figures.push_back({"cpu reference" + ofN, cpu, "GFLOP/s", 0, ""});
        // A ratio whose kernels the sweep left out is not reported.
        if (bestNaive > 0 && bestTiled > 0)
            figures.push_back({"tiled/naive best" + ofN, bestTiled / bestNaive, "x", 0, ""});
        if (bestTiled > 0) figures.push_back({"tiled best/cpu" + ofN, bestTiled / cpu, "x", 0, ""});
    }
    return figures;
}

}  // namespace nbody
