#pragma once
// The line_space sample's passes on the GPU, each written out in passes.cpp as bind, dispatch,
// and the barrier its readers need, in the order main.cpp's detect() runs them:
//   edges       cannyPasses() or inputEdgesPass()
//   transform   packBitsPass() and countPass() (the line space), or houghPasses()
//   read-out    pyramidPasses(), spaceViewPass(), one of thresholdPasses(), reducePasses(),
//               sortPasses(), then gatherPass(), which brings the chosen entries back
// The resources they use are made by the structs of canny.h, count.h, hough.h, interpret.h.
#include <cstdint>
#include <vector>

#include "canny.h"
#include "count.h"
#include "geometry.h"
#include "gl/objects.h"
#include "gl/program.h"
#include "hough.h"
#include "interpret.h"

namespace line_space {

// Canny's edges of `source` (RGBA8) into `edges` (RGBA8, the same size; canny.prepare() for
// that size first), thresholds on the gradient's length. Waits for the GPU once per
// hysteresis dispatch (its counter).
void cannyPasses(EdgeDetector& canny, const cs::Texture2D& source, const cs::Texture2D& edges,
                 int low, int high);
// The input's own edges (--set edges=input): every pixel whose R, G or B is not zero.
void inputEdgesPass(const EdgeDetector& canny, const cs::Texture2D& source,
                    const cs::Texture2D& edges);

// The edges as bits into lineSpace.edgeBits (count.h).
void packBitsPass(const LineSpaceCount& lineSpace, const cs::Texture2D& edges);
// The line space (thesis §5.1) of the image `imageSize` packed in lineSpace.edgeBits, by
// count.comp or (`tiled`) count_tiled.comp, into `entries` (RGBA32UI, layoutSize()).
void countPass(const LineSpaceCount& lineSpace, bool tiled, glm::ivec2 imageSize,
               const cs::Texture2D& entries, int gap, bool segments);

// The Hough transform (thesis §5.2) of `edges` into `entries` (RGBA32UI, dBins x thetaSteps),
// with shared-memory histograms where asked for and they fit.
void houghPasses(HoughTransform& hough, const cs::Texture2D& edges, const cs::Texture2D& entries,
                 bool sharedMemory);
// The edges the last houghPasses() counted: a read-back, which waits for the GPU (--bench).
GLuint houghEdgeCount(const HoughTransform& hough);

// The max pyramid of the entries' scores, which every interpretation starts from.
void pyramidPasses(Interpreter& interpreter, const cs::Texture2D& entries);
// The entries as a heat map into `view` (RGBA8), scaled by the pyramid's top.
void spaceViewPass(const Interpreter& interpreter, const cs::Texture2D& entries,
                   const cs::Texture2D& view, bool layoutGaps);

// The three interpretations (thesis §5.3), each choosing at most `most` entries, best first.
// thresholdPasses reads back how many entries it kept (the sort's count): a wait for the GPU.
void thresholdPasses(Interpreter& interpreter, std::uint32_t minimum, int most);
void reducePasses(Interpreter& interpreter, int most, int suppress, const Neighbourhood& around);
void sortPasses(Interpreter& interpreter, int prereduce, int most);

// The entries the last interpretation chose, gathered and read back (waits for the GPU).
std::vector<Interpreter::Chosen> gatherPass(Interpreter& interpreter, const cs::Texture2D& entries);

}  // namespace line_space
