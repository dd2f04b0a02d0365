#version 430
// Fixture for tests/gl/program_test.cpp: this file is fine; the compile error is in
// broken_include.glsl, line 5, so the error message must point there.
layout(local_size_x = 1) in;
#include "broken_include.glsl"

layout(std430, binding = 0) writeonly buffer Result { float result; };

void main() {
    result = brokenHelper();
}
