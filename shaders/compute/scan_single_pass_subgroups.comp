#version 430
// The single-pass scan (src/compute/scan.cpp) with subgroup operations, for GLs with
// GL_KHR_shader_subgroup's basic, arithmetic and ballot operations in compute shaders: the
// work group scans its tile a subgroup at a time (scan_common.glsl), and so does the windowed
// look-back's fallback; the look-back itself is the portable kernel's. See
// scan_single_pass.glsl.
#extension GL_KHR_shader_subgroup_basic : require
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_ballot : require
#define SUBGROUPS 1
#include "scan_single_pass.glsl"
