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
// All three start from the max pyramid of the scores (pyramid.glsl), which buildPyramid()
// makes; each leaves a list of the chosen entries' indices, best first, which chosen()
// gathers and reads back. Ties go to the lower index in all three, so the CPU reference
// (reference.h) makes the same choice.
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
// the interpreter make for it. Allocates nothing, so that a run can ask it first of every
// size it will meet (--bench-sizes).
glm::ivec2 requireSpace(int width, int height, bool hough, int thetaSteps);

class Interpreter {
public:
    // Throws cs::Error where the max pyramid of entries of this size is more than one storage
    // block may hold on this GL.
    static void requireFits(glm::ivec2 entriesSize);
    // For entries of this size (at least 2 entries); requireFits first.
    void resize(glm::ivec2 entriesSize);

    // The max pyramid of `entries`' scores. Ends with its shader writes, for which the
    // caller's barrier names the readers (the view, the interpretations: SHADER_STORAGE).
    void buildPyramid(const cs::Texture2D& entries);
    const cs::Buffer& pyramid() const { return pyramid_; }
    int topOffset() const { return offsets_.back(); }
    int levels() const { return int(sizes_.size()); }

    // The three interpretations, choosing at most `most` entries; each needs buildPyramid()'s
    // writes made visible to storage reads first, and ends with the barrier chosen() needs.
    void threshold(std::uint32_t minimum, int most);
    void reduce(int most, int suppress, const Neighbourhood& around);
    void sort(int prereduce, int most);

    // The entries the last interpretation chose, best first: as many as it found, at most
    // `most`, each with its index in the entries (~0u and an empty entry where reduce ran out).
    // Reads them back (waits for the GPU).
    struct Chosen {
        std::uint32_t index = 0;
        Entry entry{0u};
    };
    std::vector<Chosen> chosen(const cs::Texture2D& entries);
    // How many entries the last threshold kept, or the last sort sorted.
    std::uint32_t candidates() const { return candidates_; }

private:
    glm::ivec2 size_{0};
    std::vector<int> offsets_;       // where each level starts in the pyramid
    std::vector<glm::ivec2> sizes_;  // each level's size
    cs::Program base_, level_, round_, keys_, threshold_, gather_;
    cs::Buffer pyramid_, maxima_, sortKeys_, sortValues_, places_, gathered_;
    cs::GpuScan scan_{cs::ElementType::Uint};
    cs::GpuSort gpuSort_;
    const cs::Buffer* chosenIndices_ = nullptr;  // maxima_ or sortValues_
    std::uint32_t chosenCount_ = 0, candidates_ = 0;
};

}  // namespace line_space
