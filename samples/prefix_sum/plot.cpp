#include "plot.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <string>

#include "gl/uniform_block.h"
#include "values.h"

namespace prefix_sum {

namespace {

// ImGui places things in its own units, top down; the plots are in frame pixels, bottom up.
// The two differ on high-DPI screens by the framebuffer scale.
float pixelsPerUnit() {
    return ImGui::GetIO().DisplayFramebufferScale.x;
}
ImVec2 toImGui(float x, float yUp, int frameHeight) {
    return ImVec2(x / pixelsPerUnit(), (float(frameHeight) - yUp) / pixelsPerUnit());
}

}  // namespace

Axes axesFor(const std::vector<std::uint32_t>& words, bool isFloat) {
    // Every partial sum lies between the sum of the negative inputs and the sum of the
    // positive ones; uint sums that wrap stay below 2^32.
    double low = 0, high = 0, sumLow = 0, sumHigh = 0;
    for (std::uint32_t word : words) {
        const double v = valueOf(word, isFloat);
        low = std::min(low, v);
        high = std::max(high, v);
        (v < 0 ? sumLow : sumHigh) += v;
    }
    if (!isFloat) sumHigh = std::min(sumHigh, 4294967295.0);
    return {{float(low), float(std::max(high, low + 1e-6))},
            {float(sumLow), float(std::max(sumHigh, sumLow + 1e-6))}};
}

ValueRange stepAxis(const std::vector<std::uint32_t>& words, bool isFloat, int step) {
    const std::size_t block = std::size_t(1) << step;
    double low = 0, high = 0;
    for (std::size_t start = 0; start < words.size(); start += block) {
        double floatSum = 0;
        std::uint32_t uintSum = 0;  // wraps like the GPU's
        for (std::size_t i = start; i < std::min(start + block, words.size()); ++i) {
            floatSum += valueOf(words[i], isFloat);
            uintSum += words[i];
            const double sum = isFloat ? floatSum : double(uintSum);
            low = std::min(low, sum);
            high = std::max(high, sum);
        }
    }
    return {float(low), float(std::max(high, low + 1e-6))};
}

std::string stepTitle(int step, int steps) {
    if (step == 0) return "single_group.comp before its first step: the input";
    const int half = 1 << (step - 1);  // step k works on blocks of 2 * half
    const std::string upper = half == 1 ? "element 1 adds"
                                        : "elements " + std::to_string(half) + ".." +
                                              std::to_string(2 * half - 1) + " add";
    return "after " + std::to_string(step) + " of " + std::to_string(steps) +
           " steps (last: blocks of " + std::to_string(2 * half) + ", " + upper + " element " +
           std::to_string(half - 1) + ")";
}

void BarPlots::place(const cs::Rect& area, int width, int height, std::uint32_t count,
                     bool isFloat) {
    area_ = area;
    width_ = width;
    height_ = height;
    count_ = count;
    isFloat_ = isFloat;
}

cs::Rect BarPlots::rect(int row) const {
    const float margin = 16, title = 22;
    const float left = area_.x + margin, right = area_.x + area_.width - margin;
    const float rowHeight = (area_.height - margin) / 3;
    const float top = area_.y + area_.height - margin - title - row * rowHeight;
    const float plotHeight = rowHeight - title - margin;
    return {left, top - plotHeight, std::max(right - left, 1.0f), plotHeight};
}

void BarPlots::bars(int row, const cs::Buffer& buffer, ValueRange range, glm::vec3 color,
                    GLuint blockSize) {
    if (!program_) {
        program_ = cs::Program::graphics("prefix_sum/bars.vert", "prefix_sum/bars.frag");
        blockSize_ = cs::checkUniformBlock(
            program_, "Plot", sizeof(PlotBlock),
            {CS_BLOCK_MEMBER(PlotBlock, rectNdc), CS_BLOCK_MEMBER(PlotBlock, barColor),
             CS_BLOCK_MEMBER(PlotBlock, barPixels), CS_BLOCK_MEMBER(PlotBlock, valueRange),
             CS_BLOCK_MEMBER(PlotBlock, count), CS_BLOCK_MEMBER(PlotBlock, blockSize),
             CS_BLOCK_MEMBER(PlotBlock, floatValues)});
    }
    if (!noVertices_) noVertices_ = cs::VertexArray("bar plot");
    const cs::Rect r = rect(row);
    PlotBlock block;
    block.rectNdc = {2 * r.x / width_ - 1, 2 * r.y / height_ - 1, 2 * (r.x + r.width) / width_ - 1,
                     2 * (r.y + r.height) / height_ - 1};
    block.barColor = color;
    block.barPixels = r.width / float(count_);
    block.valueRange = {range.bottom, range.top};
    block.count = count_;
    block.blockSize = blockSize;
    block.floatValues = isFloat_ ? 1u : 0u;
    cs::Buffer& blockBuffer = blocks_[row];
    if (!blockBuffer || std::memcmp(&block, &uploaded_[row], sizeof block) != 0) {
        if (!blockBuffer)
            blockBuffer =
                cs::Buffer("bar plot " + std::to_string(row),
                           std::max<GLsizeiptr>(blockSize_, sizeof block), cs::BufferUse::Input);
        blockBuffer.upload(&block, sizeof block);
        uploaded_[row] = block;
    }
    program_.use();
    glBindBufferBase(GL_UNIFORM_BUFFER, 0, blockBuffer.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buffer.id());
    glBindVertexArray(noVertices_.id());
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glBindVertexArray(0);
}

void BarPlots::annotate(int row, const std::string& title, const std::vector<std::uint32_t>& words,
                        ValueRange range) const {
    const cs::Rect r = rect(row);
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    // A title wider than its plot is cut at a word, with "...", and shown whole in a tooltip
    // over it, so that no window width cuts it at a letter.
    const float scale = pixelsPerUnit();
    std::string shown = title;
    const auto wide = [&](const std::string& text) {
        return ImGui::CalcTextSize(text.c_str()).x * scale > r.width;
    };
    while (wide(shown)) {  // each turn drops a word: the title only gets shorter
        const std::size_t space = shown.rfind(' ', shown.size() > 5 ? shown.size() - 5 : 0);
        if (space == std::string::npos || space == 0) break;
        shown = shown.substr(0, space) + " ...";
    }
    const ImVec2 corner = toImGui(r.x, r.y + r.height + 20, height_);
    draw->AddText(corner, IM_COL32(230, 230, 230, 255), shown.c_str());
    const ImVec2 size = ImGui::CalcTextSize(shown.c_str());
    if (shown != title &&
        ImGui::IsMouseHoveringRect(corner, ImVec2(corner.x + size.x, corner.y + size.y), false))
        ImGui::SetTooltip("%s", title.c_str());
    const float barWidth = r.width / float(count_);
    if (words.size() != count_ || barWidth < 20) return;
    const auto at = [&](double value) {  // frame y, upwards
        return r.y + r.height * float((value - range.bottom) / (range.top - range.bottom));
    };
    for (std::uint32_t i = 0; i < count_; ++i) {
        const double v = valueOf(words[i], isFloat_);
        char text[32];
        if (isFloat_)
            std::snprintf(text, sizeof text, "%.1f", v);
        else
            std::snprintf(text, sizeof text, "%u", words[i]);
        const ImVec2 units = ImGui::CalcTextSize(text);
        const ImVec2 size(units.x * pixelsPerUnit(), units.y * pixelsPerUnit());
        if (size.x > barWidth - 2) continue;
        // Inside the bar at its far end from zero when it is long enough, else past it.
        const float zero = at(0.0), end = at(v);
        const bool inside = std::abs(end - zero) > size.y + 4;
        const float top = v >= 0 ? end - (inside ? 2 : -size.y - 1)  // the text's top edge
                                 : end + (inside ? size.y + 2 : -1);
        draw->AddText(toImGui(r.x + (i + 0.5f) * barWidth - size.x / 2, top, height_),
                      IM_COL32(255, 255, 255, 255), text);
    }
}

}  // namespace prefix_sum
