// What the sprites' two stages read (bodies.vert, bodies.frag): one std140 block, mirrored
// by struct SpriteLook in samples/nbody/sprites.h and written once per frame.
layout(std140, binding = 1) uniform SpriteLook {
    mat4 viewProjection;
    float pointSize;       // pixels, for a body at referenceDepth
    float referenceDepth;  // the camera's distance to the centre of the view
    float speedScale;      // speeds at or above this are drawn in the "fast" colour
    float brightness;      // light per body
};
