// The include below does not exist.
#include "does_not_exist.glsl"
