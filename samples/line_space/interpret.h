#pragma once
// Reading lines out of the line space or the Hough accumulator (thesis §5.3), on the GPU, for
// the entries of either (RGBA32UI, the score in x; geometry.h):
//   threshold: every entry scoring at least t, best first: a flag per entry, the framework's
//              scan of the flags, a scatter into a list (threshold_scatter.comp), cs::GpuSort;
//   reduce:    the m best entries one by one, each one's s x s neighbourhood (geometry.h)
//              then zeroed so that the next is another line: the max pyramid's top, then
//              reduce_round.comp;
//   sort:      the pyramid's level p (the best entry of every 2^p square: p rounds of 2 x 2
//              max reduction), all of it sorted by score with cs::GpuSort, the first m.
// All three start from the max pyramid of the scores (pyramid.glsl), which pyramidPasses()
// makes; each leaves a list of the chosen entries' indices, best first, which gatherPass()
// gathers and reads back (passes.cpp runs them all; this is what they need). Ties go to the lower
// index in all three, so the CPU reference (reference.h) makes the same choice.
#include <cstdint>
#include <glm/glm.hpp>
#include <vector>

#include "compute/scan.h"
#include "compute/sort.h"
#include "geometry.h"
#include "gl/objects.h"
#include "gl/program.h"

namespace line_space {

// The size of the space the transform fills for a width x height image: the line space's
// layout (geometry.h), or the Hough accumulator of dBins x thetaSteps (hough.h). Throws
// cs::Error, naming the limit, where this GL cannot hold the space or what the transform and
// the interpreter make for it, or where the image is too small to hold a line. Allocates nothing,
// so that a run can ask it first of every size it will meet (--bench-sizes).
glm::ivec2 requireSpace(int width, int height, bool hough, int thetaSteps);

struct Interpreter {
    // Throws cs::Error where the max pyramid of entries of this size is more than one storage
    // block may hold on this GL.
    static void requireFits(glm::ivec2 entriesSize);
    // For entries of this size (at least 2 entries); requireFits first.
    void resize(glm::ivec2 entriesSize);
    int topOffset() const { return offsets.back(); }
    int levels() const { return int(sizes.size()); }
    // Room for `most` chosen entries: reduce's maxima and the gathered entries.
    void reserveChosen(std::uint32_t most);

    // The entries an interpretation chose, as gatherPass() returns them, best first: each with
    // its index in the entries (~0u and an empty entry where reduce ran out).
    struct Chosen {
        std::uint32_t index = 0;
        Entry entry{0u};
    };

    glm::ivec2 size{0};
    std::vector<int> offsets;       // where each level starts in the pyramid
    std::vector<glm::ivec2> sizes;  // each level's size
    // pyramid_base/level.comp, reduce_round.comp, sort_keys.comp, threshold_scatter.comp,
    // gather.comp
    cs::Program pyramidBase, pyramidLevel, reduceRound, keysOfLevel, thresholdScatter, gather;
    cs::Program spaceView;  // space_view.comp: the entries as a picture, scaled by the top
    cs::Buffer pyramid;     // uvec2 (score, index) per entry of every level
    cs::Buffer places;      // threshold's flags, then their scan
    cs::Buffer sortKeys, sortValues;  // what cs::GpuSort sorts: 65535 - score, and the index
    cs::Buffer maxima;                // reduce's chosen indices, `most` uints
    cs::Buffer gathered;              // the chosen entries, for the read-back
    cs::GpuScan scan{cs::ElementType::Uint};
    cs::GpuSort gpuSort;
    // What the last interpretation left for the gather: its list of indices (maxima or
    // sortValues) and how many of them; how many entries it kept (threshold) or sorted (sort).
    const cs::Buffer* chosenIndices = nullptr;
    std::uint32_t chosenCount = 0, candidates = 0;
};

}  // namespace line_space
