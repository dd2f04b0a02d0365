#include "bytemap.h"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace buffers {

namespace {

constexpr int kRows = kBytesShown / kBytesPerRow;
// Room around the grid for its labels: byte offsets on the left, a title above, element names
// on the right; and the cell at which they fit. Without labels, a margin all round.
constexpr float kLeft = 52, kRight = 100, kTop = 34, kMargin = 12, kLabelledCell = 16;

// ImGui places things in its own units, top down; the grid is in frame pixels, bottom up.
// The two differ on high-DPI screens by the framebuffer scale.
float pixelsPerUnit() {
    return ImGui::GetIO().DisplayFramebufferScale.x;
}
ImVec2 toImGui(float x, float yUp, int frameHeight) {
    return ImVec2(x / pixelsPerUnit(), (float(frameHeight) - yUp) / pixelsPerUnit());
}
ImVec2 textSize(const std::string& text) {
    const ImVec2 units = ImGui::CalcTextSize(text.c_str());
    return ImVec2(units.x * pixelsPerUnit(), units.y * pixelsPerUnit());
}

}  // namespace

glm::vec3 memberColour(int member) {
    const glm::vec3 colours[] = {{0.30f, 0.58f, 0.95f},   // position: blue
                                 {0.95f, 0.62f, 0.20f},   // weight: orange
                                 {0.38f, 0.80f, 0.42f},   // samples: green
                                 {0.78f, 0.50f, 0.92f}};  // velocity: violet
    return colours[member];
}

void ByteMap::place(const cs::Rect& area, int frameWidth, int frameHeight, bool labels) {
    frameWidth_ = frameWidth;
    frameHeight_ = frameHeight;
    // Whole pixels per byte, so that every gap is as wide as every other. The labels get room
    // around the grid where they will be drawn and the grid stays large enough to read them.
    const auto cellFor = [&](float left, float right, float top, float bottom) {
        return std::floor(std::min((area.width - left - right) / kBytesPerRow,
                                   (area.height - top - bottom) / kRows));
    };
    float left = kMargin, right = kMargin, top = kMargin, bottom = kMargin;
    if (labels && cellFor(kLeft, kRight, kTop, kMargin) >= kLabelledCell) {
        left = kLeft;
        right = kRight;
        top = kTop;
    }
    cell_ = std::max(2.0f, cellFor(left, right, top, bottom));
    const float width = cell_ * kBytesPerRow, height = cell_ * kRows;
    grid_ = {std::floor(area.x + left + std::max(area.width - left - right - width, 0.0f) / 2),
             std::floor(area.y + bottom + std::max(area.height - top - bottom - height, 0.0f) / 2),
             width, height};
    labelled_ = left == kLeft;
}

std::uint32_t ByteMap::elementsShown(const Layout& layout, std::uint32_t count) const {
    return std::min<std::uint32_t>(count, std::uint32_t(kBytesShown / layout.stride));
}

void ByteMap::draw(const cs::Buffer& elements, const Layout& layout, std::uint32_t count) const {
    // The grid's shape and the marker are constants: compiled in, not sent every frame.
    if (!program_)
        program_ = cs::Program::graphics("buffers/bytes.vert", "buffers/bytes.frag",
                                         {{"BYTES_PER_ROW", std::to_string(kBytesPerRow)},
                                          {"ROWS", std::to_string(kRows)},
                                          {"MARKER", std::to_string(kMarker) + "u"}});
    if (!noVertices_) noVertices_ = cs::VertexArray("byte map");

    // Which member each 4-byte word of an element belongs to, from the layout: -1 is padding.
    std::vector<GLint> wordMember(layout.stride / 4, -1);
    for (int m = 0; m < 4; ++m)
        for (std::size_t k = 0; k < layout.members[m].floats; ++k)
            wordMember[floatOffset(layout.members[m], k) / 4] = m;
    GLfloat colours[4 * 3];
    for (int m = 0; m < 4; ++m)
        for (int c = 0; c < 3; ++c) colours[3 * m + c] = memberColour(m)[c];

    program_.use();
    const cs::Rect& r = grid_;
    glUniform4f(program_.uniform("rectNdc"), 2 * r.x / frameWidth_ - 1, 2 * r.y / frameHeight_ - 1,
                2 * (r.x + r.width) / frameWidth_ - 1, 2 * (r.y + r.height) / frameHeight_ - 1);
    glUniform1f(program_.uniform("cellPixels"), cell_);
    glUniform1ui(program_.uniform("bytesShown"),
                 GLuint(elementsShown(layout, count) * layout.stride));
    glUniform1ui(program_.uniform("stride"), GLuint(layout.stride));
    glUniform1iv(program_.uniform("wordMember"), GLsizei(wordMember.size()), wordMember.data());
    glUniform3fv(program_.uniform("memberColour"), 4, colours);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, elements.id());
    glBindVertexArray(noVertices_.id());
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glBindVertexArray(0);
}

void ByteMap::annotate(const Layout& layout, std::uint32_t count) const {
    ImDrawList* draw = ImGui::GetBackgroundDrawList();
    const ImU32 light = IM_COL32(230, 230, 230, 255), dark = IM_COL32(20, 20, 24, 255);
    const float top = grid_.y + grid_.height;  // frame pixels, upwards
    if (!labelled_) return;                    // no room for them
    const std::string title = std::string("the first ") + std::to_string(kBytesShown) +
                              " bytes of elements[] in " + layout.name + ", " +
                              std::to_string(layout.stride) + " bytes per element";
    draw->AddText(toImGui(grid_.x, top + textSize(title).y + 8, frameHeight_), light,
                  title.c_str());

    const float lineHeight = textSize("0").y;
    // The row's top edge, and the height at which a line of text sits centred in the row.
    const auto rowTop = [&](int row) { return top - row * cell_; };
    const auto textTop = [&](int row) { return rowTop(row) - (cell_ - lineHeight) / 2; };
    for (int row = 0; row < kRows; ++row) {
        const std::string offset = std::to_string(row * kBytesPerRow);
        draw->AddText(toImGui(grid_.x - 8 - textSize(offset).x, textTop(row), frameHeight_), light,
                      offset.c_str());
    }
    for (std::uint32_t e = 0; e < elementsShown(layout, count); ++e) {
        const std::size_t start = e * layout.stride;
        const std::string name = "elements[" + std::to_string(e) + "]";
        draw->AddText(
            toImGui(grid_.x + grid_.width + 8, textTop(int(start / kBytesPerRow)), frameHeight_),
            light, name.c_str());
        // Each member's name in its first byte; an array's in each of its elements, where the
        // name fits in the bytes it labels.
        for (const Member& m : layout.members) {
            const bool array = m.arrayStride != 0;
            for (std::size_t k = 0; k < (array ? m.floats : 1); ++k) {
                const std::size_t byte = start + floatOffset(m, k);
                const std::string label =
                    array ? std::string(m.name) + "[" + std::to_string(k) + "]" : m.name;
                const float room = cell_ * (array ? 4 : 4 * m.floats) - 6;
                if (textSize(label).x > room) continue;
                const int row = int(byte / kBytesPerRow), column = int(byte % kBytesPerRow);
                draw->AddText(toImGui(grid_.x + column * cell_ + 5, textTop(row), frameHeight_),
                              dark, label.c_str());
            }
        }
    }
}

}  // namespace buffers
