// level2.glsl is found next to this file, not next to nested.comp.
#include "level2.glsl"
