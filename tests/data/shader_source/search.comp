#version 430
#include "shadowed.glsl"
#include "only_in_dir.glsl"
void main() {}
