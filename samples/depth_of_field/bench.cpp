#include "bench.h"

#include <glm/glm.hpp>
#include <string>
#include <utility>
#include <vector>

#include "bench/calibration.h"
#include "compute/summed_area_table.h"
#include "gl/objects.h"

namespace depth_of_field {

PassTimes timePasses(int w, int h, const FilterPass& filter, float farDepth,
                     cs::GpuProfiler::Method method) {
    const size_t pixels = size_t(w) * h;
    const std::vector<glm::vec4> biased(pixels, glm::vec4(0.1f, -0.2f, 0.3f, 0.0f));
    const auto bytes = GLsizeiptr(pixels * sizeof(glm::vec4));
    const cs::Buffer input("bench pixels", bytes, cs::BufferUse::Input, biased.data());
    const cs::Buffer output("bench table", bytes, cs::BufferUse::Computed);
    std::vector<float> ramp(pixels);
    for (size_t i = 0; i < pixels; ++i) ramp[i] = 1.0f + farDepth * float(i / w) / float(h);
    const cs::Texture2D depth("bench depth", w, h, GL_R32F);
    const cs::Texture2D result("bench result", w, h, GL_RGBA8);
    depth.upload(GL_RED, GL_FLOAT, ramp.data());
    cs::SummedAreaTable table;

    PassTimes times;
    times.tableMs = cs::medianGpuMs(
        [&] {
            table.build(input, output, w, h);
            // The next build rewrites what this one wrote.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        },
        method);
    times.filterMs = cs::medianGpuMs([&] { filter(output, depth, result); }, method);
    return times;
}

std::vector<cs::BenchFigure> sweepFigures(const FilterPass& filter, float farDepth,
                                          cs::GpuProfiler::Method method,
                                          const Bandwidths& bandwidths) {
    std::vector<cs::BenchFigure> figures;
    for (const auto& [w, h] : {std::pair{1280, 720}, std::pair{1920, 1080}}) {
        const PassTimes times = timePasses(w, h, filter, farDepth, method);
        const std::string size = " " + std::to_string(w) + "x" + std::to_string(h);
        figures.push_back({"sat build time" + size, times.tableMs, "ms", 0.0, ""});
        figures.push_back({"filter time" + size, times.filterMs, "ms", 0.0, ""});
        for (const cs::BenchFigure& f : bandwidths(size, w, h, times.tableMs, times.filterMs))
            figures.push_back(f);
    }
    return figures;
}

}  // namespace depth_of_field
