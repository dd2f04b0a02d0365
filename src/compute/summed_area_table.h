#pragma once
// Summed-area table of an RGBA float image held in a buffer, built with two scans:
// every row is scanned and written transposed, then the rows of that result (the image's
// columns) are scanned and transposed back (OpenGL SuperBible, 6th ed., Listing 10.7). Entry (x, y)
// is then the sum of all pixels with column <= x and row <= y, and the sum over any
// rectangle takes four reads:  S(x1,y1) - S(x0-1,y1) - S(x1,y0-1) + S(x0-1,y0-1).
//
// Bindings: it leaves the caller's as it found them (the program in use, the indirect dispatch
// buffer and shader storage points 0-7; gl/kept_bindings.h), so a caller binds its own once.
#include "compute/scan.h"

namespace cs {

class SummedAreaTable {
public:
    // `pixels` holds width x height vec4s, row by row; `table` receives the SAT in the same
    // layout (it may be `pixels`). The caller issues the barrier for its next use of `table`.
    void build(const Buffer& pixels, const Buffer& table, int width, int height);

private:
    GpuScan scan_{ElementType::Vec4};
    Buffer columns_;  // the row pass's transposed result: width rows of height
};

}  // namespace cs
