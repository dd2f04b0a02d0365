#version 430
#include "has_version.glsl"
void main() {}
