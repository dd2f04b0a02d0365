#include "draw.h"

#include <imgui.h>

#include <algorithm>
#include <string>

namespace line_space {
namespace {

// A corner of a segment's quad (lines.vert): the end it is at, the other end, which edge.
struct Vertex {
    glm::vec2 endpoint, otherEnd;
    float side;
    float rank;
};

// The colours the shaders spell, repeated here for the legend alone (change both together):
// lines.frag draws the lines and crosses from kBest (rank 0) to kLast (the last line);
// space_view.comp draws an entry's score as kNoVotes -> kHalf -> kTop, kHalf where
// (score / best)^0.75 is 0.5, and an entry outside the line space's blocks as kGap.
const ImVec4 kBest(0.2f, 1.0f, 0.2f, 1.0f), kLast(0.1f, 0.6f, 1.0f, 1.0f);
const ImVec4 kNoVotes(0.0f, 0.0f, 0.1f, 1.0f), kHalf(0.8f, 0.1f, 0.4f, 1.0f),
    kTop(1.0f, 0.95f, 0.5f, 1.0f), kGap(0.2f, 0.2f, 0.2f, 1.0f);

// A small square of `colour`, then what it means, on the current line.
void swatch(const ImVec4& colour, const char* meaning) {
    const float side = ImGui::GetTextLineHeight();
    ImGui::ColorButton(meaning, colour,
                       ImGuiColorEditFlags_NoTooltip | ImGuiColorEditFlags_NoPicker |
                           ImGuiColorEditFlags_NoDragDrop,
                       ImVec2(side, side));
    ImGui::SameLine(0.0f, 3.0f);
    ImGui::TextUnformatted(meaning);
}

void legend(const Detected& d) {
    ImGui::TextDisabled("lines found, by score:");
    ImGui::SameLine();
    if (d.lines->empty()) {
        ImGui::TextUnformatted("none");
    } else {
        // One line is the best and the last: drawn green, one swatch.
        swatch(kBest, d.lines->size() > 1 ? "best" : "the one line");
        if (d.lines->size() > 1) {
            ImGui::SameLine();
            swatch(kLast, "last");
        }
    }
    if (!d.spaceShown) return;
    ImGui::TextDisabled("crosses: each line's entry, in its colour");
    ImGui::TextDisabled(d.hough ? "accumulator:" : "line space:");
    ImGui::SameLine();
    swatch(kNoVotes, "0");
    ImGui::SameLine();
    swatch(kHalf, "40%");
    ImGui::SameLine();
    swatch(kTop, "best");
    if (d.hough) return;
    ImGui::SameLine();
    swatch(kGap, "no line");
}

}  // namespace

void LineDrawer::set(const std::vector<glm::vec2>& a, const std::vector<glm::vec2>& b,
                     glm::vec2 pixels, std::size_t perLine) {
    std::vector<Vertex> data;
    const float last = float(std::max<std::size_t>(a.size() / perLine, 2) - 1);
    for (std::size_t i = 0; i < a.size(); ++i) {
        // Two triangles: seen from b, "across" points the other way, so b's corners take the
        // opposite side to land on the same edges as a's.
        const float rank = float(i / perLine) / last;
        const Vertex a0{a[i], b[i], 1, rank}, a1{a[i], b[i], -1, rank};
        const Vertex b0{b[i], a[i], -1, rank}, b1{b[i], a[i], 1, rank};
        data.insert(data.end(), {a0, a1, b0, a1, b1, b0});
    }
    pixels_ = pixels;
    count_ = int(data.size());
    if (!vertices_) {
        vertices_ = cs::VertexArray("detected lines");
        glBindVertexArray(vertices_.id());
        const struct {
            GLint size;
            std::size_t offset;
        } attributes[] = {{2, offsetof(Vertex, endpoint)},
                          {2, offsetof(Vertex, otherEnd)},
                          {1, offsetof(Vertex, side)},
                          {1, offsetof(Vertex, rank)}};
        for (GLuint i = 0; i < 4; ++i) {
            glEnableVertexAttribArray(i);
            glVertexAttribFormat(i, attributes[i].size, GL_FLOAT, GL_FALSE,
                                 GLuint(attributes[i].offset));
            glVertexAttribBinding(i, 0);
        }
        glBindVertexArray(0);
    }
    if (data.empty()) return;
    buffer_ = cs::Buffer("detected line vertices", GLsizeiptr(data.size() * sizeof(Vertex)),
                         cs::BufferUse::Input, data.data());
}

void LineDrawer::setMarks(const std::vector<glm::vec2>& at, glm::vec2 pixels) {
    // A cross of arms 1% of the picture's larger side, at least 3 pixels.
    const float arm = std::max(3.0f, 0.01f * std::max(pixels.x, pixels.y));
    std::vector<glm::vec2> a, b;
    for (const glm::vec2& p : at) {
        a.insert(a.end(), {p - glm::vec2(arm, 0), p - glm::vec2(0, arm)});
        b.insert(b.end(), {p + glm::vec2(arm, 0), p + glm::vec2(0, arm)});
    }
    set(a, b, pixels, /*perLine=*/2);  // two arms a cross
}

void LineDrawer::draw(const cs::Rect& rect, int targetWidth, int targetHeight) const {
    if (count_ == 0) return;
    if (!program_)
        program_ = cs::Program::graphics("line_space/lines.vert", "line_space/lines.frag");
    program_.use();
    glUniform4f(program_.uniform("rectNdc"), 2 * rect.x / targetWidth - 1,
                2 * rect.y / targetHeight - 1, 2 * (rect.x + rect.width) / targetWidth - 1,
                2 * (rect.y + rect.height) / targetHeight - 1);
    glUniform2f(program_.uniform("pixels"), pixels_.x, pixels_.y);
    glUniform2f(program_.uniform("target"), float(targetWidth), float(targetHeight));
    glBindVertexArray(vertices_.id());
    glBindVertexBuffer(0, buffer_.id(), 0, sizeof(Vertex));
    glDrawArrays(GL_TRIANGLES, 0, count_);
    glBindVertexArray(0);
}

std::vector<Line> showChosen(const std::vector<Interpreter::Chosen>& chosen, const Space& space,
                             glm::ivec2 spaceSize, LineDrawer& imageLines, LineDrawer& spaceMarks) {
    std::vector<Entry> entries;
    std::vector<glm::vec2> marks;
    for (const auto& [index, entry] : chosen) {
        entries.push_back(entry);
        if (entry.x > 0) marks.emplace_back(index % spaceSize.x, index / spaceSize.x);
    }
    const std::vector<Line> lines = linesOf(space, entries);
    std::vector<glm::vec2> a, b;
    for (const Line& line : lines) {
        a.push_back(line.a);
        b.push_back(line.b);
    }
    imageLines.set(a, b, glm::vec2(space.width, space.height));
    spaceMarks.setMarks(marks, glm::vec2(spaceSize));
    return lines;
}

void drawOverlay(const Detected& d) {
    ImGui::Separator();
    ImGui::Text("%dx%d image, %s %dx%d", d.width, d.height, d.hough ? "accumulator" : "line space",
                d.spaceSize.x, d.spaceSize.y);
    if (!d.hough) ImGui::Text("%lld lines scanned", (long long)lineCount(d.width, d.height));
    if (d.interpret != "reduce")
        ImGui::Text("%u candidate%s %s", d.candidates, d.candidates == 1 ? "" : "s",
                    d.interpret == "threshold" ? "at or above the threshold" : "sorted");
    if (d.lines->empty())
        ImGui::TextUnformatted("no line found");
    else
        ImGui::Text("%zu line%s found, best score %u", d.lines->size(),
                    d.lines->size() == 1 ? "" : "s", d.lines->front().score);
    legend(d);
}

void keepWorking(cs::Params& params, bool houghWithSegments, const int& cannyLow,
                 const int& cannyHigh) {
    // Through set(), as the overlay's own edit is: the sample sees a change, and a run that
    // then fails undoes both (Params::undoEdits).
    if (houghWithSegments) params.set("segments", "false");
    if (cannyLow <= cannyHigh) return;
    // Only one moved this frame. Asking whether canny_high did clears its change; the set()
    // that follows marks a threshold changed again, so that the detection runs either way.
    if (params.changed(&cannyHigh))
        params.set("canny_low", std::to_string(cannyHigh));
    else
        params.set("canny_high", std::to_string(cannyLow));
}

}  // namespace line_space
