#pragma once
// The compaction sample's --bench sweep: every method over random flags at several densities
// and volume sizes, timed the same way, and each result checked against the CPU's copy_if.
#include <cstdint>
#include <string>
#include <vector>

#include "bench/profiler.h"
#include "bench/report.h"
#include "compute/compact.h"

namespace compaction {

// The methods in the order of the `method` parameter's choices.
constexpr cs::CompactMethod kMethods[] = {cs::CompactMethod::HistoPyramid,
                                          cs::CompactMethod::HistoPyramidVec4,
                                          cs::CompactMethod::Scan, cs::CompactMethod::Atomic};
constexpr const char* kMethodNames[] = {"histopyramid", "histopyramid_vec4", "scan", "atomic"};
// The index in kMethods of the method called `name`.
int methodIndex(const std::string& name);
constexpr double kDensities[] = {0.0001, 0.001, 0.01, 0.1, 0.5};

struct SweepTimes {
    int edge = 0;                        // the volume had edge^3 elements
    double density = 0;                  // the fraction of them flagged (each by chance)
    std::uint32_t kept = 0;              // how many were
    double ms[4] = {};                   // median of each method in kMethods, whole compaction
    double buildMs = 0, traverseMs = 0;  // the scalar histopyramid's two phases, timed apart
};

// Edges 64, 128, ... up to maxEdge, each at every density of kDensities, timed the way
// `method` says. Throws cs::Error where a method's indices differ from copy_if's.
std::vector<SweepTimes> benchSweep(int maxEdge, std::uint32_t seed, cs::GpuProfiler::Method method);

// The bytes a method must move over the big arrays for n flags of which `kept` are 1: the
// roofline's count for every figure below (bench.cpp states them per method).
double compactionBytes(cs::CompactMethod method, double n, double kept);

// The sweep as figures: per size and density, each method's time and its bytes as a
// fraction of copy, the ratios histopyramid/scan, histopyramid_vec4/histopyramid,
// atomic/scan and the histopyramid's build/traversal; and per size the densities where
// histopyramid/scan passes 1 and where the traversal passes the build, interpolated on log
// scales, where they do within the sweep.
std::vector<cs::BenchFigure> sweepFigures(const std::vector<SweepTimes>& sweep,
                                          const cs::Calibration& calibration);

// --bench's figures: the frames' compaction by the method called `method` over `n` voxels,
// `kept` of them kept (the overlay's count), taking `ms` each, against the bytes it must
// move; then the sweep's.
std::vector<cs::BenchFigure> benchFigures(const std::string& method, std::uint64_t n,
                                          std::uint32_t kept, double ms,
                                          const cs::Calibration& calibration,
                                          const std::vector<SweepTimes>& sweep);

}  // namespace compaction
