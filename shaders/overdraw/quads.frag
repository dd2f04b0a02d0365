#version 430
// The quads' fragment shader: draws the quad's colour, and counts its own invocation in the
// pixel's entry of `counts`. The count is a side effect: it happens whether or not the
// fragment later survives the depth test, unless the tests run before the shader.
//
// Two programs are built from this file (main.cpp, setup()):
//   EARLY_TESTS 1  the depth test runs before the shader: an occluded fragment is discarded
//                  without running it, and counts nothing;
//   EARLY_TESTS 0  the GL runs the depth test after the shader, as its pipeline describes:
//                  since this shader has side effects, every fragment is shaded, visible or not.
// The default lets the file compile on its own, e.g. in glslangValidator.
#ifndef EARLY_TESTS
#define EARLY_TESTS 1
#endif
#if EARLY_TESTS
layout(early_fragment_tests) in;
#endif

// r32ui: imageAtomicAdd works on 32-bit integer images only (r32ui or r32i).
layout(binding = 0, r32ui) uniform uimage2D counts;

flat in vec4 quadColour;
out vec4 colour;

void main() {
    imageAtomicAdd(counts, ivec2(gl_FragCoord.xy), 1u);
    colour = quadColour;
}
