#version 430
// Fixture for tests/gl/program_test.cpp: the include is fine; line 12 of this file uses a
// name that was never declared, so the error must point at this file, line 12 (after the
// include's lines have been spliced in and the #line marker has restored the numbering).
layout(local_size_x = 1) in;
#include "good_include.glsl"

layout(std430, binding = 0) writeonly buffer Result { float result; };

void main() {
    float fine = goodHelper();
    result = fine + undeclaredInMain;
}
