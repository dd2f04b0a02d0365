#version 430
// The byte map: the first bytes of the output buffer as a grid, top row first, read straight
// from the storage buffer fill.comp wrote. A byte is coloured by the member the layout puts
// there when fill.comp wrote it, grey and hatched when it is padding and still holds the
// marker the buffer was filled with, and red where the two disagree: a member left unwritten,
// or padding written over. So the picture is a check of the layout, too.
layout(std430, binding = 0) readonly buffer Words { uint words[]; };  // 4 bytes at a time

// Constants of the sample, compiled in by bytemap.cpp (these defaults are the same).
#ifndef BYTES_PER_ROW
#define BYTES_PER_ROW 16
#endif
#ifndef ROWS
#define ROWS 12
#endif
#ifndef MARKER
#define MARKER 0xFFFFFFFFu  // every word of the buffer before fill.comp ran
#endif
const ivec2 grid = ivec2(BYTES_PER_ROW, ROWS);  // bytes per row, rows

uniform float cellPixels;      // the side of one byte's cell on screen
uniform uint bytesShown;       // bytes of the elements shown; the grid may hold more
uniform uint stride;           // bytes from one element to the next
uniform int wordMember[24];    // each 4-byte word of an element: its member (0-3), -1 padding
uniform vec3 memberColour[4];  // position, weight, samples, velocity

in vec2 gridPosition;
out vec4 colour;

const vec3 kBackground = vec3(0.08, 0.08, 0.1);  // the frame's clear colour
const vec3 kPadding = vec3(0.32, 0.32, 0.34);
const vec3 kWrong = vec3(0.95, 0.15, 0.15);
const vec3 kElementStart = vec3(0.95);

void main() {
    // Rows are numbered from the top, as the bytes are read.
    vec2 cell = vec2(gridPosition.x, 1.0 - gridPosition.y) * vec2(grid);
    ivec2 at = min(ivec2(cell), grid - 1);
    uint byteIndex = uint(at.y * grid.x + at.x);
    vec2 inCell = fract(cell) * cellPixels;  // pixels from the cell's left and top edges
    if (byteIndex >= bytesShown) discard;

    uint wordInElement = (byteIndex % stride) / 4u;
    int member = wordMember[wordInElement];
    bool written = words[byteIndex / 4u] != MARKER;
    vec3 c;
    if (member >= 0 && written) {
        // Alternate words of a member a little darker, so its floats can be told apart.
        c = memberColour[member] * (wordInElement % 2u == 0u ? 1.0 : 0.8);
    } else if (member < 0 && !written) {
        // Diagonal stripes, so padding never reads as a member's colour.
        bool stripe = mod(gl_FragCoord.x + gl_FragCoord.y, 8.0) < 3.0;
        c = stripe ? kPadding * 1.3 : kPadding;
    } else {
        c = kWrong;
    }

    // Gaps: one pixel between bytes, three between 4-byte words; a white line above the first
    // row of each element after the first.
    bool wordEdge = at.x % 4 == 0;
    if (inCell.x < (wordEdge ? 3.0 : 1.0) || inCell.y < 1.0) c = kBackground;
    if (at.y > 0 && (uint(at.y * grid.x) % stride) == 0u && inCell.y < 2.0) c = kElementStart;
    colour = vec4(c, 1.0);
}
