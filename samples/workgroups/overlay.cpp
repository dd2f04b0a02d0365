// The workgroups overlay: how the ids were dispatched, the GL's limits, the hover tooltip with the
// built-ins' formulas, and the slice labels. ImGui calls only; the limits are queried once, by
// queryLimits().
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
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
        ImGui::TextDisabled(
            "too many for the picture: one invocation in %d along x and y, "
            "slices z < %u",
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
void colourLegend(const std::string& colour) {
    // paint.comp's colourOf: each id over its range as red, green and blue, or the index on a
    // ramp.
    const char* meaning = colour == "local"   ? "gl_LocalInvocationID / gl_WorkGroupSize"
                          : colour == "group" ? "gl_WorkGroupID / gl_NumWorkGroups"
                          : colour == "global"
                              ? "gl_GlobalInvocationID / (gl_NumWorkGroups * gl_WorkGroupSize)"
                              : nullptr;
    if (meaning) {
        ImGui::TextWrapped(
            "colour: %s as red (x), green (y), blue (z); black is 0, full is "
            "the far end",
            meaning);
        return;
    }
    ImGui::TextWrapped(
        "colour: gl_LocalInvocationIndex on a ramp, blue (0) through green to "
        "red (the group's last invocation)");
}

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

void limitSliders(cs::Params& params, const Limits& limits, const bool& variable,
                  std::array<int*, 3> groups, std::array<int*, 3> local) {
    const auto product = [](const std::array<int*, 3>& v, int leaveOut) {
        std::int64_t p = 1;
        for (int axis = 0; axis < 3; ++axis)
            if (axis != leaveOut) p *= std::max(*v[axis], 1);
        return p;
    };
    // The most invocations a dispatch may have: the sample's cap, and the records' block.
    const auto mostInvocations = [] {
        return std::min<std::int64_t>(std::int64_t(kMaxInvocations),
                                      cs::glInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE) / 32);
    };
    const auto ends = [](std::int64_t most) {
        return cs::Range<int>{1, int(std::clamp<std::int64_t>(most, 1, 1 << 30))};
    };
    for (int axis = 0; axis < 3; ++axis) {
        cs::Declared<int>(params, *groups[axis])
            .sliderRange(
                [=, &limits] {
                    const std::int64_t others = product(groups, axis) * product(local, -1);
                    return ends(
                        std::min<std::int64_t>(limits.count[axis], mostInvocations() / others));
                },
                [=, &limits] {
                    return std::to_string(limits.count[axis]) +
                           " groups along this axis here, and at most " +
                           std::to_string(mostInvocations()) +
                           " invocations a dispatch, with the other sizes as they are";
                });
        cs::Declared<int>(params, *local[axis])
            .sliderRange(
                [=, &limits, &variable] {
                    const std::int64_t others = product(local, axis);
                    const int size = variable ? limits.variableSize[axis] : limits.size[axis];
                    const int perGroup = variable ? limits.variableInvocations : limits.invocations;
                    return ends(std::min({std::int64_t(size), perGroup / others,
                                          mostInvocations() / (others * product(groups, -1))}));
                },
                [=, &limits, &variable] {
                    const int size = variable ? limits.variableSize[axis] : limits.size[axis];
                    const int perGroup = variable ? limits.variableInvocations : limits.invocations;
                    return "a work group holds at most " + std::to_string(perGroup) +
                           " invocations, " + std::to_string(size) +
                           " along this axis, here, with the other sizes as they are";
                });
    }
}

void applyPreset(cs::Params& params, const std::string& preset) {
    for (const Preset& p : kPresets) {
        if (preset != p.name) continue;
        const char* names[] = {"groups_x", "groups_y", "groups_z", "local_x", "local_y", "local_z"};
        const glm::uvec3* values[] = {&p.groups, &p.groups, &p.groups,
                                      &p.local,  &p.local,  &p.local};
        for (int i = 0; i < 6; ++i) params.set(names[i], std::to_string((*values[i])[i % 3]));
    }
}

}  // namespace workgroups
