// The Hough transform's normal form (thesis §5.2; Duda & Hart 1972): x cos α + y sin α = d about
// the image's centre, α = t π / theta_steps, d in 1-pixel bins. samples/line_space/geometry.cpp
// says the same on the CPU (houghBin).

// cos α and sin α of every step, computed once on the CPU: the GPU's votes and the CPU
// reference's then start from the same numbers.
layout(std430, binding = 3) readonly buffer Angles { vec2 cosSin[]; };

// The Hough passes' parameters: one uniform buffer (passes.h, HoughBlock), bound before each
// dispatch. theta_steps is the parameter itself, named as --set names it.
layout(std140, binding = 2) uniform Hough {
    ivec2 imageExtent;   // the edge image's
    int dOffset;         // bin of d = 0: the half diagonal, rounded up
    int dBins;           // 2 dOffset + 1
    int theta_steps;     // angles in [0, pi)
    uint edgesPerGroup;  // hough_args.comp: how many edges one work group of the vote takes
    uint maxGroups;      // hough_args.comp: GL_MAX_COMPUTE_WORK_GROUP_COUNT[0]
    uint thetaGroups;    // hough_args.comp: the vote's work groups along y, one per block of
};                       // angles

// The bin of `pixel` at step t. `precise` keeps every multiplication and addition rounded on
// its own, as the CPU's are (a fused multiply-add would round once, and a pixel right on the
// border between two bins could land in the other one).
int houghBin(ivec2 pixel, int t) {
    vec2 angle = cosSin[t];
    precise float x = float(pixel.x) - float(imageExtent.x - 1) * 0.5;
    precise float y = float(pixel.y) - float(imageExtent.y - 1) * 0.5;
    precise float xc = x * angle.x;
    precise float ys = y * angle.y;
    precise float d = xc + ys;
    return int(floor(d + 0.5)) + dOffset;
}

ivec2 unpackPoint(uint v) { return ivec2(int(v & 0xFFFFu), int(v >> 16)); }
