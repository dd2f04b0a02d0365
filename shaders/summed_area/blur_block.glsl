// The block every summed_area pass reads its settings from: one std140 uniform buffer,
// mirrored by BlurBlock in samples/summed_area/main.cpp (checked against this layout when the
// programs are built) and uploaded only when a value in it changes. Uniform buffer points
// are numbered apart from storage buffers and images, so binding 0 takes nothing from them.
layout(std140, binding = 0) uniform Blur {
    ivec2 size;      // the image's width and height
    ivec2 tiles;     // tiles across and up (tiled=true; TILE x TILE pixels each)
    int max_radius;  // the blur's radius at the right edge
    float bias;      // what normalise.comp subtracts and blur.comp adds back: 0.5, or 0
};
