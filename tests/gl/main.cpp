// One headless GL context for the whole gl_tests binary, with synchronous KHR_debug output so
// a message arrives inside the GL call that caused it.
#include <gtest/gtest.h>

#include <cstdio>
#include <exception>
#include <memory>

#include "gl/context.h"
#include "gl/debug.h"

int main(int argc, char** argv) {
    ::testing::InitGoogleTest(&argc, argv);
    // Death tests re-run this binary (with a filter) instead of forking: a forked child would
    // inherit the GL context without the driver's threads.
    GTEST_FLAG_SET(death_test_style, "threadsafe");
    // Listing the tests (gtest_discover_tests at build time) needs no GL.
    if (GTEST_FLAG_GET(list_tests)) return RUN_ALL_TESTS();

    std::unique_ptr<cs::Context> context;
    try {
        cs::ContextConfig config;
        config.title = "gl_tests";
        config.width = 64;
        config.height = 64;
        config.headless = true;
        config.debug = true;
        context = cs::Context::create(config);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "gl_tests: cannot create a headless GL context: %s\n", e.what());
        return 1;
    }
    cs::enableDebugOutput({true, true});
    return RUN_ALL_TESTS();
}
