#include "draw.h"

#include <algorithm>

namespace line_space {
namespace {

struct Vertex {
    glm::vec2 endpoint;
    float rank;
};

}  // namespace

void LineDrawer::set(const std::vector<glm::vec2>& a, const std::vector<glm::vec2>& b,
                     glm::vec2 pixels) {
    std::vector<Vertex> data;
    const float last = float(std::max<std::size_t>(a.size(), 2) - 1);
    for (std::size_t i = 0; i < a.size(); ++i) {
        data.push_back({a[i], float(i) / last});
        data.push_back({b[i], float(i) / last});
    }
    pixels_ = pixels;
    count_ = int(data.size());
    if (!vertices_) {
        vertices_ = cs::VertexArray("detected lines");
        glBindVertexArray(vertices_.id());
        glEnableVertexAttribArray(0);
        glEnableVertexAttribArray(1);
        glVertexAttribFormat(0, 2, GL_FLOAT, GL_FALSE, offsetof(Vertex, endpoint));
        glVertexAttribFormat(1, 1, GL_FLOAT, GL_FALSE, offsetof(Vertex, rank));
        glVertexAttribBinding(0, 0);
        glVertexAttribBinding(1, 0);
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
    set(a, b, pixels);
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
    glBindVertexArray(vertices_.id());
    glBindVertexBuffer(0, buffer_.id(), 0, sizeof(Vertex));
    glDrawArrays(GL_LINES, 0, count_);
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
    for (const Line& line : lines) a.push_back(line.a), b.push_back(line.b);
    imageLines.set(a, b, glm::vec2(space.width, space.height));
    spaceMarks.setMarks(marks, glm::vec2(spaceSize));
    return lines;
}

}  // namespace line_space
