// Fixture for tests/gl/program_test.cpp, included by broken_after_include.comp.
// Several lines long, so a missing #line marker after it would shift the main file's lines.
float goodHelper() {
    float a = 1.0;
    float b = 2.0;
    return a + b;
}
