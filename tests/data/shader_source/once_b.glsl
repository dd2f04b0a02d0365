#include "once_a.glsl"
const int kOnceB = kOnceA + 1;
