// How the framework treats a run's outputs, and how it ends a run whose GL commands failed:
// tested on test_sample, which draws nothing, writes "finished" to --output, and with
// gl_error=true raises GL_INVALID_ENUM in every frame (tests/tools/test_sample.cpp).
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

#include "support/process.h"
#include "support/sample_test.h"
#include "util/file.h"

namespace fs = std::filesystem;

namespace {

using FrameworkRun = cs::test::SampleTest;

cs::ProcessResult testSample(std::vector<std::string> args,
                             const std::vector<std::string>& environment = {}) {
    args.insert(args.begin(), {CS_TEST_SAMPLE, "--headless", "--frames", "2"});
    return cs::runProcess(args, environment);
}

// Not only test runs: a user's run (CS_GL_DEBUG unset) must not report success either.
TEST_F(FrameworkRun, AGlErrorFailsEveryRunAndWritesNoOutput) {
    for (const std::string debug : {"0", "1"}) {
        const std::string output = (dir / ("result-" + debug + ".txt")).generic_string();
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
    const std::string output = (dir / "result.txt").generic_string();
    const cs::ProcessResult run =
        cs::runProcess({CS_TEST_SAMPLE, "--headless", "--frames", "2", "--set", "gl_error=true",
                        "--set", "debug_output=false", "--output", output},
                       {"CS_GL_DEBUG=0"});
    expectFailure(run, 1, "OpenGL error 0x0500 (glGetError)");  // GL_INVALID_ENUM
    EXPECT_FALSE(std::filesystem::exists(output));
}

// A failed run writes nothing: not the screenshot of its last frame, not the benchmark, not
// --output. Each is held back until the last GL error check has passed.
TEST_F(FrameworkRun, AFailedRunWritesNoOutputAtAll) {
    const std::string shot = (dir / "shot.png").generic_string(),
                      json = (dir / "bench.json").generic_string(),
                      output = (dir / "out.txt").generic_string();
    const cs::ProcessResult run = testSample(
        {"--set", "gl_error=true", "--screenshot", shot, "--bench-json", json, "--output", output});
    EXPECT_EQ(run.exitCode, 1) << run.err;
    EXPECT_TRUE(fs::is_empty(dir)) << run.err;
}

TEST_F(FrameworkRun, ASucceededRunWritesEveryOutput) {
    const std::string shot = (dir / "shot.png").generic_string(),
                      json = (dir / "bench.json").generic_string(),
                      output = (dir / "out.txt").generic_string();
    const cs::ProcessResult run =
        testSample({"--screenshot", shot, "--bench-json", json, "--output", output});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_TRUE(fs::exists(shot) && fs::exists(json));
    EXPECT_EQ(cs::readFile(output), "finished\n");
}

// CS_DUMP_PROGRAMS=DIR writes each program the run links as the driver's binary, numbered,
// with a line per program in DIR/programs.txt naming its file; a second run numbers on.
TEST_F(FrameworkRun, DumpProgramsWritesEachLinkedProgram) {
    const std::string environment = "CS_DUMP_PROGRAMS=" + dir.generic_string();
    for (int run = 0; run < 2; ++run) ASSERT_EQ(testSample({}, {environment}).exitCode, 0);
    const std::vector<std::string> lines =
        cs::nonEmptyLines(cs::readFile((dir / "programs.txt").generic_string()));
    ASSERT_GE(lines.size(), 2u);
    EXPECT_EQ(lines.size() % 2, 0u) << "each run linked the same programs";
    for (size_t i = 0; i < lines.size(); ++i) {
        char number[16];
        std::snprintf(number, sizeof number, "%03zu", i);
        EXPECT_EQ(lines[i].rfind(std::string(number) + " ", 0), 0u) << lines[i];
        const fs::path binary = dir / (std::string(number) + ".bin");
        EXPECT_TRUE(fs::exists(binary)) << binary;
    }
    EXPECT_NE(cs::readFile((dir / "programs.txt").generic_string()).find(".comp"),
              std::string::npos);
}

// A pass timed only in the first frame (a sample's setup work) has no times in --bench's timed
// frames: the report leaves it out instead of failing.
TEST_F(FrameworkRun, ABenchOmitsPassesThatRanOnlyBeforeTheTimedFrames) {
    const std::string json = (dir / "bench.json").generic_string();
    const cs::ProcessResult run =
        testSample({"--set", "first_frame_pass=true", "--frames", "3", "--bench-json", json});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(cs::readFile(json).find("first frame"), std::string::npos);
}

// Every output is checked before anything else happens, the GL context included: an EGL
// platform that does not exist would fail the run if it got that far.
TEST_F(FrameworkRun, OutputsAreCheckedBeforeAnyWork) {
    for (const std::string flag : {"--output", "--screenshot", "--bench-json"}) {
        const std::string path = (dir / "missing" / "out.png").generic_string();
        expectFailure(testSample({flag, path}, {"CS_EGL_PLATFORM=none"}), 1,
                      "missing/out.png: cannot write into its directory (No such file");
    }
    fs::create_directory(dir / "folder");
    expectFailure(
        testSample({"--output", (dir / "folder").generic_string()}, {"CS_EGL_PLATFORM=none"}), 1,
        "folder: is a directory");
    EXPECT_EQ(std::vector<fs::path>(fs::directory_iterator(dir), {}),
              std::vector<fs::path>{dir / "folder"});
}

TEST_F(FrameworkRun, TwoOutputsNamingOneFileAreAUsageError) {
    const std::string shot = (dir / "a.png").generic_string();
    std::vector<std::vector<std::string>> clashes = {
        {"--output", shot, "--screenshot", shot},
        {"--output", (dir / "." / "a.png").generic_string(), "--screenshot", shot},
    };
    std::vector<fs::path> left;  // what the directory holds after the runs: no output
#if !defined(_WIN32)
    // And through a symlink (on Windows making one needs an administrator or developer mode).
    fs::create_symlink("a.png", dir / "link.png");
    clashes.push_back({"--screenshot", shot, "--bench-json", (dir / "link.png").generic_string()});
    left.push_back(dir / "link.png");
#endif
    for (const auto& args : clashes) expectFailure(testSample(args), 2, "name the same file");
    EXPECT_EQ(std::vector<fs::path>(fs::directory_iterator(dir), {}), left);
}

// Output to our own stdout (a regular file when the test captures it, a pipe through wc) is
// written in place, after anything printed there before.
TEST_F(FrameworkRun, OutputToStdoutIsWrittenInPlace) {
#if defined(_WIN32)
    GTEST_SKIP() << "Windows has no /dev/stdout";
#else
    const cs::ProcessResult run = testSample({"--output", "/dev/stdout"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.out, "finished\n");
    std::string counted;
    ASSERT_EQ(cs::runCommand(std::string(CS_TEST_SAMPLE) +
                                 " --headless --frames 1 --output /dev/stdout | wc -c",
                             counted),
              0);
    EXPECT_EQ(std::stoi(counted), 9) << counted;
#endif
}

// std::bad_alloc, from wherever it comes, ends the run with one line that says what the run
// was doing and with which input, not with a bare "std::bad_alloc".
TEST_F(FrameworkRun, OutOfMemoryIsOneClearLine) {
    const std::string output = (dir / "out.txt").generic_string();
    const cs::ProcessResult run =
        testSample({"--set", "out_of_memory=true", "--input", "big.bin", "--output", output});
    expectFailure(run, 1, "test_sample: out of memory while setting up, with --input 'big.bin'");
    EXPECT_FALSE(fs::exists(output));
}

// CS_EGL_PLATFORM: a value that is no platform lists the valid ones; a valid one either works
// on this machine or says in one line why not.
TEST_F(FrameworkRun, EglPlatformProblemsAreOneClearLine) {
#if defined(_WIN32)
    GTEST_SKIP() << "Windows has no EGL: CS_EGL_PLATFORM means nothing there";
#else
    expectFailure(testSample({}, {"CS_EGL_PLATFORM=gpu"}), 2,
                  "CS_EGL_PLATFORM 'gpu' is not one of device, surfaceless, default");
    for (const std::string platform : {"device", "surfaceless", "default"}) {
        const cs::ProcessResult run = testSample({}, {"CS_EGL_PLATFORM=" + platform});
        if (run.exitCode == 0) continue;
        expectFailure(run, 1, "test_sample: EGL: ");
        EXPECT_EQ(run.err.find("display display"), std::string::npos) << run.err;
    }
#endif
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
