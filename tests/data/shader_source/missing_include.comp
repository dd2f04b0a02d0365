#version 430
#include "missing_inner.glsl"
void main() {}
