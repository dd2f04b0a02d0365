#version 430
// A rectangle of the frame from four vertices and no vertex buffer: gl_VertexID 0..3 picks
// a corner. bars.frag then decides, pixel by pixel, whether it lies inside a bar.
// The plot's settings: one std140 block per plot, the same as bars.frag's (PlotBlock in
// samples/prefix_sum/plot.h mirrors it), bound to uniform buffer point 0 before each draw.
layout(std140, binding = 0) uniform Plot {
    vec4 rectNdc;      // x0, y0, x1, y1 in normalised device coordinates
    vec3 barColor;
    float barPixels;   // width of one bar on screen
    vec2 valueRange;   // the values at the bottom and at the top of the plot
    uint count;        // elements in the buffer
    // Colouring for one step of the single-group scan: blocks of blockSize elements, whose
    // last lower-half element is added into the whole upper half. 0 colours every bar alike.
    uint blockSize;
    uint floatValues;  // 1: the words are float32 bits; 0: uint32 values
};

out vec2 plotPosition;  // (0, 0) at the plot's bottom left, (1, 1) at its top right

void main() {
    vec2 corner = vec2(gl_VertexID & 1, gl_VertexID >> 1);  // (0,0) (1,0) (0,1) (1,1)
    plotPosition = corner;
    gl_Position = vec4(mix(rectNdc.xy, rectNdc.zw, corner), 0.0, 1.0);
}
