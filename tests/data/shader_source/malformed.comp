#version 430
#include markers_inc.glsl
void main() {}
