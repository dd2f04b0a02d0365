#pragma once
// The --bench size sweep of the depth_of_field sample: its two compute passes timed on
// buffers of a given size outside the frame loop, so that sizes other than the window's can
// be compared. main.cpp turns the times into figures (its roofline formula).
#include <functional>
#include <string>
#include <vector>

#include "bench/profiler.h"
#include "bench/report.h"
#include "gl/objects.h"

namespace depth_of_field {

struct PassTimes {
    double tableMs = 0.0;   // the summed-area table of w x h biased colours
    double filterMs = 0.0;  // filter.comp over w x h pixels
};

// The sample's filter pass: the table `sums` and `depth` in, `result` out, at its size.
using FilterPass = std::function<void(const cs::Buffer& sums, const cs::Texture2D& depth,
                                      const cs::Texture2D& result)>;

// Times the library's table build and `filter` at w x h, on placeholder colours and a depth
// ramp from near to far (so the boxes take every size from 1 to the largest); the timing does
// not depend on the values.
PassTimes timePasses(int w, int h, const FilterPass& filter, float farDepth,
                     cs::GpuProfiler::Method method);

// main.cpp's roofline: the table build's and the filter's bandwidth figures at w x h, from
// their times, each name ending in `size`.
using Bandwidths = std::function<std::vector<cs::BenchFigure>(const std::string& size, int w, int h,
                                                              double tableMs, double filterMs)>;

// The sweep: both passes timed (timePasses) at 1280x720 and 1920x1080, as times in ms and as
// `bandwidths`.
std::vector<cs::BenchFigure> sweepFigures(const FilterPass& filter, float farDepth,
                                          cs::GpuProfiler::Method method,
                                          const Bandwidths& bandwidths);

}  // namespace depth_of_field
