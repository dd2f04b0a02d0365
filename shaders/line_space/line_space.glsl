// The line space on the GPU (thesis §5.1): the border points of an image and the layout of
// the line space's entries, the walk along a line between two border points and the tally of
// its edge pixels, with the longest run (the thesis' second future-work item). On the CPU,
// samples/line_space/geometry.cpp and reference.cpp say the same (the tests hold them to each
// other). Pixels bottom row first. pack_bits.comp, count.comp and count_tiled.comp use all of
// it; reduce_round.comp includes it for the border functions alone.

// The line space passes' parameters: one uniform buffer (passes.h, LineSpaceBlock), bound
// before each dispatch. gap is the parameter itself, named as --set names it.
layout(std140, binding = 1) uniform LineSpace {
    ivec2 imageExtent;  // the edge image's
    ivec2 size;         // the layout's extent: one entry per invocation
    int wordsPerRow;    // of the edge bits
    int gap;            // non-edge pixels a run may bridge
    uint segments;      // 1: score the longest run, not the whole line
};

// The edge image as bits, rows bottom first and padded to whole words: pixel (x, y) is bit
// x % 32 of word y * wordsPerRow + x / 32 (pack_bits.comp writes them). A line reads 1 bit per
// pixel from 4-byte words that its neighbours in the work group read too.
layout(std430, binding = 0) buffer EdgeBits { uint edgeBits[]; };

bool edgeInMemory(ivec2 pixel) {
    uint word = edgeBits[pixel.y * wordsPerRow + (pixel.x >> 5)];
    return ((word >> uint(pixel.x & 31)) & 1u) != 0u;
}

// Border points are numbered counter-clockwise from the bottom-left corner, k = 2(w + h) - 4
// of them, on four half-open sides that each run from a corner up to the next: 0 bottom,
// 1 right, 2 top, 3 left.

int sideLength(ivec2 image, int side) { return (side % 2 == 0 ? image.x : image.y) - 1; }

int sideStart(ivec2 image, int side) {
    int start = 0;
    for (int s = 0; s < side; ++s) start += sideLength(image, s);
    return start;
}

ivec2 borderPoint(ivec2 image, int k) {
    int a = image.x - 1, b = image.y - 1;
    if (k < a) return ivec2(k, 0);
    if (k < a + b) return ivec2(a, k - a);
    if (k < 2 * a + b) return ivec2(a - (k - a - b), b);
    return ivec2(0, b - (k - 2 * a - b));
}

// Scanned: the points share no side of the image, or they are the two corners of one side.
bool scanned(ivec2 image, ivec2 p, ivec2 q) {
    ivec2 last = image - 1;
    bool commonSide = (p.x == q.x && (p.x == 0 || p.x == last.x)) ||
                      (p.y == q.y && (p.y == 0 || p.y == last.y));
    bool pCorner = (p.x == 0 || p.x == last.x) && (p.y == 0 || p.y == last.y);
    bool qCorner = (q.x == 0 || q.x == last.x) && (q.y == 0 || q.y == last.y);
    return !commonSide || (pCorner && qCorner);
}

// The layout: two bands of three blocks, each block one side's points (rows) against
// another's (columns):
//   rows 0 .. a-1, side 0:    [ 0-1 ][ 0-2 ][ 0-3 ]
//   rows a .. a+b-1, side 1:  [ 1-2 ][ 1-3 ][ 3-2 ]   (3-2: side 3's points as rows)
// for a = w - 1, b = h - 1. Returns false for an entry outside the blocks; p is the row's
// border point, q the column's.
bool layoutPair(ivec2 image, ivec2 entry, out int p, out int q) {
    p = 0;
    q = 0;
    int a = image.x - 1;
    bool firstBand = entry.y < a;
    int rowSide = firstBand ? 0 : 1;
    int row = firstBand ? entry.y : entry.y - a;
    int column = entry.x;
    for (int block = 0; block < 3; ++block) {
        int columnSide = firstBand ? block + 1 : (block == 1 ? 3 : 2);
        int columns = sideLength(image, columnSide);
        if (column < columns) {
            int side = (!firstBand && block == 2) ? 3 : rowSide;
            if (row >= sideLength(image, side)) return false;
            p = sideStart(image, side) + row;
            q = sideStart(image, columnSide) + column;
            return true;
        }
        column -= columns;
    }
    return false;
}

// The side a border point lies on.
int sideOf(ivec2 image, int k) {
    int a = image.x - 1, b = image.y - 1;
    return k < a ? 0 : (k < a + b ? 1 : (k < 2 * a + b ? 2 : 3));
}

// The entry that pairs border points p and q (in either order), the inverse of layoutPair;
// (-1, -1) for two points of one side, which no entry pairs.
ivec2 pairEntry(ivec2 image, int p, int q) {
    int a = image.x - 1, b = image.y - 1;
    int sp = sideOf(image, p), sq = sideOf(image, q);
    if (sp == sq) return ivec2(-1);
    if (sp > sq) {
        int t = p;
        p = q;
        q = t;
        t = sp;
        sp = sq;
        sq = t;
    }
    // Side 3 against side 2 has side 3's points as rows, in the second band's third block.
    if (sp == 2) return ivec2(a + b + p - sideStart(image, 2), a + q - sideStart(image, 3));
    int row = p - sideStart(image, sp), column = q - sideStart(image, sq);
    if (sp == 0) return ivec2((sq == 1 ? 0 : (sq == 2 ? b : a + b)) + column, row);
    return ivec2((sq == 2 ? 0 : a) + column, a + row);
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

void visit(inout Tally c, Walk w, bool edge) {
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
uvec4 lineSpaceEntry(Tally c, uint pair) {
    return uvec4(segments != 0u ? c.bestEdges : c.edges, pair, packPoint(c.bestFirst),
                 packPoint(c.bestLast));
}
