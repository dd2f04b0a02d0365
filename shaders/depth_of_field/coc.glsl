// The circle of confusion, shared by filter.comp and view.comp so both agree on every pixel.
uniform float focalDistance;  // view-space depth that is perfectly sharp
uniform float focalDepth;     // distance from the focal plane at which the blur is full
uniform int maxRadius;        // blur radius of a fully blurred pixel, in pixels

// Blur radius in pixels of a point at view-space depth `depth`: its distance from the focal
// plane eased by smoothstep over focalDepth (OpenGL SuperBible, Listing 10.8). A thin lens
// gives a radius proportional to |depth - focalDistance| / depth (Potmesil & Chakravarty);
// this simpler curve is easier to steer with two sliders.
float cocRadius(float depth) {
    return float(maxRadius) * smoothstep(0.0, focalDepth, abs(depth - focalDistance));
}

// The box filter's half-width in whole pixels: the box is (2r + 1) x (2r + 1) pixels, so
// r = 0 is the pixel itself and the four table reads land on pixel corners exactly.
int boxRadius(float depth) {
    return int(cocRadius(depth) + 0.5);
}
