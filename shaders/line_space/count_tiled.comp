#version 430
// The line space with shared memory (the thesis' first future-work item): the same walks and
// counts as count.comp, with the edge bits the work group needs read from memory once per group
// rather than once per line.
//
// A work group is 16 x 16 entries: 16 neighbouring border points against 16 others, so its
// 256 lines fan out between two short stretches of the border and cover a narrow band of the
// image. Every walk climbs the image (line_space.glsl), so the group goes up the band SLAB_ROWS rows
// at a time: it finds which words of those rows its lines cross, copies them into shared
// memory together, and each invocation walks its line through the slab reading bits from
// there. A slab wider than SLAB_WORDS words (lines that spread far apart, as in a group that
// straddles two blocks of the layout) is read from memory directly, as count.comp does.
layout(local_size_x = 16, local_size_y = 16) in;

#include "line_space.glsl"  // the parameters (LineSpace), the edge bits, the walk

#ifndef SLAB_ROWS  // the defaults let the file compile alone; the sample sets both
#define SLAB_ROWS 32
#endif
#ifndef SLAB_WORDS
#define SLAB_WORDS 64
#endif

layout(binding = 0, rgba32ui) writeonly uniform uimage2D lineSpace;

shared uint slab[SLAB_ROWS * SLAB_WORDS];  // 8 KiB by default: a quarter of the GL minimum
shared int lowestRow, highestRow;          // the rows the group's lines span
shared int leftmost, rightmost;            // the columns they cross in the current slab

// The columns (x) that the walk from `w` to its end may visit in rows y0 .. y1 - 1: where the
// line crosses those rows, half a row beyond, and a pixel of margin for Bresenham's rounding.
// A pixel outside this range is still counted right (edgeAt reads it from memory); the range
// only decides what is copied.
ivec2 columnsIn(Walk w, int y0, int y1) {
    ivec2 a = w.pixel, b = w.end;
    int lowX = min(a.x, b.x), highX = max(a.x, b.x);
    if (a.y == b.y) return ivec2(lowX, highX);
    float slope = float(b.x - a.x) / float(b.y - a.y);
    float xa = float(a.x) + slope * (max(float(y0), float(a.y)) - 0.5 - float(a.y));
    float xb = float(a.x) + slope * (min(float(y1 - 1), float(b.y)) + 0.5 - float(a.y));
    int from = int(floor(min(xa, xb))) - 1, to = int(ceil(max(xa, xb))) + 1;
    return ivec2(clamp(from, lowX, highX), clamp(to, lowX, highX));
}

void main() {
    ivec2 entry = ivec2(gl_GlobalInvocationID.xy);
    uint local = gl_LocalInvocationIndex;
    // Invocations without a line (the overhang, empty entries) must still reach every
    // barrier() and copy their share of each slab, so none returns early.
    bool inside = all(lessThan(entry, size));
    int p = 0, q = 0;
    bool inLayout = inside && layoutPair(imageExtent, entry, p, q);
    ivec2 from = borderPoint(imageExtent, p), to = borderPoint(imageExtent, q);
    bool walks = inLayout && scanned(imageExtent, from, to);
    Walk w = startWalk(from, to);
    Tally tally = noTally();

    if (local == 0u) {
        lowestRow = imageExtent.y;
        highestRow = -1;
    }
    barrier();  // wait for the initial row range
    if (walks) {
        atomicMin(lowestRow, w.pixel.y);
        atomicMax(highestRow, w.end.y);
    }
    barrier();  // wait for every line's rows
    int firstRow = lowestRow, lastRow = highestRow;  // the same in every invocation

    // The same number of slabs for every invocation, so the barriers inside are in uniform
    // control flow, as GLSL requires.
    for (int y0 = firstRow; y0 <= lastRow; y0 += SLAB_ROWS) {
        int y1 = min(y0 + SLAB_ROWS, lastRow + 1);
        if (local == 0u) {
            leftmost = imageExtent.x;
            rightmost = -1;
        }
        barrier();  // wait for the reset column range
        if (walks && !w.done && w.pixel.y < y1) {
            ivec2 columns = columnsIn(w, y0, y1);
            atomicMin(leftmost, columns.x);
            atomicMax(rightmost, columns.y);
        }
        barrier();  // wait for every line's columns
        int firstWord = leftmost >> 5, words = (rightmost >> 5) - firstWord + 1;
        bool copied = rightmost >= 0 && words <= SLAB_WORDS;  // the same in every invocation
        if (copied) {
            for (int i = int(local); i < (y1 - y0) * words; i += 16 * 16) {
                int row = i / words, word = i % words;
                int at = (y0 + row) * wordsPerRow + firstWord + word;
                slab[row * SLAB_WORDS + word] = edgeBits[at];
            }
        }
        barrier();  // wait until the slab is in shared memory
        if (walks) {
            while (!w.done && w.pixel.y < y1) {
                int word = (w.pixel.x >> 5) - firstWord;
                bool edge;
                if (copied && word >= 0 && word < words) {
                    uint bits = slab[(w.pixel.y - y0) * SLAB_WORDS + word];
                    edge = ((bits >> uint(w.pixel.x & 31)) & 1u) != 0u;
                } else {
                    edge = edgeInMemory(w.pixel);
                }
                visit(tally, w, edge);
                advance(w);
            }
        }
        barrier();  // wait until every walk is done with this slab before the next overwrites it
    }
    if (!inside) return;
    uvec4 result = uvec4(0u);
    if (inLayout) result.y = uint(p) | uint(q) << 16;
    if (walks) result = lineSpaceEntry(tally, result.y);
    imageStore(lineSpace, entry, result);
}
