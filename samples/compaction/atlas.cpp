#include "atlas.h"

#include <imgui.h>

#include <algorithm>
#include <glm/glm.hpp>
#include <vector>

namespace compaction {
namespace {

constexpr int kHeight = 256;  // the base's panel, in atlas pixels
constexpr int kGap = 4, kMinPanel = 4;

// A level of `cells` cells as a Morton grid: 2^ceil(b/2) by 2^floor(b/2) cells, b the bits
// of the largest index, so that the grid holds every cell and its rows come whole.
glm::uvec2 gridOf(std::uint32_t cells) {
    int bits = 0;
    while (bits < 32 && (std::uint64_t(1) << bits) < cells) ++bits;
    return {1u << ((bits + 1) / 2), 1u << (bits / 2)};
}

}  // namespace

void Atlas::build(const cs::GpuHistoPyramid& pyramid, const cs::Buffer& flags) {
    cs::Program& program = pyramid.partialSums() ? programVec4_ : program_;
    if (!program)
        program = cs::Program::compute("compaction/atlas.comp",
                                       {{"PARTIAL_SUMS", pyramid.partialSums() ? "1" : "0"}});
    program.use();
    // The layout's uniforms, when the levels or the program are not those they were set for.
    const std::vector<std::uint32_t> cells(pyramid.levelCells(),
                                           pyramid.levelCells() + cs::kMaxPyramidLevels);
    if (program.id() != layoutProgram_ || cells != layoutCells_) {
        setLayout(program, pyramid);
        layoutProgram_ = program.id();
        layoutCells_ = cells;
    }
    // The flags are level 0, the library's buffer holds the levels above
    // (histopyramid_levels.glsl).
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, flags.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, pyramid.levels().id());
    glBindImageTexture(0, image_.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    const glm::uvec3 groups = program.groupsFor(image_.width(), image_.height());
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The draw samples the image as a texture.
    glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
}

// Each level's panel in the image and its Morton grid, and where the levels lie among the
// pyramid's cells, as uniforms of `program` (in use); a wider image when the panels need it.
void Atlas::setLayout(const cs::Program& program, const cs::GpuHistoPyramid& pyramid) {
    const int top = pyramid.top();
    std::vector<glm::ivec4> panels(cs::kMaxPyramidLevels, glm::ivec4(0));
    std::vector<glm::uvec2> grids(cs::kMaxPyramidLevels, glm::uvec2(1));
    int x = 0;
    for (int level = 0; level <= top; ++level) {
        grids[level] = gridOf(pyramid.levelCells()[level]);
        const int height = std::max(kHeight >> level, kMinPanel);
        const int width = height * int(grids[level].x / grids[level].y);
        panels[level] = {x, 0, width, height};
        x += width + kGap;
    }
    if (image_.width() != x) image_ = cs::Texture2D("histopyramid atlas", x, kHeight, GL_RGBA8);
    glUniform2i(program.uniform("size"), image_.width(), image_.height());
    glUniform1ui(program.uniform("top"), GLuint(top));
    glUniform4iv(program.uniform("panels"), cs::kMaxPyramidLevels, &panels[0].x);
    glUniform2uiv(program.uniform("grids"), cs::kMaxPyramidLevels, &grids[0].x);
    glUniform1uiv(program.uniform("levelOffset"), cs::kMaxPyramidLevels, pyramid.levelOffsets());
    glUniform1uiv(program.uniform("levelCells"), cs::kMaxPyramidLevels, pyramid.levelCells());
}

cs::Rect Atlas::drawStrip(const cs::Rect& area, int width, int height) const {
    if (!image_) return area;
    const float strip = std::min(area.height * 0.3f,
                                 area.width * image_.height() / float(std::max(image_.width(), 1)));
    const cs::Rect rect{area.x, area.y, area.width, strip};
    drawer_.draw(image_, cs::fitRect(rect, image_.width(), image_.height()), width, height);
    return {area.x, area.y + strip, area.width, area.height - strip};
}

void Atlas::legend(bool shown, bool asked) {
    if (shown)
        ImGui::TextDisabled("atlas: the base left, levels to the right, the count last");
    else if (asked)
        ImGui::TextDisabled("atlas: histopyramid methods only");
}

}  // namespace compaction
