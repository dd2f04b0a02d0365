#include "bench.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <utility>

#include "bench/calibration.h"
#include "gl/info.h"
#include "util/error.h"

namespace cloth {

const Variant kVariants[4] = {{"springs gather", Solver::Springs, false},
                              {"springs coloured", Solver::Springs, true},
                              {"xpbd jacobi", Solver::Xpbd, false},
                              {"xpbd coloured", Solver::Xpbd, true}};

std::string variantName(const Method& m) {
    if (m.solver == Solver::Xpbd) return m.colouring ? "xpbd coloured" : "xpbd jacobi";
    if (m.colouring) return "springs coloured";
    return m.naiveScatter ? "springs naive" : "springs gather";
}

cs::BenchFigure throughputFigure(const std::string& name, double pointSubsteps,
                                 double bytesPerPoint, double ms, const cs::Calibration& c) {
    const double rate = ms > 0 ? pointSubsteps / (ms * 1e-3) : 0.0;  // per second
    const double bound = c.copyGBps * 1e9 / bytesPerPoint;
    return {name, rate * 1e-6, "M point-substeps/s", bound > 0 ? rate / bound : 0.0, "copy"};
}

double rmsStretch(const CpuCloth& cloth) {
    const size_t count = cloth.positions.size();
    double sum = 0.0;
    long long springs = 0;
    for (int k = 0; k < kDirections; ++k)
        for (int y = 0; y < cloth.height; ++y)
            for (int x = 0; x < cloth.width; ++x) {
                const int ex = x + kOffsets[k][0], ey = y + kOffsets[k][1];
                if (ex < 0 || ey < 0 || ex >= cloth.width || ey >= cloth.height) continue;
                const size_t a = size_t(y) * cloth.width + x, b = size_t(ey) * cloth.width + ex;
                const double rest = cloth.rest[k * count + a];
                const double strain =
                    (glm::length(glm::dvec3(cloth.positions[b]) - glm::dvec3(cloth.positions[a])) -
                     rest) /
                    rest;
                sum += strain * strain;
                ++springs;
            }
    return std::sqrt(sum / double(springs));
}

namespace {

// The largest grid edge unless one is given: 256 on a CPU renderer, 1024 on a GPU.
int defaultLargest() {
    return cs::isSoftwareRenderer() ? 256 : 1024;
}

// Milliseconds per step on the GPU of `p` by `m` from `points` (n x n).
double gpuMs(const Sweep& sweep, const Physics& p, const Method& m,
             const std::vector<Point>& points, int n) {
    sweep.loadGrid(points, n, n);
    Physics& values = sweep.block->values;
    const Physics kept = std::exchange(values, p);
    values.grid = {n, n};
    sweep.block->upload();
    values = kept;
    auto run = [&] { sweep.step(m); };
    const double ms = cs::medianGpuMs(run, sweep.timing, 1);
    return ms < 200.0 ? cs::medianGpuMs(run, sweep.timing, 5) : ms;
}

std::vector<cs::BenchFigure> gridSweep(const Sweep& sweep, int largest,
                                       const cs::Calibration& calibration) {
    std::vector<cs::BenchFigure> figures;
    for (int n = 8; n <= largest; n *= 2) {
        const std::vector<Point> points = makeCloth(n, n);
        for (const Variant& variant : kVariants) {
            const Physics& p = sweep.base;
            Method m = sweep.method;
            m.solver = variant.solver;
            m.colouring = variant.colouring;
            m.naiveScatter = false;
            double gpu = 0.0;
            try {
                gpu = gpuMs(sweep, p, m, points, n);
            } catch (const cs::Error& e) {  // past a limit of this GL: the sweep ends there
                std::fprintf(stderr, "cloth: the --bench sweep stops before n = %d: %s\n", n,
                             e.what());
                return figures;
            }
            CpuCloth cpu(n, n, points);
            double cpuMs = cs::medianCpuMs([&] { cpu.step(p, m); }, 1);
            if (cpuMs < 200.0) cpuMs = cs::medianCpuMs([&] { cpu.step(p, m); }, 5);
            const std::string name = variant.name + " n=" + std::to_string(n);
            figures.push_back({name + " gpu", gpu, "ms/step", 0, ""});
            figures.push_back({name + " cpu", cpuMs, "ms/step", 0, ""});
            figures.push_back({name + " cpu/gpu", cpuMs / gpu, "x", 0, ""});
            figures.push_back(throughputFigure(name + " gpu throughput", double(n) * n * m.substeps,
                                               sweep.bytesPerPoint(variant), gpu, calibration));
        }
    }
    return figures;
}

std::vector<cs::BenchFigure> convergenceSweep(const Sweep& sweep, int largest) {
    const int n = std::min(32, largest);
    const int steps = int(std::lround(1.0 / sweep.dt));
    std::vector<Point> points = makeCloth(n, n);
    points[size_t(n) * (n - 1)].w = 0.0f;  // the two corners of the last row
    points[size_t(n) * n - 1].w = 0.0f;
    std::vector<cs::BenchFigure> figures;
    for (const Variant& variant : {kVariants[3], kVariants[2]}) {
        for (int substeps = 1; substeps <= 32; substeps *= 2) {
            Method m = sweep.method;
            m.solver = variant.solver;
            m.colouring = variant.colouring;
            m.substeps = substeps;
            Physics p = sweep.base;
            p.h = sweep.dt / float(substeps);
            p.stiffness = sweep.highestStiffness;
            p.sphereX = 0.0f;  // out of the way: hanging freely
            p.sphereY = -10.0f;
            p.sphereZ = 0.0f;
            p.ground = -20.0f;
            CpuCloth cloth(n, n, points);
            double stretch = 0.0;
            for (int s = 0; s < steps; ++s) {
                cloth.step(p, m);
                if (2 * s >= steps) stretch += rmsStretch(cloth) / double(steps - steps / 2);
            }
            const std::string name = variant.name + " " + std::to_string(substeps) + " substeps";
            figures.push_back({name + " stretch", stretch, "RMS", 0, ""});
            figures.push_back({name + " gpu", gpuMs(sweep, p, m, points, n), "ms/step", 0, ""});
        }
    }
    return figures;
}

}  // namespace

std::vector<cs::BenchFigure> runSweep(const Sweep& sweep, const cs::Calibration& calibration) {
    const int largest = sweep.largest > 0 ? sweep.largest : defaultLargest();
    std::vector<cs::BenchFigure> figures;
    if (sweep.frames.ms >= 0) {
        const Method& m = sweep.method;
        const Sweep::Frames& f = sweep.frames;
        const std::string name = variantName(m);
        figures.push_back(throughputFigure(
            name + " " + std::to_string(f.columns) + "x" + std::to_string(f.rows),
            double(f.columns) * f.rows * m.substeps,
            sweep.bytesPerPoint({name, m.solver, m.colouring}), f.ms, calibration));
    }
    for (const cs::BenchFigure& f : gridSweep(sweep, largest, calibration)) figures.push_back(f);
    for (const cs::BenchFigure& f : convergenceSweep(sweep, largest)) figures.push_back(f);
    return figures;
}

int& declareBenchMax(cs::Params& flags, std::function<bool()> benchmarking) {
    return flags
        .add("bench-max", 256, {8, 4096},
             "largest grid edge of the --bench sweep (default 256 on a CPU renderer, else 1024)")
        .activeWhen(std::move(benchmarking), "without --bench");
}

}  // namespace cloth
