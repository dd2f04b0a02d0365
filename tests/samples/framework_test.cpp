// How the framework ends a run whose GL commands failed: tested on test_sample, which with
// gl_error=true raises GL_INVALID_ENUM in every frame (tests/tools/test_sample.cpp).
#include <filesystem>
#include <string>

#include "support/process.h"
#include "support/sample_test.h"

namespace {

using FrameworkRun = cs::test::SampleTest;

// Not only test runs: a user's run (CS_GL_DEBUG unset) must not report success either.
TEST_F(FrameworkRun, AGlErrorFailsEveryRunAndWritesNoOutput) {
    for (const std::string debug : {"0", "1"}) {
        const std::string output = (dir / ("result-" + debug + ".txt")).string();
        const cs::ProcessResult run = cs::runProcess({CS_TEST_SAMPLE, "--headless", "--frames", "2",
                                                      "--set", "gl_error=true", "--output", output},
                                                     {"CS_GL_DEBUG=" + debug});
        EXPECT_EQ(run.exitCode, 1) << "CS_GL_DEBUG=" << debug << "\n" << run.err;
        const auto lines = cs::nonEmptyLines(run.err);
        ASSERT_FALSE(lines.empty());
        // The driver's messages as they came, then one line that ends the run.
        EXPECT_NE(lines.back().find("test_sample: OpenGL reported"), std::string::npos)
            << lines.back();
        EXPECT_FALSE(std::filesystem::exists(output)) << "CS_GL_DEBUG=" << debug;
    }
}

// A driver need not send KHR_debug messages outside a debug context; the error flag that
// glGetError reads is set all the same.
TEST_F(FrameworkRun, AGlErrorWithoutDebugMessagesStillFailsTheRun) {
    const std::string output = (dir / "result.txt").string();
    const cs::ProcessResult run =
        cs::runProcess({CS_TEST_SAMPLE, "--headless", "--frames", "2", "--set", "gl_error=true",
                        "--set", "debug_output=false", "--output", output},
                       {"CS_GL_DEBUG=0"});
    expectFailure(run, 1, "OpenGL error 0x0500 (glGetError)");  // GL_INVALID_ENUM
    EXPECT_FALSE(std::filesystem::exists(output));
}

// Drivers send performance hints (NVIDIA on every buffer readback): a user's run shows only
// errors and high-severity messages, CS_GL_DEBUG=1 shows everything.
TEST_F(FrameworkRun, PerformanceHintsArePrintedOnlyWithGlDebug) {
    for (const std::string debug : {"0", "1"}) {
        const cs::ProcessResult run = cs::runProcess(
            {CS_TEST_SAMPLE, "--headless", "--frames", "2", "--set", "performance_hint=true"},
            {"CS_GL_DEBUG=" + debug});
        EXPECT_EQ(run.exitCode, 0) << run.err;
        const bool printed = run.err.find("a performance hint") != std::string::npos;
        EXPECT_EQ(printed, debug == "1") << "CS_GL_DEBUG=" << debug << "\n" << run.err;
    }
}

}  // namespace
