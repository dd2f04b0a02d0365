#version 430
// For the uniform-name tests: `used` reaches the output, `unused` is declared but never read,
// so a compiler may drop it; `notDeclared` appears nowhere but in this comment.
layout(local_size_x = 1) in;
layout(std430, binding = 0) writeonly buffer Result { float result; };
uniform float used;
uniform float unused;
void main() { result = used; }
