#include "overlay.h"

#include <imgui.h>

#include <cmath>
#include <string>

#include "cloth.h"

namespace cloth {

void Figures::setup() {
    totals = cs::Buffer("diagnostics totals", sizeof(glm::vec4), cs::BufferUse::Computed);
    lost = cs::Buffer("lost spring ends", sizeof(glm::uvec2), cs::BufferUse::Computed);
    totalsRead = cs::FencedRead("diagnostics totals", sizeof(glm::vec4));
    lostRead = cs::FencedRead("lost spring ends", sizeof(glm::uvec2));
}

void Figures::resize(std::size_t points) {
    perPoint = cs::Buffer("diagnostics per point", GLsizeiptr(points * sizeof(glm::vec4)),
                          cs::BufferUse::Computed);
    totalsRead.reset();
    lostRead.reset();
    pinnedInPlace = false;
}

std::string Figures::blowUpNote(const char* scatter) const {
    if (!totalsRead.known() || totalsRead.value<glm::vec4>().w <= 0) return {};
    if (scatter && std::string(scatter) == "naive")
        return "the race blew the springs up: the scatter without colours loses forces "
               "(colouring=true cures it; \"this run\" below says more)";
    return "the springs blew up: explicit springs need h < 2 / omega (more substeps, less "
           "stiffness, or solver=xpbd; \"this run\" below says more, and resets)";
}

bool Figures::draw(const Lines& lines) const {
    ImGui::Separator();
    ImGui::Text("%d x %d points, %lld springs in %d colours", lines.columns, lines.rows,
                springCount(lines.columns, lines.rows), kColours);
    ImGui::Text("step %lld, t = %.2f s", lines.steps, lines.seconds);
    if (totalsRead.known()) {
        // x kinetic energy, y squared relative stretch, z springs, w points no longer finite
        const glm::vec4 sums = totalsRead.value<glm::vec4>();
        if (sums.w > 0) {
            ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1),
                               "%.0f points are no longer finite: the springs blew up", sums.w);
            // The racing scatter blows up at any stiffness: its lost forces are the cause.
            if (lines.scatter && std::string(lines.scatter) == "naive")
                ImGui::TextWrapped(
                    "(the race did it: the scatter without colours loses spring forces, "
                    "counted below, so the forces no longer cancel and pump energy in; "
                    "colouring=true is the cure, and changing it starts again)");
            else
                ImGui::TextWrapped(
                    "(explicit springs need h < 2 / omega: more substeps, less "
                    "stiffness, or solver xpbd; changing one starts again)");
        } else {
            ImGui::Text("kinetic energy %.4g J, RMS stretch %.2e", sums.x,
                        sums.z > 0 ? std::sqrt(sums.y / sums.z) : 0.0);
        }
    }
    if (lines.cpuStepMs >= 0) ImGui::Text("one CPU thread: %.2f ms a step", lines.cpuStepMs);
    if (lines.scatter && lostRead.known()) {
        const glm::uvec2 lost = lostRead.value<glm::uvec2>();  // points, spring ends
        const long long ends = 2 * springCount(lines.columns, lines.rows);
        ImGui::Text("%s scatter lost %u of %lld spring ends", lines.scatter, lost.y, ends);
        ImGui::Text("  at %u of %d points (first substep)", lost.x, lines.columns * lines.rows);
    }
    if (pinnedInPlace)
        ImGui::TextWrapped(
            "the pins hold the corners where they lie now: reset hangs the cloth "
            "from them as it starts");
    const bool reset = ImGui::Button("reset");
    if (lines.mouse) {
        ImGui::SameLine();
        ImGui::TextDisabled("left mouse button: drag a point");
    }
    return reset;
}

}  // namespace cloth
