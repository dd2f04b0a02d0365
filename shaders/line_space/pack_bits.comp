#version 430
// The edge image as bits for the line space's walks (line_space.glsl): one invocation per
// word, that is per 32 pixels of a row; rows are padded to whole words with zeros.
layout(local_size_x = 16, local_size_y = 16) in;

#include "line_space.glsl"

layout(binding = 0, rgba8) readonly uniform image2D edges;

void main() {
    ivec2 at = ivec2(gl_GlobalInvocationID.xy);  // the word's place in its row, the row
    if (at.x >= wordsPerRow || at.y >= imageExtent.y) return;  // the last groups' overhang
    int y = at.y, x0 = at.x * 32;
    uint word = 0u;
    for (int bit = 0; bit < 32 && x0 + bit < imageExtent.x; ++bit)
        if (imageLoad(edges, ivec2(x0 + bit, y)).r > 0.5) word |= 1u << uint(bit);
    edgeBits[y * wordsPerRow + at.x] = word;
}
