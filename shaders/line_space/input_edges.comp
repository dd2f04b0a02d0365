#version 430
// --set edges=input: the input is an edge image already. Every pixel whose red, green or blue
// is not zero is an edge, stored as Canny's are (canny_edges.comp): white on black.
layout(local_size_x = 16, local_size_y = 16) in;

layout(binding = 0, rgba8) readonly uniform image2D source;
layout(binding = 1, rgba8) writeonly uniform image2D edges;

uniform ivec2 size;

void main() {
    ivec2 pixel = ivec2(gl_GlobalInvocationID.xy);
    if (any(greaterThanEqual(pixel, size))) return;  // the last groups' overhang
    bool edge = any(greaterThan(imageLoad(source, pixel).rgb, vec3(0.0)));
    imageStore(edges, pixel, edge ? vec4(1.0) : vec4(0.0, 0.0, 0.0, 1.0));
}
