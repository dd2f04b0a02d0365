// End-to-end fixture: the test defines ERROR_IN_MAIN or ERROR_IN_INCLUDE to break one file.
#version 430
layout(local_size_x = WORKGROUP_SIZE) in;
#include "e2e_inc.glsl"

void main() {
#ifdef ERROR_IN_MAIN
    float x = undeclaredInMain;
#endif
    float y = helper();
}
