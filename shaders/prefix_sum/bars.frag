#version 430
// One array drawn as a bar plot, read straight from the storage buffer that a compute pass
// wrote: no copy through the CPU. Each pixel looks up the element under it and is coloured
// if it lies between zero and that element's value.
//
// The buffer is read as raw 32-bit words, so one program plots uint32 and float32 arrays.
layout(std430, binding = 0) readonly buffer Values { uint words[]; };

// The plot's settings: one std140 block per plot, the same as bars.vert's (PlotBlock in
// samples/prefix_sum/plot.h mirrors it), uploaded when they change, not uniform by uniform.
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

in vec2 plotPosition;
out vec4 color;

const vec3 kBackground = vec3(0.13, 0.13, 0.16);
const vec3 kSourceColor = vec3(0.35, 0.80, 0.40);  // the element that is added
const vec3 kTargetColor = vec3(0.95, 0.60, 0.20);  // the elements it is added to

float valueAt(uint i) { return floatValues != 0u ? uintBitsToFloat(words[i]) : float(words[i]); }

void main() {
    float x = plotPosition.x * float(count);
    uint i = min(uint(x), count - 1u);
    float zero = (0.0 - valueRange.x) / (valueRange.y - valueRange.x);
    float top = (valueAt(i) - valueRange.x) / (valueRange.y - valueRange.x);

    vec3 bar = barColor;
    if (blockSize > 1u) {
        uint inBlock = i % blockSize, halfSize = blockSize / 2u;
        if (inBlock >= halfSize) bar = kTargetColor;
        else if (inBlock == halfSize - 1u) bar = kSourceColor;
    }

    bool inBar = plotPosition.y >= min(zero, top) && plotPosition.y <= max(zero, top);
    // A one-pixel gap between bars that are wide enough to tell apart.
    bool inGap = barPixels >= 4.0 && fract(x) * barPixels < 1.0;
    color = vec4(inBar && !inGap ? bar : kBackground, 1.0);
}
