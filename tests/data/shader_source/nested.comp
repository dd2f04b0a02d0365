#version 430
#include "nested/level1.glsl"
void main() {}
