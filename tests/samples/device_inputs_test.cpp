// --input from a device or a FIFO, which says no size up front: a device that never ends is
// refused as soon as its bytes cannot start a valid file (an image format's signature), or at
// the largest valid file of the format (a state file's count limit), not after 1 GiB; and a
// FIFO that carries a valid file works as the file does. Windows has neither such devices
// nor FIFOs: there every test here skips, saying so.
#include <gtest/gtest.h>
#if !defined(_WIN32)
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string>
#include <thread>
#include <vector>

#include "support/process.h"
#include "support/sample_test.h"
#include "util/file.h"
#include "util/image.h"

namespace fs = std::filesystem;

namespace {

class DeviceInputsTest : public cs::test::SampleTest {
protected:
    static cs::ProcessResult run(const std::string& sample, std::vector<std::string> args) {
        args.insert(args.begin(), {samplePath(sample), "--headless", "--frames", "1", "--no-ui",
                                   "--size", "16x16"});
        return cs::runProcess(args);
    }

#if !defined(_WIN32)
    // A FIFO in the scratch directory and a thread that writes `bytes` into it once a reader
    // opens it. Join the thread after the run.
    std::thread fifoWith(const std::string& name, std::string bytes) {
        const std::string fifo = (dir / name).generic_string();
        EXPECT_EQ(mkfifo(fifo.c_str(), 0600), 0) << std::strerror(errno);
        return std::thread([fifo, bytes = std::move(bytes)] {
            const int writer = open(fifo.c_str(), O_WRONLY);  // waits for the sample to open it
            if (writer < 0) return;
            EXPECT_EQ(write(writer, bytes.data(), bytes.size()), ssize_t(bytes.size()));
            close(writer);
        });
    }
#endif
};

// /dev/zero and /dev/urandom start no image format: refused from their first bytes.
TEST_F(DeviceInputsTest, ImageSamplesRefuseADeviceFromItsFirstBytes) {
#if defined(_WIN32)
    GTEST_SKIP() << "Windows has no /dev/zero or /dev/urandom";
#else
    for (const std::string sample : {"invert", "summed_area", "line_space"})
        for (const std::string device : {"/dev/zero", "/dev/urandom"}) {
            SCOPED_TRACE(sample + " " + device);
            expectFailure(run(sample, {"--input", device}), 1,
                          device + ": not an image format this reads");
        }
#endif
}

// A raw state file has no signature, and zeros are valid values: /dev/zero is read as far as
// the largest file the sample takes, which the message names, and no further.
TEST_F(DeviceInputsTest, StateFileSamplesRefuseADevicePastTheirLargestFile) {
#if defined(_WIN32)
    GTEST_SKIP() << "Windows has no /dev/zero";
#else
    const std::vector<std::pair<std::string, std::string> > samples = {
        {"particles", "the most one storage block holds"},
        {"nbody", "bodies, the most one storage block holds"},
        {"flocking", "boids, the most one storage block holds"},
        {"prefix_sum", "values, the most one storage block holds"},
        {"cloth", "(64 x 64 points of 16 bytes)"},
        {"compaction", "float32 values)"},
    };
    // A GL whose storage blocks hold 1 GiB or more (2 GiB on NVIDIA) stops at readFile's own
    // cap first, and says so.
    const cs::ProcessResult info = cs::runProcess({samplePath("invert"), "--headless", "--info"});
    ASSERT_EQ(info.exitCode, 0) << info.err;
    const std::size_t at = info.out.find("max SSBO size:");
    ASSERT_NE(at, std::string::npos) << info.out;
    const bool blockPastCap =
        std::stoull(info.out.substr(at + std::strlen("max SSBO size:"))) >= cs::kMaxReadBytes;
    for (const auto& [sample, limit] : samples) {
        SCOPED_TRACE(sample);
        const cs::ProcessResult result = run(sample, {"--input", "/dev/zero"});
        expectFailure(result, 1, "/dev/zero: larger than ");
        const bool blockLimited = limit.find("storage block") != std::string::npos;
        const std::string why = blockLimited && blockPastCap ? cs::ReadLimits::kDefaultWhy : limit;
        EXPECT_NE(result.err.find(why), std::string::npos) << result.err;
    }
#endif
}

// A FIFO fed a whole file: an image, and a state file, each read to its end.
TEST_F(DeviceInputsTest, AFifoCarryingAValidFileWorks) {
#if defined(_WIN32)
    GTEST_SKIP() << "Windows has no FIFOs (mkfifo)";
#else
    cs::Image picture{3, 2, std::vector<std::uint8_t>(3 * 2 * 4, 200)};
    std::thread writer = fifoWith("in.png", cs::encodePng(picture));
    const std::string output = (dir / "out.png").generic_string();
    const cs::ProcessResult inverted =
        run("invert", {"--input", (dir / "in.png").generic_string(), "--output", output});
    writer.join();
    ASSERT_EQ(inverted.exitCode, 0) << inverted.err;
    const cs::Image result = cs::loadImage(output);
    EXPECT_EQ(result.width, 3);
    EXPECT_EQ(int(result.rgba[0]), 55);

    const std::vector<std::uint32_t> values = {3, 1, 4, 1, 5};
    writer = fifoWith("in.bin", std::string(reinterpret_cast<const char*>(values.data()), 20));
    const std::string sums = (dir / "out.bin").generic_string();
    const cs::ProcessResult scanned =
        run("prefix_sum", {"--input", (dir / "in.bin").generic_string(), "--output", sums});
    writer.join();
    ASSERT_EQ(scanned.exitCode, 0) << scanned.err;
    const std::vector<std::uint32_t> expected = {3, 4, 8, 9, 14};
    EXPECT_EQ(cs::readFile(sums),
              std::string(reinterpret_cast<const char*>(expected.data()), expected.size() * 4));
#endif
}

}  // namespace
