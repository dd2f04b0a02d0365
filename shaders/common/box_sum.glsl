// The sum over a box of pixels from a summed-area table: four reads, whatever the box's size.
// Rows count from the bottom, as GL keeps images: S(x, y) is the sum of every pixel with
// column <= x and row <= y, the ones left of and below (x, y), inclusive, and S of a column
// or row before the first is zero. Then the box with corners lo and hi (inclusive) sums to
//
//     S(hi) - S(lo.x - 1, hi.y) - S(hi.x, lo.y - 1) + S(lo - 1)
//
// everything up to its top-right corner, minus the columns left of the box and the rows
// below it; the corner below-left was subtracted twice, so it is added back once.
//
// The including shader defines SUM (vec4, or dvec4 for a double-precision table) and
// SUM sat(ivec2 p), its table's lookup, before including this file.
SUM boxSum(ivec2 lo, ivec2 hi) {
    return sat(hi) - sat(ivec2(lo.x - 1, hi.y)) - sat(ivec2(hi.x, lo.y - 1)) + sat(lo - 1);
}
