#version 430
// The edge image as bits for the line space (walk.glsl): one invocation per word, that is per
// 32 pixels of a row; rows are padded to whole words with zeros.
layout(local_size_x = 64) in;
#include "linear_item.glsl"

layout(binding = 0, rgba8) readonly uniform image2D edges;
layout(std430, binding = 0) writeonly buffer EdgeBits { uint edgeBits[]; };

uniform uint count;      // words in all: rows * wordsPerRow
uniform int wordsPerRow;
uniform ivec2 imageExtent;

void main() {
    uint i = linearItem();  // rows of work groups past the GL's limit along x
    if (i >= count) return;  // the last group's overhang
    int y = int(i) / wordsPerRow, x0 = (int(i) % wordsPerRow) * 32;
    uint word = 0u;
    for (int bit = 0; bit < 32 && x0 + bit < imageExtent.x; ++bit)
        if (imageLoad(edges, ivec2(x0 + bit, y)).r > 0.5) word |= 1u << uint(bit);
    edgeBits[i] = word;
}
