#include "bench/report.h"

#include <algorithm>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

namespace cs {

PassStats summarize(std::vector<double> ms) {
    PassStats stats;
    stats.samples = static_cast<int>(ms.size());
    if (ms.empty()) return stats;
    std::sort(ms.begin(), ms.end());
    const size_t n = ms.size();
    stats.medianMs = n % 2 ? ms[n / 2] : 0.5 * (ms[n / 2 - 1] + ms[n / 2]);
    stats.minMs = ms.front();
    stats.maxMs = ms.back();
    return stats;
}

BenchFigure bandwidthFigure(const std::string& name, double bytes, double ms,
                            const Calibration& calibration) {
    const double gbps = ms > 0 ? bytes / (ms * 1e6) : 0.0;
    return {name, gbps, "GB/s", calibration.copyGBps > 0 ? gbps / calibration.copyGBps : 0.0,
            "copy"};
}

BenchFigure flopsFigure(const std::string& name, double flops, double ms,
                        const Calibration& calibration) {
    const double gflops = ms > 0 ? flops / (ms * 1e6) : 0.0;
    return {name, gflops, "GFLOP/s",
            calibration.fmaGflops > 0 ? gflops / calibration.fmaGflops : 0.0, "fma"};
}

std::string benchText(const BenchReport& r) {
    std::ostringstream out;
    char line[256];
    out << "bench " << r.sample << " on " << r.device << " (" << r.glVersion << ")\n";
    const Calibration& c = r.calibration;
    std::snprintf(line, sizeof line,
                  "calibration: copy %.2f GB/s (kernel %.2f, glCopyBufferSubData %.2f; repeats "
                  "within %.0f%%), fma %.1f GFLOP/s (repeats within %.0f%%)\n",
                  c.copyGBps, c.shaderCopyGBps, c.apiCopyGBps, 100 * c.copySpread, c.fmaGflops,
                  100 * c.fmaSpread);
    out << line;
    if (!c.copyWay.empty()) out << "copy roofline: " << c.copyWay << "\n";
    for (const Calibration::CopyAtSize& size : c.copySizes) {
        std::snprintf(line, sizeof line, "copy of %d MiB, %s: %.2f GB/s\n", size.mib,
                      size.variant.c_str(), size.gbps);
        out << line;
    }
    out << "timing: " << r.timing << "\n";
    out << "pass                     median ms     min ms     max ms  samples\n";
    for (const auto& [name, s] : r.passes) {
        std::snprintf(line, sizeof line, "%-22s %11.4f %10.4f %10.4f %8d\n", name.c_str(),
                      s.medianMs, s.minMs, s.maxMs, s.samples);
        out << line;
    }
    for (const BenchFigure& f : r.figures) {
        std::snprintf(line, sizeof line, "%s: %.4g %s", f.name.c_str(), f.value, f.unit.c_str());
        out << line;
        if (!f.of.empty()) {
            std::snprintf(line, sizeof line, " = %.3f of %s", f.fraction, f.of.c_str());
            out << line;
        }
        if (f.aboveRoofline())
            out << "  ABOVE ITS ROOFLINE: the " << f.of << " calibration is too low";
        out << "\n";
    }
    return out.str();
}

std::string benchJson(const BenchReport& r) {
    nlohmann::ordered_json json = {{"sample", r.sample},
                                   {"device", r.device},
                                   {"gl_version", r.glVersion},
                                   {"timing", r.timing},
                                   {"params", r.params}};
    const Calibration& c = r.calibration;
    json["calibration"] = {{"copy_gbps", c.copyGBps},        {"copy_kernel_gbps", c.shaderCopyGBps},
                           {"copy_api_gbps", c.apiCopyGBps}, {"copy_spread", c.copySpread},
                           {"fma_gflops", c.fmaGflops},      {"fma_spread", c.fmaSpread},
                           {"copy_way", c.copyWay}};
    json["calibration"]["copy_variants"] = nlohmann::ordered_json::object();
    for (const auto& [name, gbps] : c.copyVariants)
        json["calibration"]["copy_variants"][name] = gbps;
    if (!c.copySizes.empty()) {
        json["calibration"]["copy_sizes"] = nlohmann::ordered_json::array();
        for (const Calibration::CopyAtSize& size : c.copySizes)
            json["calibration"]["copy_sizes"].push_back(
                {{"variant", size.variant}, {"mib", size.mib}, {"gbps", size.gbps}});
    }
    json["passes"] = nlohmann::ordered_json::object();
    for (const auto& [name, s] : r.passes)
        json["passes"][name] = {{"median_ms", s.medianMs},
                                {"min_ms", s.minMs},
                                {"max_ms", s.maxMs},
                                {"samples", s.samples}};
    json["figures"] = nlohmann::ordered_json::array();
    for (const BenchFigure& f : r.figures) {
        nlohmann::ordered_json figure = {{"name", f.name}, {"value", f.value}, {"unit", f.unit}};
        if (!f.of.empty()) {
            figure["fraction"] = f.fraction;
            figure["of"] = f.of;
            figure["above_roofline"] = f.aboveRoofline();
        }
        json["figures"].push_back(figure);
    }
    // Text from a file or a driver that is not UTF-8 is replaced, not an exception.
    return json.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace cs
