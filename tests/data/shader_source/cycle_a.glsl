#include "cycle_b.glsl"
const int kCycleA = 1;
