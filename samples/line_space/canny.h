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
// This is what the passes need; passes.cpp's cannyPasses() runs them.
#include "gl/objects.h"
#include "gl/program.h"

namespace line_space {

struct EdgeDetector {
    // Compiles the programs (once) and makes the work textures for a width x height image
    // (again when the size changes).
    void prepare(int width, int height);

    cs::Program blur, gradient, suppress, hysteresis, strongEdges;
    cs::Program inputEdges;  // --set edges=input: input_edges.comp, no Canny
    cs::Texture2D blurred, gradients,
        classes[2];                // hysteresis reads one class image, writes the other
    cs::Buffer changedGroups;      // hysteresis' atomic counter
    int hysteresisDispatches = 0;  // how many the last cannyPasses() made
};

}  // namespace line_space
