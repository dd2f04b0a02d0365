#pragma once
// The line space's count on the GPU (thesis §5.1), what its two passes need (passes.cpp's
// packBitsPass() and countPass()):
//  1. pack_bits.comp: the edges as bits, 32 pixels to a word, for the walks (walk.glsl);
//  2. count.comp: one invocation per entry of the layout (geometry.h) walks the line between
//     its two border points and counts the edge pixels on it; or count_tiled.comp, the same
//     with the edge bits a work group needs copied into shared memory first.
#include "gl/objects.h"
#include "gl/program.h"

namespace line_space {

struct LineSpaceCount {
    // Compiles the programs (once) and makes the edge bits for a width x height image.
    void prepare(int width, int height);

    cs::Program packBits, count, countTiled;
    cs::Buffer edgeBits;  // (width + 31) / 32 words a row, bottom row first
};

}  // namespace line_space
