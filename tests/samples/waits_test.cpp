// What the hostile battery of issue 28 found outside the window, each a run that must end
// with one line and exit 1: an --input FIFO that nothing is written into (the wait is bounded,
// 5 s, docs/command-line.md), --help and --info into a full device, an --output on a closed
// stdout, and a PNG whose CRC says it is damaged. Windows has no FIFOs, /dev/full or
// /dev/stdout, and no /bin/sh to set them up: there only the PNG's test runs.
#include <gtest/gtest.h>
#if !defined(_WIN32)
#include <sys/stat.h>
#endif

#include <chrono>
#include <filesystem>
#include <string>
#include <vector>

#include "support/process.h"
#include "support/sample_test.h"
#include "util/file.h"
#include "util/image.h"

namespace fs = std::filesystem;

namespace {

class WaitsTest : public cs::test::SampleTest {
protected:
#if !defined(_WIN32)
    std::string fifo() {
        const std::string path = (dir / "in.png").generic_string();
        EXPECT_EQ(mkfifo(path.c_str(), 0600), 0);
        return path;
    }
#endif
    static std::vector<std::string> small(const std::string& sample) {
        return {samplePath(sample), "--headless", "--frames", "1", "--no-ui", "--size", "16x16"};
    }
};

using Clock = std::chrono::steady_clock;

// Nobody ever opens the FIFO for writing: the run gives up instead of waiting for ever.
TEST_F(WaitsTest, AnInputFifoWithoutAWriterIsGivenUp) {
#if defined(_WIN32)
    GTEST_SKIP() << "Windows has no FIFOs (mkfifo)";
#else
    std::vector<std::string> args = small("invert");
    args.insert(args.end(), {"--input", fifo()});
    const auto start = Clock::now();
    expectFailure(cs::runProcess(args), 1, "in.png: nothing came through the FIFO for 5 s");
    EXPECT_LT(Clock::now() - start, std::chrono::seconds(15));
#endif
}

// A writer opens the FIFO and sends nothing: the same bounded wait.
TEST_F(WaitsTest, AnInputFifoWhoseWriterSendsNothingIsGivenUp) {
#if defined(_WIN32)
    GTEST_SKIP() << "Windows has no FIFOs (mkfifo) or /bin/sh";
#else
    const std::string path = fifo();
    std::vector<std::string> args = {"/bin/sh", "-c",
                                     "sleep 12 > \"$1\" & w=$!; shift; \"$@\"; r=$?; kill $w; "
                                     "exit $r",
                                     "sh", path};
    for (const std::string& arg : small("invert")) args.push_back(arg);
    args.insert(args.end(), {"--input", path});
    const auto start = Clock::now();
    expectFailure(cs::runProcess(args), 1, "in.png: nothing came through the FIFO for 5 s");
    EXPECT_LT(Clock::now() - start, std::chrono::seconds(15));
#endif
}

// And a FIFO that a writer fills and closes is read as before.
TEST_F(WaitsTest, AnInputFifoThatAWriterFillsIsRead) {
#if defined(_WIN32)
    GTEST_SKIP() << "Windows has no FIFOs (mkfifo) or /bin/sh";
#else
    const std::string path = fifo();
    const std::string card = std::string(CS_ASSET_SOURCE_DIR) + "/test_card.png";
    const std::string output = (dir / "out.png").generic_string();
    std::vector<std::string> args = {"/bin/sh", "-c", "cat \"$1\" > \"$2\" & shift 2; exec \"$@\"",
                                     "sh",      card, path};
    for (const std::string& arg : small("invert")) args.push_back(arg);
    args.insert(args.end(), {"--input", path, "--output", output});
    const cs::ProcessResult result = cs::runProcess(args);
    ASSERT_EQ(result.exitCode, 0) << result.err;
    EXPECT_EQ(cs::loadImage(output).width, cs::loadImage(card).width);
#endif
}

// --help and --info into /dev/full: the text was not written, so the run failed.
TEST_F(WaitsTest, HelpAndInfoIntoAFullDeviceFail) {
#if defined(_WIN32)
    GTEST_SKIP() << "Windows has no /dev/full or /bin/sh";
#else
    if (!fs::exists("/dev/full")) GTEST_SKIP() << "this system has no /dev/full";
    for (const std::string flag : {"--help", "--info"}) {
        SCOPED_TRACE(flag);
        expectFailure(cs::runProcess({"/bin/sh", "-c", "exec \"$0\" --headless \"$1\" > /dev/full",
                                      samplePath("invert"), flag}),
                      1, "stdout: write failed (No space left on device)");
    }
#endif
}

// --output /dev/stdout with stdout closed is no file to make, and says so; it is no file name
// with a wrong extension either.
TEST_F(WaitsTest, AnOutputOnAClosedStdoutSaysItIsClosed) {
#if defined(_WIN32)
    GTEST_SKIP() << "Windows has no /dev/stdout or /bin/sh";
#else
    expectFailure(cs::runProcess({"/bin/sh", "-c", "exec \"$@\" >&-", "sh", samplePath("invert"),
                                  "--headless", "--frames", "1", "--output", "/dev/stdout"}),
                  1, "/dev/stdout: not open");
#endif
}

// A PNG whose CRC does not match its chunk is damaged: refused, not decoded as it is.
TEST_F(WaitsTest, APngWithAWrongCrcIsRefused) {
    std::string png = cs::readFile(std::string(CS_ASSET_SOURCE_DIR) + "/test_card.png");
    const std::size_t idat = png.find("IDAT");
    ASSERT_NE(idat, std::string::npos);
    png[idat + 8] = char(png[idat + 8] ^ 0x01);  // a byte of the first IDAT's data
    const std::string input = (dir / "damaged.png").generic_string();
    cs::writeFileAtomic(input, png);
    std::vector<std::string> args = small("invert");
    args.insert(args.end(), {"--input", input});
    expectFailure(cs::runProcess(args), 1, "damaged.png: the PNG's IDAT chunk at byte");
}

}  // namespace
