// The camera, one std140 block for both draws (scene.vert, particle.vert), mirrored by
// struct View in samples/particles/main.cpp and written once per frame.
layout(std140, binding = 1) uniform View {
    mat4 view;
    mat4 projection;
    mat4 viewProjection;  // projection * view
    float pointScale;     // sprite size in pixels at distance 1
};
