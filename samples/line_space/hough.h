#pragma once
// The Hough transform on the GPU (thesis §5.2; Duda & Hart 1972): every edge pixel votes, at
// every angle α, for the bin of d = x cos α + y sin α (geometry.h, hough.glsl). In four passes:
//  1. hough_compact.comp: the edge pixels as a list, each taking its place with an atomic
//     counter;
//  2. hough_args.comp: the vote's dispatch size, from that count, written by a shader into
//     the buffer glDispatchComputeIndirect reads: the count never comes to the CPU;
//  3. hough_vote.comp, or hough_vote_shared.comp with a histogram per block of angles in
//     shared memory: atomic adds into the accumulator;
//  4. hough_entries.comp: the accumulator as entries like the line space's (the votes, and
//     the bin's position), for the interpretations.
#include "geometry.h"
#include "gl/objects.h"
#include "gl/program.h"

namespace line_space {

class HoughTransform {
public:
    // Throws cs::Error where this GL cannot bind the edge list of a width x height image.
    static void requireFits(int width, int height);
    // For a width x height image and `thetaSteps` angles: the accumulator's size, the angles'
    // table and the vote kernels, compiled for its number of d bins.
    void prepare(int width, int height, int thetaSteps);
    const HoughSize& size() const { return size_; }
    // Whether the histogram of at least one angle fits in this GL's shared memory.
    bool sharedFits() const { return thetaBlock_ > 0; }

    // The votes of the white pixels of `edges` (RGBA8) into `entries` (RGBA32UI, dBins x
    // thetaSteps), with shared-memory histograms where asked for and they fit. The caller's
    // barrier must make shader writes to `edges` visible to image loads; this one ends with
    // the barrier that the entries' image loads and read-back need.
    void vote(const cs::Texture2D& edges, const cs::Texture2D& entries, bool sharedMemory);
    // The edges the last vote counted (a read-back: waits for the GPU).
    GLuint edgeCount() const;

private:
    int width_ = 0, height_ = 0;
    HoughSize size_;
    int thetaBlock_ = 0;  // angles per work group of the shared-memory vote; 0: none fits
    cs::Buffer angles_, edgeList_, edgeCount_, command_, votes_;
    cs::Program compact_, commandPass_, vote_, voteShared_, entries_;
};

}  // namespace line_space
