// The blur's settings and the circle of confusion, shared by every compute pass so all agree
// on every pixel. The settings are one std140 uniform block, mirrored by BlurBlock in
// samples/depth_of_field/main.cpp (checked against this layout) and uploaded when one of
// them changes; uniform buffer point 0 is apart from storage buffer 0 and image unit 0.
layout(std140, binding = 0) uniform Blur {
    float focal_distance;  // view-space depth that is perfectly sharp
    float focal_depth;     // distance from the focal plane at which the blur is full
    int max_radius;        // blur radius of a fully blurred pixel, in pixels
    float bias;            // what copy_bias.comp subtracts and filter.comp adds back: 0.5, or 0
};

// Blur radius in pixels of a point at view-space depth `depth`: its distance from the focal
// plane eased by smoothstep over focalDepth (OpenGL SuperBible, Listing 10.8). A thin lens
// gives a radius proportional to |depth - focalDistance| / depth (Potmesil & Chakravarty);
// this simpler curve is easier to steer with two sliders.
float cocRadius(float depth) {
    return float(max_radius) * smoothstep(0.0, focal_depth, abs(depth - focal_distance));
}

// The box filter's half-width in whole pixels: the box is (2r + 1) x (2r + 1) pixels, so
// r = 0 is the pixel itself and the four table reads land on pixel corners exactly.
int boxRadius(float depth) {
    return int(cocRadius(depth) + 0.5);
}
