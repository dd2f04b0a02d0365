#pragma once
// The histopyramid's levels side by side in one image, as the article's "atlas" shows them
// (atlas.comp): the base at the left, each level to the right half the size of the one
// before, up to the top's single cell. Drawn into a strip of the frame by a TextureDrawer.
#include <cstdint>
#include <vector>

#include "app/draw.h"
#include "compute/histopyramid.h"
#include "gl/objects.h"
#include "gl/program.h"

namespace compaction {

class Atlas {
public:
    // Dispatches atlas.comp over the levels of `pyramid` (built from `flags`), and ends with
    // the barrier for draw()'s texture fetch. The layout's uniforms are set when the levels
    // change, not every frame: a program keeps its uniforms.
    void build(const cs::GpuHistoPyramid& pyramid, const cs::Buffer& flags);
    // A reloaded program has none of the uniforms set before: the next build sets them.
    void forgetLayout() { layoutProgram_ = 0; }
    // The image in a strip along the bottom of `area` of a width x height frame target, at
    // most 0.3 of its height; returns the rest of `area`, above the strip.
    cs::Rect drawStrip(const cs::Rect& area, int width, int height) const;
    // The overlay's line on the atlas: how to read it where it is `shown`, or why it is not
    // where it was `asked` for.
    static void legend(bool shown, bool asked);

private:
    void setLayout(const cs::Program& program, const cs::GpuHistoPyramid& pyramid);

    cs::Program program_, programVec4_;       // for sums and for partial sums
    GLuint layoutProgram_ = 0;                // the program whose uniforms hold the layout
    std::vector<std::uint32_t> layoutCells_;  // of these levels' cells
    cs::Texture2D image_;
    cs::TextureDrawer drawer_;
};

}  // namespace compaction
