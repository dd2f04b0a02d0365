#version 430
// Prefix sum of at most 2048 values by ONE work group, in shared memory: the teaching
// version (OpenGL SuperBible, 6th ed., Figure 10.5). Step k splits the array into blocks
// of 2^(k+1) elements; every element in the upper half of a block adds the last element of
// the lower half. After step k each block holds the inclusive scan of its own elements, so
// ceil(log2(count)) steps scan the whole array.
//
//   input   3  1  4  1  5  9  2  6
//   k = 0   3  4 |4  5 |5 14 |2  8      blocks of 2: element 1 of each adds element 0
//   k = 1   3  4  8  9 |5 14 16 22      blocks of 4: elements 2, 3 add element 1
//   k = 2   3  4  8  9 14 23 25 31      blocks of 8: elements 4..7 add element 3
//
// Every step adds into exactly half of the elements, so the 1024 invocations take one
// addition each per step; that is why one group of 1024 handles 2048 elements, and why
// the group's size (1024 is the most GL 4.3 guarantees) caps the array. The library scan
// (src/compute/scan.h) goes past the cap by splitting the array into tiles.
//
// FLOAT_VALUES (0 or 1) picks the element type; the default lets the file compile alone.
#ifndef FLOAT_VALUES
#define FLOAT_VALUES 0
#endif
#if FLOAT_VALUES
#define VALUE float
#else
#define VALUE uint
#endif

#define GROUP_SIZE 1024
#define CAPACITY (2 * GROUP_SIZE)
layout(local_size_x = GROUP_SIZE) in;

layout(std430, binding = 0) readonly buffer Input { VALUE inputValues[]; };
layout(std430, binding = 1) writeonly buffer Output { VALUE outputValues[]; };

uniform uint count;       // elements in the buffers, 1..CAPACITY
uniform uint stepsToRun;  // ceil(log2(count)) scans the array; fewer shows a middle state
uniform bool exclusive;   // element i gets the sum of the elements before it, not up to it

shared VALUE values[CAPACITY];

void main() {
    uint id = gl_LocalInvocationIndex;

    // Two elements per invocation: id and id + GROUP_SIZE, so that neighbouring invocations
    // read neighbouring addresses. Slots past the end are zero and change no sum. An
    // invocation with no element does not return early: every one must reach each barrier().
    values[id] = id < count ? inputValues[id] : VALUE(0);
    values[id + GROUP_SIZE] = id + GROUP_SIZE < count ? inputValues[id + GROUP_SIZE] : VALUE(0);
    barrier();  // wait until the whole array is in shared memory

    // The loop bound is a uniform, so every invocation runs the same number of steps: the
    // barrier() inside stays in uniform control flow, as GLSL requires.
    for (uint k = 0u; k < stepsToRun; ++k) {
        uint halfSize = 1u << k;            // elements in each half of a block
        uint block = id >> k;               // the block this invocation adds into...
        uint lane = id & (halfSize - 1u);   // ...and its place in the block's upper half
        uint lastOfLower = block * 2u * halfSize + halfSize - 1u;
        // Sources sit in lower halves and targets in upper halves, so no invocation reads
        // an element that another one writes during the same step.
        values[lastOfLower + 1u + lane] += values[lastOfLower];
        barrier();  // wait for this step's sums before the next step reads them
    }

    // Exclusive is the inclusive result shifted right by one, with zero in front.
    for (uint i = id; i < count; i += GROUP_SIZE) {
        if (exclusive)
            outputValues[i] = i == 0u ? VALUE(0) : values[i - 1u];
        else
            outputValues[i] = values[i];
    }
}
