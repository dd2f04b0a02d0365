#pragma once
// The cloth sample's --bench sweep: thesis Figure 13 as data (ms per step on the GPU and on
// one CPU thread for growing grids, and their ratio), for every solver variant, and how well
// XPBD's two solvers converge for the time they take. main.cpp times the GPU and gives the
// bytes each variant moves (its roofline formula); the CPU side runs here.
#include <functional>
#include <string>
#include <vector>

#include "bench/report.h"
#include "cloth.h"

namespace cloth {

// The four ways to step: springs gathered or coloured, XPBD by Jacobi or coloured.
struct Variant {
    std::string name;  // as main.cpp names its pass, e.g. "springs gather"
    Solver solver;
    bool colouring;
};
extern const Variant kVariants[4];

// Milliseconds per step on the GPU of `physics` from `points` (width x height).
using GpuStepMs = std::function<double(const Physics& physics, const std::vector<Point>& points,
                                       int width, int height)>;

// points x substeps per second, as a fraction of what the copy bandwidth allows at
// `bytesPerPoint` per point and substep.
cs::BenchFigure throughputFigure(const std::string& name, double pointSubsteps,
                                 double bytesPerPoint, double ms, const cs::Calibration& c);

// For n = 8, 16, 32, ... up to `largest`, every variant with `base`'s other numbers:
// "<variant> n=<n> gpu" and "cpu" in ms per step, "cpu/gpu" (above 1: the GPU is faster), and
// the GPU's throughput against its roofline (bytesPerPoint(variant)).
std::vector<cs::BenchFigure> gridSweep(const Physics& base, int largest, const GpuStepMs& gpuMs,
                                       const std::function<double(const Variant&)>& bytesPerPoint,
                                       const cs::Calibration& calibration);

// XPBD per millisecond: a 32 x 32 cloth (or `largest` x `largest`, if smaller) hanging from
// two corners at the highest stiffness, with 1 to 32 substeps, coloured and Jacobi: the RMS
// stretch of its springs over the second half of its first second (0 for a converged solve),
// and the GPU ms per step it costs.
std::vector<cs::BenchFigure> convergenceSweep(const Physics& base, float highestStiffness,
                                              int largest, const GpuStepMs& gpuMs);

// The RMS relative stretch of every spring: 0 when each has its rest length.
double rmsStretch(const CpuCloth& cloth);

}  // namespace cloth
