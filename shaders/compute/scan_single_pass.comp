#version 430
// The single-pass scan (src/compute/scan.cpp), portable: the work group scans its tile in
// shared memory. See scan_single_pass.glsl.
#include "scan_single_pass.glsl"
