// Many runs of an experiment counted, written as the report, and drawn as the error map.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "barriers.h"

namespace barriers {

void Tally::add(const std::vector<Status>& status) {
    const long long wrong = std::count(status.begin(), status.end(), kWrong);
    ++runs;
    wrongRuns += wrong > 0;
    wrongElements += wrong;
    noData += std::count(status.begin(), status.end(), kNoData);
    wrongPerRun.push_back(float(wrong));
    elements = status.size();
    if (map.size() < std::size_t(kMapRuns))
        map.emplace_back(status.begin(),
                         status.begin() + std::min<std::size_t>(status.size(), kMapElements));
}

void Named::addParts(const std::array<std::vector<Status>, 8>& status) {
    std::vector<Status> all;
    for (std::size_t f = 0; f < status.size(); ++f) {
        parts[f].second.add(status[f]);
        all.insert(all.end(), status[f].begin(), status[f].end());
    }
    tally.add(all);
}

Named startOutcome(const std::string& name, std::uint32_t groupSize) {
    Named outcome{name, {}, {}, 0};
    if (name != "atomics") outcome.groupSize = groupSize;
    for (const char* function : kAtomicFunctions)
        if (name == "atomics") outcome.parts.push_back({function, {}});
    return outcome;
}

std::string reportJson(const std::vector<Named>& experiments) {
    const auto counts = [](const Tally& t) {
        return nlohmann::ordered_json{
            {"runs", t.runs}, {"wrong_runs", t.wrongRuns}, {"wrong_elements", t.wrongElements}};
    };
    nlohmann::ordered_json report = nlohmann::ordered_json::object();
    for (const Named& e : experiments) {
        nlohmann::ordered_json entry = counts(e.tally);
        if (e.name.rfind("publish", 0) == 0) entry["gave_up"] = e.tally.noData;
        if (!e.parts.empty()) {
            nlohmann::ordered_json parts = nlohmann::ordered_json::object();
            for (const auto& [name, tally] : e.parts) parts[name] = counts(tally);
            entry["functions"] = parts;
        }
        report[e.name] = entry;
    }
    return report.dump(2) + "\n";
}

cs::Rect mapArea(const cs::Rect& free) {
    const int margin = 16;
    return {float(int(free.x) + margin), float(int(free.y) + margin),
            float(int(free.width) - 2 * margin), float(int(free.height) - 2 * margin)};
}

Band band(int index, int count, int height) {
    const int pitch = height / std::max(count, 1);
    const int title = std::min(20, pitch / 3);  // room for the name above the band
    return {index * pitch + title, std::max(pitch - title - 4, 1)};
}

std::size_t mapElements(std::size_t stored, int width) {
    return std::max<std::size_t>(1, std::min<std::size_t>(stored, std::size_t(width) / 2));
}

std::vector<std::uint8_t> errorMap(const std::vector<Named>& experiments, int width, int height) {
    std::vector<std::uint8_t> rgba(std::size_t(width) * height * 4);
    const std::uint8_t clearColour[4] = {20, 20, 26, 255};  // the frame's
    for (std::size_t i = 0; i < rgba.size(); ++i) rgba[i] = clearColour[i % 4];
    for (int e = 0; e < int(experiments.size()); ++e) {
        const Named& experiment = experiments[e];
        const auto& map = experiment.tally.map;
        if (map.empty()) continue;
        const Band b = band(e, int(experiments.size()), height);
        const int runs = std::min(int(map.size()), b.height);
        for (int y = 0; y < b.height; ++y) {
            const std::size_t run = std::size_t(y) * runs / b.height;
            const auto& row = map[run];
            const std::size_t shown = mapElements(row.size(), width);
            // A darker line where a new run starts, where runs are 4 pixels or more apart...
            const bool runEdge =
                b.height >= 4 * runs && y > 0 && std::size_t(y - 1) * runs / b.height != run;
            for (int x = 0; x < width; ++x) {
                const std::size_t element = std::size_t(x) * shown / width;
                // ...and where a work group starts, for experiments with an element per invocation.
                const bool groupEdge = experiment.groupSize > 0 && x > 0 &&
                                       element % experiment.groupSize == 0 &&
                                       std::size_t(x - 1) * shown / width != element;
                const std::uint8_t* c = kStatusColours[row[element]];
                const int yUp = height - 1 - (b.top + y);  // rows are kept bottom up
                std::uint8_t* pixel = &rgba[(std::size_t(yUp) * width + x) * 4];
                for (int k = 0; k < 3; ++k) pixel[k] = runEdge || groupEdge ? c[k] / 2 : c[k];
            }
        }
    }
    return rgba;
}

std::vector<cs::BenchFigure> rightOverRacy(const std::function<double(const std::string&)>& ms) {
    std::vector<cs::BenchFigure> figures;
    for (const auto& [right, racy] : kRightAndRacy)
        figures.push_back({std::string(right) + " / " + racy, ms(right) / ms(racy), "x", 0.0, ""});
    return figures;
}

}  // namespace barriers
