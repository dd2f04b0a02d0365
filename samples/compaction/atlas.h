#pragma once
// The histopyramid's levels side by side in one image, as the article's "atlas" shows them
// (atlas.comp): the base at the left, each level to the right half the size of the one
// before, up to the top's single cell. Drawn into a strip of the frame by a TextureDrawer.
#include <cstdint>

#include "app/draw.h"
#include "compute/histopyramid.h"
#include "gl/objects.h"
#include "gl/program.h"

namespace compaction {

class Atlas {
public:
    // Dispatches atlas.comp over the levels of `pyramid` (built from `flags`), and ends with
    // the barrier for draw()'s texture fetch.
    void build(const cs::GpuHistoPyramid& pyramid, const cs::Buffer& flags);
    // The image in a strip along the bottom of `area` of a width x height frame target, at
    // most 0.3 of its height; returns the rest of `area`, above the strip.
    cs::Rect drawStrip(const cs::Rect& area, int width, int height) const;

private:
    cs::Program program_, programVec4_;  // for sums and for partial sums
    cs::Texture2D image_;
    cs::TextureDrawer drawer_;
};

}  // namespace compaction
