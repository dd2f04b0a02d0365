// The workgroups overlay: how the ids were dispatched, the GL's limits, the hover tooltip with the
// built-ins' formulas, and the slice labels. ImGui calls only; the limits are queried once, by
// queryLimits().
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <string>

#include "gl/info.h"
#include "workgroups.h"

namespace workgroups {
namespace {

const ImVec4 kWrong(1.0f, 0.4f, 0.4f, 1.0f);

glm::ivec3 indexed3(GLenum name) {
    return {cs::glInteger(name, 0), cs::glInteger(name, 1), cs::glInteger(name, 2)};
}

// ImGui places things in its own units, top down; the frame is in pixels, bottom up. The two
// differ on high-DPI screens by the framebuffer scale.
float pixelsPerUnit() {
    return ImGui::GetIO().DisplayFramebufferScale.x;
}

}  // namespace

std::string sizeText(glm::uvec3 v) {
    return std::to_string(v.x) + "x" + std::to_string(v.y) + "x" + std::to_string(v.z);
}

void dispatchText(const char* call, bool variable, glm::uvec3 groups, glm::uvec3 local,
                  const GLint reportedSize[3], const SliceLayout& layout) {
    if (variable)
        ImGui::TextWrapped(
            "variable group size (ARB_compute_variable_group_size): one program; %s gives the "
            "size",
            call);
    else
        ImGui::TextWrapped("fixed group size: ids.comp built for %s; %s", sizeText(local).c_str(),
                           call);
    ImGui::Text("glGetProgramiv(GL_COMPUTE_WORK_GROUP_SIZE) = %d x %d x %d", reportedSize[0],
                reportedSize[1], reportedSize[2]);
    const std::uint64_t invocations =
        std::uint64_t(groups.x) * groups.y * groups.z * local.x * local.y * local.z;
    ImGui::Text("%s groups of %s = %llu invocations", sizeText(groups).c_str(),
                sizeText(local).c_str(), static_cast<unsigned long long>(invocations));
    if (layout.stride > 1 || layout.shownSlices < layout.extent.z)
        ImGui::TextDisabled("too many for the picture: every %d. along x and y, z < %u",
                            layout.stride, layout.shownSlices);
}

Limits queryLimits(bool haveVariable) {
    Limits limits;
    limits.count = indexed3(GL_MAX_COMPUTE_WORK_GROUP_COUNT);
    limits.size = indexed3(GL_MAX_COMPUTE_WORK_GROUP_SIZE);
    limits.invocations = cs::glInteger(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS);
    limits.sharedBytes = cs::glInteger(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE);
    limits.haveVariable = haveVariable;
    if (haveVariable) {
        limits.variableSize = indexed3(GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB);
        limits.variableInvocations = cs::glInteger(GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB);
    }
    return limits;
}

// Each limit on two lines, its value and then the name the GL knows it by: the overlay is too
// narrow for both side by side, and a table squeezed into it wrapped the names a letter a line.
void limitsList(const Limits& l) {
    const auto row = [](const char* value, const char* name) {
        ImGui::TextUnformatted(value);
        ImGui::Indent();
        ImGui::TextDisabled("%s", name);
        ImGui::Unindent();
    };
    char text[96];
    std::snprintf(text, sizeof text, "%d x %d x %d groups", l.count.x, l.count.y, l.count.z);
    row(text, "GL_MAX_COMPUTE_WORK_GROUP_COUNT");
    std::snprintf(text, sizeof text, "%d x %d x %d local size", l.size.x, l.size.y, l.size.z);
    row(text, "GL_MAX_COMPUTE_WORK_GROUP_SIZE");
    std::snprintf(text, sizeof text, "%d invocations per group", l.invocations);
    row(text, "GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS");
    std::snprintf(text, sizeof text, "%d bytes shared per group", l.sharedBytes);
    row(text, "GL_MAX_COMPUTE_SHARED_MEMORY_SIZE");
    if (l.haveVariable) {
        std::snprintf(text, sizeof text, "%d x %d x %d variable size", l.variableSize.x,
                      l.variableSize.y, l.variableSize.z);
        row(text, "GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB");
        std::snprintf(text, sizeof text, "%d invocations, variable", l.variableInvocations);
        row(text, "GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB");
    }
}

std::optional<glm::uvec3> hoveredInvocation(const SliceLayout& layout, const cs::Rect& rect,
                                            int frameHeight) {
    const ImGuiIO& io = ImGui::GetIO();
    if (io.WantCaptureMouse || !ImGui::IsMousePosValid()) return std::nullopt;
    const int x = int(std::floor(io.MousePos.x * pixelsPerUnit()));
    const int y = frameHeight - 1 - int(std::floor(io.MousePos.y * pixelsPerUnit()));
    return invocationAt(layout, x - int(rect.x), y - int(rect.y));
}

void formulaTooltip(glm::uvec3 at, const Record& r, glm::uvec3 size, bool variable) {
    const char* sizeName = variable ? "gl_LocalGroupSizeARB" : "gl_WorkGroupSize";
    const glm::uvec3 local(r.local[0], r.local[1], r.local[2]);
    const glm::uvec3 group(r.group[0], r.group[1], r.group[2]);
    const glm::uvec3 global = group * size + local;
    const unsigned index = local.z * size.x * size.y + local.y * size.x + local.x;
    ImGui::BeginTooltip();
    ImGui::Text("the invocation at (%u, %u, %u); ids.comp wrote", at.x, at.y, at.z);
    ImGui::Text("  gl_LocalInvocationID    = (%u, %u, %u)", local.x, local.y, local.z);
    ImGui::Text("  gl_WorkGroupID          = (%u, %u, %u)", group.x, group.y, group.z);
    ImGui::Text("  gl_LocalInvocationIndex = %u", r.index);
    ImGui::Separator();
    ImGui::Text("gl_GlobalInvocationID = gl_WorkGroupID * %s + gl_LocalInvocationID", sizeName);
    ImGui::Text("  = (%u, %u, %u) * (%u, %u, %u) + (%u, %u, %u) = (%u, %u, %u)", group.x, group.y,
                group.z, size.x, size.y, size.z, local.x, local.y, local.z, global.x, global.y,
                global.z);
    if (global != at)
        ImGui::TextColored(kWrong, "  but the record lies at (%u, %u, %u)", at.x, at.y, at.z);
    ImGui::Text("gl_LocalInvocationIndex = id.z * %s.x * %s.y + id.y * %s.x + id.x", sizeName,
                sizeName, sizeName);
    ImGui::Text("  = %u * %u * %u + %u * %u + %u = %u", local.z, size.x, size.y, local.y, size.x,
                local.x, index);
    if (index != r.index) ImGui::TextColored(kWrong, "  but ids.comp wrote %u", r.index);
    ImGui::EndTooltip();
}

void sliceLabels(const SliceLayout& layout, const cs::Rect& rect, int frameHeight,
                 glm::uvec3 groupSize) {
    if (layout.gap.y < 14 || layout.extent.z > 256) return;
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    const float top = float(frameHeight) - (rect.y + rect.height);  // frame pixels, top down
    for (unsigned z = 0; z < layout.extent.z; ++z) {
        const glm::ivec2 corner = sliceCorner(layout, z);
        char text[64];
        std::snprintf(text, sizeof text, "z = %u: group %u, local %u", z, z / groupSize.z,
                      z % groupSize.z);
        if (ImGui::CalcTextSize(text).x * pixelsPerUnit() > layout.slice.x)
            std::snprintf(text, sizeof text, "z = %u", z);
        draw->AddText(
            ImVec2((rect.x + corner.x) / pixelsPerUnit(), (top + corner.y + 3) / pixelsPerUnit()),
            IM_COL32(220, 220, 220, 255), text);
    }
}

}  // namespace workgroups
