#version 430
// The teaching views: the view-space depth as grey, or the circle of confusion as colour
// (red in front of the focal plane, blue behind it, brighter = larger blur).
layout(local_size_x = 16, local_size_y = 16) in;

#include "coc.glsl"

layout(binding = 0, r32f) uniform readonly image2D viewDepth;
layout(binding = 1, rgba8) uniform writeonly image2D view;

#ifndef FAR_DEPTH
#define FAR_DEPTH 60.0  // the depth shown as black
#endif
uniform bool showCoc;

void main() {
    ivec2 size = imageSize(viewDepth);  // the image's width and height
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, size))) return;  // the last groups' overhang

    float depth = imageLoad(viewDepth, pixel).r;
    vec3 colour;
    if (showCoc) {
        // The box half-width the filter uses, as a fraction of the largest.
        float blur = float(boxRadius(depth)) / float(max_radius);
        colour = depth < focal_distance ? vec3(blur, 0.2 * blur, 0.0) : vec3(0.0, 0.4 * blur, blur);
    } else {
        colour = vec3(1.0 - clamp(depth / FAR_DEPTH, 0.0, 1.0));  // white = near
    }
    imageStore(view, pixel, vec4(colour, 1.0));
}
