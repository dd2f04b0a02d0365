// Walking a line of the line space and counting its edge pixels (thesis §5.1), with the
// longest run of them (the thesis' second future-work item). The CPU reference,
// samples/line_space/reference.cpp, walks and counts the same way.

// The edge image as bits, rows bottom first and padded to whole words: pixel (x, y) is bit
// x % 32 of word y * wordsPerRow + x / 32 (pack_bits.comp). A line reads 1 bit per pixel
// from 4-byte words that its neighbours in the work group read too.
layout(std430, binding = 0) readonly buffer EdgeBits { uint edgeBits[]; };
uniform int wordsPerRow;

bool edgeInMemory(ivec2 pixel) {
    uint word = edgeBits[pixel.y * wordsPerRow + (pixel.x >> 5)];
    return ((word >> uint(pixel.x & 31)) & 1u) != 0u;
}

// Bresenham's walk over the pixels of the line from p to q, 8-connected: max(|dx|, |dy|) + 1
// pixels. It always starts at the endpoint with the lower y (of two on one row, the lower x),
// so that a line is the same pixels whichever way its pair was stored, and every walk climbs
// the image row by row, which the tiled count relies on.
struct Walk {
    ivec2 pixel, end, step;
    int dx, dy, err;
    int t;  // pixels walked before `pixel`
    bool done;
};

Walk startWalk(ivec2 p, ivec2 q) {
    bool swapped = q.y < p.y || (q.y == p.y && q.x < p.x);
    Walk w;
    w.pixel = swapped ? q : p;
    w.end = swapped ? p : q;
    w.dx = abs(w.end.x - w.pixel.x);
    w.dy = -abs(w.end.y - w.pixel.y);
    w.step = ivec2(w.pixel.x < w.end.x ? 1 : -1, 1);
    w.err = w.dx + w.dy;
    w.t = 0;
    w.done = false;
    return w;
}

void advance(inout Walk w) {
    if (w.pixel == w.end) {
        w.done = true;
        return;
    }
    int e2 = 2 * w.err;
    if (e2 >= w.dy) {
        w.err += w.dy;
        w.pixel.x += w.step.x;
    }
    if (e2 <= w.dx) {
        w.err += w.dx;
        w.pixel.y += w.step.y;
    }
    w.t += 1;
}

// What a walk finds: all edge pixels, and the longest run, a stretch whose edge pixels are at
// most `gap` non-edge pixels apart, by its number of edge pixels (the first of equal ones).
struct Tally {
    uint edges;
    uint runEdges, bestEdges;
    int lastEdge;  // t of the run's last edge pixel
    ivec2 runFirst, runLast, bestFirst, bestLast;
};

Tally noTally() {
    return Tally(0u, 0u, 0u, 0, ivec2(0), ivec2(0), ivec2(0), ivec2(0));
}

void visit(inout Tally c, Walk w, bool edge, int gap) {
    if (!edge) return;
    c.edges += 1u;
    if (c.runEdges == 0u || w.t - c.lastEdge - 1 > gap) {
        c.runEdges = 0u;
        c.runFirst = w.pixel;
    }
    c.runEdges += 1u;
    c.runLast = w.pixel;
    c.lastEdge = w.t;
    if (c.runEdges > c.bestEdges) {
        c.bestEdges = c.runEdges;
        c.bestFirst = c.runFirst;
        c.bestLast = c.runLast;
    }
}

uint packPoint(ivec2 p) { return uint(p.x) | uint(p.y) << 16; }

// The line space entry (RGBA32UI): the score (all edge pixels, or with segments the longest
// run's), the pair p | q << 16, the run's first and last pixel.
uvec4 lineSpaceEntry(Tally c, uint pair, bool segments) {
    return uvec4(segments ? c.bestEdges : c.edges, pair, packPoint(c.bestFirst),
                 packPoint(c.bestLast));
}
