// The border points of an image and the line space's layout, as samples/line_space/geometry.cpp
// says them on the CPU (the tests hold the two to each other). Pixels bottom row first.
//
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
