#version 430
// The depth prepass: no side effect and no colour (main.cpp masks it off). The depth test
// and depth writes are all this pass is for.
void main() {}
