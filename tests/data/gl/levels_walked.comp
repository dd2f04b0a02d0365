#version 430
// For tests/gl/histopyramid_test.cpp: the shape of the histopyramid's traversal reduced to its
// loop. It walks from level `top` down to 1 and writes how many levels it walked, so the
// result is `top` itself. TOP_FROM_BUFFER 0 reads `top` from a uniform, as the traversal once
// did; 1 reads it from a storage buffer, as histopyramid_traverse.comp does now (zink, Mesa
// 22.3, runs a program bound again with a stale value of a uniform in a loop bound: the
// README's driver table).
layout(local_size_x = 1) in;
#ifndef TOP_FROM_BUFFER
#define TOP_FROM_BUFFER 0
#endif

layout(std430, binding = 0) writeonly buffer Walked { uint walked; };
#if TOP_FROM_BUFFER
layout(std430, binding = 1) readonly buffer Top { uint top; };
#else
uniform uint top;
#endif

void main() {
    uint levels = 0u;
    for (uint level = top; level > 0u; --level) ++levels;
    walked = levels;
}
