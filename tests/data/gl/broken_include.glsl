// Fixture for tests/gl/program_test.cpp, included by broken_main.comp.
// Line 5 below uses a name that was never declared.
float brokenHelper() {
    float unused = 1.0;
    return undeclaredInInclude;
}
