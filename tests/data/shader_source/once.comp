#version 430
#include "once_a.glsl"
#include "once_b.glsl"
void main() {}
