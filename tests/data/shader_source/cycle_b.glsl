#include "cycle_a.glsl"
#include "cycle.comp"
const int kCycleB = 1;
