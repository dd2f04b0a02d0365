// Fixture for the exact-text tests: a comment before #version, then one include.
#version 430
#include "markers_inc.glsl"
void main() {}
