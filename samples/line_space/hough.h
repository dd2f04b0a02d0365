#pragma once
// The Hough transform on the GPU (thesis §5.2; Duda & Hart 1972): every edge pixel votes, at
// every angle α, for the bin of d = x cos α + y sin α (geometry.h, hough.glsl). In four passes
// (passes.cpp's houghPasses()):
//  1. hough_compact.comp: the edge pixels as a list, each taking its place with an atomic
//     counter;
//  2. hough_args.comp: the vote's dispatch size, from that count, written by a shader into
//     the buffer glDispatchComputeIndirect reads: the count never comes to the CPU;
//  3. hough_vote.comp, or hough_vote_shared.comp with a histogram per block of angles in
//     shared memory: atomic adds into the accumulator;
//  4. hough_entries.comp: the accumulator as entries like the line space's (the votes, and
//     the bin's position), for the interpretations.
// This is what the passes need: the buffers and the programs, made for an image and a number
// of angles.
#include "geometry.h"
#include "gl/objects.h"
#include "gl/program.h"

namespace line_space {

// Angles per work group of the plain vote: work groups along y, for GPUs that want many.
constexpr int kPlainThetaBlock = 16;
// Edges per invocation of the shared-memory vote, which zeroes and flushes a histogram per
// work group: enough edges to pay for that.
constexpr int kSharedVoteEdges = 16;

struct HoughTransform {
    // Throws cs::Error where this GL cannot bind the edge list of a width x height image.
    static void requireFits(int width, int height);
    // For a width x height image and `thetaSteps` angles: the accumulator's size, the angles'
    // table and the vote kernels, compiled for its number of d bins.
    void prepare(int width, int height, int thetaSteps);
    // Whether the histogram of at least one angle fits in this GL's shared memory.
    bool sharedFits() const { return thetaBlock > 0; }

    int width = 0, height = 0;
    HoughSize size;
    int thetaBlock = 0;    // angles per work group of the shared-memory vote; 0: none fits
    cs::Buffer angles;     // hough.glsl's table: vec2 (cos, sin) per angle
    cs::Buffer edgeList;   // the edge pixels, one uint (x | y << 16) each
    cs::Buffer edgeCount;  // the atomic counter that places them
    cs::Buffer command;    // the vote's glDispatchComputeIndirect command
    cs::Buffer votes;      // the accumulator, dBins x thetaSteps uints
    cs::Program compact, commandPass, vote, voteShared, toEntries;
};

}  // namespace line_space
