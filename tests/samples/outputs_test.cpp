// A run's outputs land together (util/file.h, OutputBatch): when one of them cannot be written,
// the run fails with one line and every file it would have replaced keeps its old bytes. Each
// case writes a first output that would succeed and a later one that fails: /dev/full stands in
// for a full disk, and a file-size limit (RLIMIT_FSIZE) makes a regular file's write fail.
// Windows has neither, nor FIFOs or SIGPIPE: there those cases skip, and an unreplaceable
// output is a read-only file (support/unreplaceable.h).
#include <gtest/gtest.h>
#if !defined(_WIN32)
#include <sys/stat.h>
#endif

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <random>
#include <string>
#include <vector>

#include "support/process.h"
#include "support/sample_test.h"
#include "support/unreplaceable.h"
#include "util/file.h"
#include "util/image.h"

namespace fs = std::filesystem;

namespace {

class OutputsTest : public cs::test::SampleTest {
protected:
    void SetUp() override {
        SampleTest::SetUp();
#if !defined(_WIN32)
        if (!fs::exists("/dev/full")) GTEST_SKIP() << "this system has no /dev/full";
#endif
    }

    // A small headless run of `sample`, one frame, no overlay.
    static cs::ProcessResult run(const std::string& sample, std::vector<std::string> args,
                                 const std::vector<std::string>& environment = {}) {
        args.insert(args.begin(), {samplePath(sample), "--headless", "--frames", "1", "--no-ui",
                                   "--size", "16x16"});
        return cs::runProcess(args, environment);
    }

    // A file in the scratch directory that the run would replace, with bytes of its own.
    std::string existing(const std::string& name) {
        const std::string path = (dir / name).generic_string();
        cs::writeFileAtomic(path, "old " + name + "\n");
        return path;
    }

    // The failed run changed no file: each one named holds its old bytes, and nothing else is
    // in the directory (a temporary file left behind would be a .cs-*.tmp).
    void expectUnchanged(const std::vector<std::string>& names) {
        std::vector<std::string> found;
        for (const auto& entry : fs::directory_iterator(dir))
            found.push_back(entry.path().filename().generic_string());
        std::sort(found.begin(), found.end());
        std::vector<std::string> expected = names;
        std::sort(expected.begin(), expected.end());
        EXPECT_EQ(found, expected);
        for (const std::string& name : names)
            EXPECT_EQ(cs::readFile((dir / name).generic_string()), "old " + name + "\n") << name;
    }
};

TEST_F(OutputsTest, SummedAreaKeepsItsTableWhenTheBlurCannotBeWritten) {
#if defined(_WIN32)
    GTEST_SKIP() << "Windows has no /dev/full";
#else
    const std::string table = existing("a.pfm");
    expectFailure(run("summed_area", {"--output", table, "--blur-output", "/dev/full"}), 1,
                  "/dev/full: write failed (No space left on device)");
    expectUnchanged({"a.pfm"});
#endif
}

TEST_F(OutputsTest, LineSpaceKeepsItsLinesWhenTheSpaceOrTheEdgesCannotBeWritten) {
#if defined(_WIN32)
    GTEST_SKIP() << "Windows has no /dev/full";
#else
    const std::string lines = existing("a.json");
    for (const std::string flag : {"--space-output", "--edges-output"}) {
        SCOPED_TRACE(flag);
        expectFailure(run("line_space", {"--output", lines, flag, "/dev/full"}), 1,
                      "/dev/full: write failed (No space left on device)");
        expectUnchanged({"a.json"});
    }
#endif
}

TEST_F(OutputsTest, InvertKeepsItsScreenshotWhenTheOutputCannotBeWritten) {
#if defined(_WIN32)
    GTEST_SKIP() << "Windows has no /dev/full";
#else
    const std::string shot = existing("s.png");
    expectFailure(run("invert", {"--screenshot", shot, "--output", "/dev/full"}), 1,
                  "/dev/full: write failed (No space left on device)");
    expectUnchanged({"s.png"});
#endif
}

// The benchmark too: its JSON fails, the output stays, and its report on stdout, written with
// the special files, never comes.
TEST_F(OutputsTest, InvertKeepsItsOutputWhenTheBenchmarkCannotBeWritten) {
#if defined(_WIN32)
    GTEST_SKIP() << "Windows has no /dev/full";
#else
    const std::string output = existing("o.png");
    const cs::ProcessResult result =
        run("invert", {"--output", output, "--bench", "--bench-json", "/dev/full"});
    expectFailure(result, 1, "/dev/full: write failed (No space left on device)");
    EXPECT_EQ(result.out, "");
    expectUnchanged({"o.png"});
#endif
}

// Not only devices: a regular file whose write fails (EFBIG past a file-size limit of 4 KiB,
// with SIGXFSZ ignored so that write() returns the error) after a small screenshot's temporary
// file is complete. The shell sets the limit (ulimit -f counts 512- or 1024-byte blocks, so 8
// is 4 or 8 KiB) and execs the sample, which inherits both.
TEST_F(OutputsTest, InvertKeepsItsScreenshotWhenALargerOutputFileCannotBeWritten) {
#if defined(_WIN32)
    GTEST_SKIP() << "Windows has no file-size limit (ulimit -f)";
#else
    cs::Image picture{96, 96, std::vector<std::uint8_t>(96 * 96 * 4)};
    std::mt19937 random(5);
    for (auto& byte : picture.rgba) byte = std::uint8_t(random());  // a PNG of about 37 KiB
    const std::string input = (dir / "in.png").generic_string();
    cs::writeFileAtomic(input, cs::encodePng(picture));
    const std::string shot = existing("s.png"), output = existing("o.png");
    const cs::ProcessResult result = cs::runProcess(
        {"/bin/sh", "-c", "ulimit -f 8 && trap '' XFSZ && exec \"$0\" \"$@\"", samplePath("invert"),
         "--headless", "--frames", "1", "--no-ui", "--size", "8x8", "--input", input,
         "--screenshot", shot, "--output", output},
        {"MESA_SHADER_CACHE_DISABLE=true"});  // the shader cache is no output of the run
    expectFailure(result, 1, "o.png: write failed (File too large)");
    EXPECT_EQ(cs::readFile(shot), "old s.png\n");
    EXPECT_EQ(cs::readFile(output), "old o.png\n");
    fs::remove(input);
    expectUnchanged({"s.png", "o.png"});
#endif
}

// And a run whose outputs can all be written replaces them all.
TEST_F(OutputsTest, ASucceededRunReplacesEveryOutput) {
    const std::string shot = existing("s.png"), output = existing("o.png");
    const cs::ProcessResult result = run("invert", {"--screenshot", shot, "--output", output});
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(cs::loadImage(shot).width, 16);
    const cs::Image input = cs::loadImage(std::string(CS_ASSET_SOURCE_DIR) + "/test_card.png");
    EXPECT_EQ(cs::loadImage(output).width, input.width);
}

// A target that no rename could replace (a mount point, an immutable file; on Windows a
// read-only file) is refused from the options, before the work: the screenshot that would have
// landed first keeps its bytes.
TEST_F(OutputsTest, AnUnreplaceableOutputIsRefusedBeforeTheWork) {
    const std::string shot = existing("mine.png"), output = existing("theirs.png");
    const cs::test::Unreplaceable blocked(output);
    if (!blocked.made())
        GTEST_SKIP() << "no file here can be made unreplaceable: " << blocked.why();
    const cs::ProcessResult result = run("invert", {"--screenshot", shot, "--output", output});
    expectFailure(result, 1, "theirs.png: is ");
    EXPECT_NE(result.err.find("cannot"), std::string::npos) << result.err;
    expectUnchanged({"mine.png", "theirs.png"});
}

// A file-size limit with SIGXFSZ left at its default (which would end the process with no
// message and leave its temporary file behind) is a write error like any other.
TEST_F(OutputsTest, AFileSizeLimitIsAWriteErrorNotADeathBySignal) {
#if defined(_WIN32)
    GTEST_SKIP() << "Windows has no file-size limit (ulimit -f) or SIGXFSZ";
#else
    const std::string shot = existing("s.png"), output = existing("o.png");
    const cs::ProcessResult result = cs::runProcess(
        {"/bin/sh", "-c", "ulimit -f 8 && exec \"$0\" \"$@\"", samplePath("invert"), "--headless",
         "--frames", "1", "--no-ui", "--size", "16x16", "--screenshot", shot, "--output", output},
        {"MESA_SHADER_CACHE_DISABLE=true"});
    expectFailure(result, 1, "write failed (File too large)");
    expectUnchanged({"s.png", "o.png"});
#endif
}

// --output /dev/stdout into a pipe whose reader has gone: one line and exit 1, not a death by
// SIGPIPE (exit 141); the other output keeps its bytes and no temporary file stays.
TEST_F(OutputsTest, AClosedPipeIsAWriteErrorNotADeathBySignal) {
#if defined(_WIN32)
    GTEST_SKIP() << "Windows has no SIGPIPE or /dev/stdout";
#else
    const std::string shot = existing("s.png");
    const cs::ProcessResult result =
        cs::runProcess({"/bin/bash", "-c", "\"$0\" \"$@\" | true; exit ${PIPESTATUS[0]}",
                        samplePath("invert"), "--headless", "--frames", "1", "--no-ui", "--size",
                        "16x16", "--screenshot", shot, "--output", "/dev/stdout"});
    expectFailure(result, 1, "/dev/stdout: write failed (Broken pipe)");
    expectUnchanged({"s.png"});
#endif
}

// An --output FIFO that no reader opens is given up after a bounded wait (5 s), after the
// run, with every other file as it was.
TEST_F(OutputsTest, AnOutputFifoWithoutAReaderIsGivenUp) {
#if defined(_WIN32)
    GTEST_SKIP() << "Windows has no FIFOs (mkfifo)";
#else
    const std::string shot = existing("s.png");
    const std::string fifo = (dir / "fifo.png").generic_string();
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    const auto start = std::chrono::steady_clock::now();
    expectFailure(run("invert", {"--screenshot", shot, "--output", fifo}), 1,
                  "fifo.png: no reader opened the FIFO within 5 s");
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(15));
    fs::remove(fifo);
    expectUnchanged({"s.png"});
#endif
}

}  // namespace
