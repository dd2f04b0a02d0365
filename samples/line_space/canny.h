#pragma once
// The edge detector in front of both transforms: Canny's (Canny 1986), in compute shaders, in
// whole numbers so that the CPU reference (reference.h) gives the same edges bit for bit:
//  1. canny_blur.comp:       grey, 5x5 binomial blur
//  2. canny_gradient.comp:   Sobel gradient: squared length and one of four directions
//  3. canny_suppress.comp:   non-maximum suppression and the double threshold: strong, weak
//  4. canny_hysteresis.comp: weak pixels next to strong ones become strong, dispatched again
//                            until no work group changes anything
//  5. canny_edges.comp:      the strong pixels, white on black
// The thresholds apply to the gradient's length, Sobel of 0-255 grey (at most 1020 sqrt 2).
#include "gl/objects.h"
#include "gl/program.h"

namespace line_space {

class EdgeDetector {
public:
    // The edges of `source` (RGBA8) into `edges` (RGBA8, the same size). The caller's barrier
    // must make shader writes to `source` visible to image loads; this one ends with
    // canny_edges.comp's image stores, for which the caller issues the barrier its readers
    // need.
    void canny(const cs::Texture2D& source, const cs::Texture2D& edges, int low, int high);
    // The edges of the input itself (--set edges=input): every pixel whose R, G or B is not
    // zero, stored as canny() stores them (input_edges.comp); the same barrier applies.
    void fromInput(const cs::Texture2D& source, const cs::Texture2D& edges);
    // How many times the last canny() dispatched the hysteresis pass.
    int hysteresisDispatches() const { return dispatches_; }

private:
    void resize(int width, int height);

    cs::Program blur_, gradient_, suppress_, hysteresis_, edges_, inputEdges_;
    cs::Texture2D blurred_, gradients_, classes_[2];
    cs::Buffer changedGroups_;  // hysteresis' atomic counter
    int dispatches_ = 0;
};

}  // namespace line_space
