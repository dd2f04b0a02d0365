// The barriers overlay: the results table with a plot per experiment, the map's titles and
// legend, and where this driver hid a race.
#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cstdio>
#include <string>

#include "barriers.h"

namespace barriers {
namespace {

const ImVec4 kWrongText(1.0f, 0.45f, 0.4f, 1.0f), kRightText(0.5f, 0.85f, 0.55f, 1.0f);
const ImVec4 kHiddenText(1.0f, 0.8f, 0.35f, 1.0f);  // a race this driver did not show

// A racy variant that was right in every run: this driver hid the race. Its `luck`, or null.
const char* hiddenRace(const Named& e) {
    for (const Racy& racy : kRacy)
        if (e.name == racy.name && e.tally.runs > 0 && e.tally.wrongRuns == 0) return racy.luck;
    return nullptr;
}

// A small square of the map's colour for `status`, then what it means.
void swatch(Status status, const char* meaning) {
    const std::uint8_t* c = kStatusColours[status];
    const float side = ImGui::GetTextLineHeight();
    ImGui::ColorButton(meaning, ImVec4(c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, 1.0f),
                       ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoPicker |
                           ImGuiColorEditFlags_NoDragDrop,
                       ImVec2(side, side));
    ImGui::SameLine(0.0f, 4.0f);
    ImGui::TextUnformatted(meaning);
}

// 4960, 49.6k, 4.96M: at most five characters.
std::string compactCount(long long n) {
    char text[32];
    const char* units[] = {"", "k", "M", "G", "T"};
    double value = double(n);
    int unit = 0;
    while (value >= 9999.5 && unit < 4) {
        value /= 1000.0;
        ++unit;
    }
    if (unit == 0)
        std::snprintf(text, sizeof text, "%lld", n);
    else
        std::snprintf(text, sizeof text,
                      value < 9.995   ? "%.2f%s"
                      : value < 99.95 ? "%.1f%s"
                                      : "%.0f%s",
                      value, units[unit]);
    return text;
}

void row(const std::string& name, const Tally& t) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::TextUnformatted(name.c_str());
    ImGui::TableNextColumn();
    ImGui::TextColored(t.wrongRuns > 0 ? kWrongText : kRightText, "%d/%d", t.wrongRuns, t.runs);
    ImGui::TableNextColumn();
    // Millions of elements in a narrow column: 3 significant digits and k, M or G, never cut.
    ImGui::TextColored(t.wrongRuns > 0 ? kWrongText : kRightText, "%s",
                       compactCount(t.wrongElements).c_str());
    if (t.noData == 0 && ImGui::IsItemHovered())
        ImGui::SetTooltip("%lld elements wrong", t.wrongElements);
    if (t.noData > 0 && ImGui::IsItemHovered())
        ImGui::SetTooltip("%lld consumers gave up polling: no data, not wrong", t.noData);
    ImGui::TableNextColumn();
    const float most =
        t.wrongPerRun.empty()
            ? 1.0f
            : std::max(1.0f, *std::max_element(t.wrongPerRun.begin(), t.wrongPerRun.end()));
    ImGui::PushID(name.c_str());
    // As wide as what the text columns leave.
    ImGui::PlotHistogram("", t.wrongPerRun.data(), int(t.wrongPerRun.size()), 0, nullptr, 0.0f,
                         most, ImVec2(std::max(24.0f, ImGui::GetContentRegionAvail().x), 16));
    ImGui::PopID();
}

}  // namespace

void progressBar(std::uint64_t done, std::uint64_t total) {
    const std::string text = std::to_string(done) + " of " + std::to_string(total) + " runs";
    ImGui::ProgressBar(total > 0 ? float(double(done) / double(total)) : 1.0f,
                       ImVec2(-FLT_MIN, 0.0f), text.c_str());
}

void resultsTable(const std::vector<Named>& experiments) {
    if (experiments.empty() ||
        !ImGui::BeginTable("results", 4, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_RowBg,
                           ImVec2(-FLT_MIN, 0.0f)))  // as wide as the overlay
        return;
    // The overlay has a fixed width and wraps its text; a name wrapped in a cell would be
    // unreadable, so the text columns fit their text and the plot takes what is left.
    ImGui::PushTextWrapPos(-1.0f);
    ImGui::TableSetupColumn("wrong in:");
    ImGui::TableSetupColumn("runs");
    ImGui::TableSetupColumn("elems");
    ImGui::TableSetupColumn("per run", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    for (const Named& e : experiments) row(e.name, e.tally);
    ImGui::PopTextWrapPos();
    ImGui::EndTable();
    // The atomics experiment's eight uses on one line, each coloured by its own result.
    for (const Named& e : experiments) {
        if (e.parts.empty()) continue;
        ImGui::TextUnformatted("atomic");
        for (const auto& [name, t] : e.parts) {
            ImGui::SameLine();
            ImGui::TextColored(t.wrongRuns > 0 ? kWrongText : kRightText, "%s", name.c_str() + 6);
            if (ImGui::IsItemHovered())
                ImGui::SetTooltip("%s: %d of %d runs wrong, %lld elements", name.c_str(),
                                  t.wrongRuns, t.runs, t.wrongElements);
        }
    }
}

void bandTitles(const std::vector<Named>& experiments, const cs::Rect& rect, int frameHeight) {
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    const float scale = ImGui::GetIO().DisplayFramebufferScale.x;
    const float top = float(frameHeight) - (rect.y + rect.height);  // frame pixels, top down
    for (int e = 0; e < int(experiments.size()); ++e) {
        const Band b = band(e, int(experiments.size()), int(rect.height));
        if (b.top < 14) continue;  // no room for a title above the band
        const Tally& t = experiments[e].tally;
        char text[160];
        const std::size_t shown =
            t.map.empty() ? 0 : mapElements(t.map.front().size(), int(rect.width));
        std::snprintf(text, sizeof text, "%s: %d/%d runs wrong; elements 0-%zu of %zu",
                      experiments[e].name.c_str(), t.wrongRuns, t.runs, shown - 1, t.elements);
        // A race this driver hid is titled in the overlay's warning colour.
        draw->AddText(ImVec2(rect.x / scale, (top + b.top - 16) / scale),
                      hiddenRace(experiments[e]) ? ImGui::GetColorU32(kHiddenText)
                                                 : IM_COL32(220, 220, 220, 255),
                      text);
    }
}

void mapLegend(const std::vector<Named>& experiments) {
    if (experiments.empty()) return;
    swatch(kRight, "right");
    ImGui::SameLine();
    swatch(kWrong, "wrong");
    ImGui::SameLine();
    swatch(kNoData, "gave up polling: no data");
    ImGui::TextDisabled("row = run, column = element; darker: a run or group starts");
    // A racy variant right in every run teaches the wrong lesson unless the overlay says why.
    for (const Named& e : experiments) {
        const char* luck = hiddenRace(e);
        if (!luck) continue;
        ImGui::PushStyleColor(ImGuiCol_Text, kHiddenText);
        ImGui::TextWrapped("%s: this driver %s in %d of %d runs: try a GPU.", e.name.c_str(), luck,
                           e.tally.runs, e.tally.runs);
        ImGui::PopStyleColor();
    }
}

}  // namespace barriers
