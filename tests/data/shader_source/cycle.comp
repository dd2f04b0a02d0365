#version 430
#include "cycle_a.glsl"
void main() {}
