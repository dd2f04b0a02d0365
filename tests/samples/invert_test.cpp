// The invert sample as a user runs it: a PNG in, a PNG out, compared exactly with the
// inversion computed on the CPU; and every kind of bad input it must refuse cleanly.
#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "support/handmade_png.h"
#include "support/process.h"
#include "support/sample_test.h"
#include "util/file.h"
#include "util/image.h"

namespace fs = std::filesystem;

namespace {

const std::string kInvert = cs::test::SampleTest::samplePath("invert");

// The CPU reference: colour channels become 255 - value, alpha stays. Compared exactly,
// though the shader works in float: 1.0 - c/255 lies within 2e-5 of (255 - c)/255, so its
// conversion back to 8 bits gives 255 - c wherever the driver rounds to the nearest, as
// OpenGL prefers. (It allows either neighbour; a driver that used that freedom here would
// fail this test, and the message names the work-group size it failed at.)
cs::Image invertOnCpu(const cs::Image& image) {
    cs::Image result = image;
    for (size_t i = 0; i < result.rgba.size(); ++i)
        if (i % 4 != 3) result.rgba[i] = 255 - result.rgba[i];
    return result;
}

cs::Image randomImage(int width, int height, unsigned seed) {
    cs::Image image{width, height, std::vector<std::uint8_t>(size_t(width) * height * 4)};
    std::mt19937 random(seed);
    for (auto& byte : image.rgba) byte = std::uint8_t(random());
    return image;
}

class InvertTest : public cs::test::SampleTest {
protected:
    cs::ProcessResult invert(std::vector<std::string> args,
                             const std::vector<std::string>& environment = {}) {
        args.insert(args.begin(), {kInvert, "--headless", "--frames", "1", "--no-ui"});
        return cs::runProcess(args, environment);
    }

    // Runs invert on `input` with a work-group size and returns the output image.
    cs::Image runOn(const std::string& input, int localSize) {
        const std::string output = (dir / "out.png").generic_string();
        const cs::ProcessResult run = invert({"--input", input, "--output", output, "--set",
                                              "local_size=" + std::to_string(localSize)});
        EXPECT_EQ(run.exitCode, 0) << run.err;
        return cs::loadImage(output);
    }
};

TEST_F(InvertTest, ShippedImageMatchesCpuExactly) {
    const std::string input = std::string(CS_ASSET_SOURCE_DIR) + "/test_card.png";
    const cs::Image expected = invertOnCpu(cs::loadImage(input));
    for (int localSize : {8, 16, 32}) {
        const cs::Image actual = runOn(input, localSize);
        EXPECT_EQ(actual.width, expected.width);
        EXPECT_EQ(actual.height, expected.height);
        EXPECT_TRUE(actual.rgba == expected.rgba) << "local_size=" << localSize;
    }
}

// Sizes that are not multiples of any work-group size, a single pixel, and very thin images.
TEST_F(InvertTest, AwkwardSizesMatchCpuExactly) {
    const std::pair<int, int> sizes[] = {{1, 1}, {33, 17}, {1000, 3}, {3, 1000}, {31, 33}};
    unsigned seed = 1;
    for (const auto& [width, height] : sizes) {
        const cs::Image image = randomImage(width, height, seed++);
        const std::string input = (dir / "in.png").generic_string();
        cs::savePng(input, image);
        const cs::Image expected = invertOnCpu(image);
        for (int localSize : {8, 16, 32}) {
            const cs::Image actual = runOn(input, localSize);
            EXPECT_TRUE(actual.width == width && actual.height == height &&
                        actual.rgba == expected.rgba)
                << width << "x" << height << " local_size=" << localSize;
        }
    }
}

TEST_F(InvertTest, MissingInputFile) {
    expectFailure(invert({"--input", (dir / "nope.png").generic_string()}), 1, "nope.png");
}

// A file name is echoed escaped and shortened: a newline in it cannot split the error line,
// and a huge argument makes no huge message.
TEST_F(InvertTest, EchoedFileNamesStayOneShortLine) {
    const cs::ProcessResult run = invert({"--input", (dir / "two\nlines.png").generic_string()});
#if defined(_WIN32)
    // Windows hands a program at most 32,767 characters of command line: a name that fits.
    const std::size_t hugeLength = 30000;
#else
    const std::size_t hugeLength = 100000;
#endif
    const cs::ProcessResult huge = invert({"--input", std::string(hugeLength, 'x') + ".png"});
#if defined(_WIN32)
    // Windows' reasons: a newline is no character of a name, and a name past its longest
    // is looked for and not found.
    expectFailure(run, 1, "two\\nlines.png: cannot open (Invalid name)");
    expectFailure(huge, 1, "xxx.png: cannot open (");
#else
    expectFailure(run, 1, "two\\nlines.png: cannot open (No such file or directory)");
    expectFailure(huge, 1, "xxx.png: cannot open (File name too long)");
#endif
    EXPECT_LT(huge.err.size(), 200u);
}

TEST_F(InvertTest, EmptyInputFile) {
    const std::string input = (dir / "empty.png").generic_string();
    cs::writeFileAtomic(input, "");
    expectFailure(invert({"--input", input}), 1, "empty.png");
}

TEST_F(InvertTest, CorruptPng) {
    // A real PNG cut in half.
    const std::string whole = (dir / "whole.png").generic_string();
    cs::savePng(whole, randomImage(64, 64, 7));
    const std::string bytes = cs::readFile(whole);
    const std::string input = (dir / "truncated.png").generic_string();
    cs::writeFileAtomic(input, bytes.substr(0, bytes.size() / 2));
    expectFailure(invert({"--input", input}), 1, "truncated.png");
}

// A palette index past the palette's end: refused, not decoded from memory stb never set.
TEST_F(InvertTest, PaletteIndexPastThePalette) {
    const std::string input = (dir / "paletted.png").generic_string();
    cs::writeFileAtomic(input, cs::test::palettedPng(2, 1, std::string(3, '\x80'), {0, 7}));
    expectFailure(
        invert({"--input", input}), 1,
        "paletted.png: a pixel uses palette entry 7, past the end of the 1-entry palette");
}

TEST_F(InvertTest, TextFileNamedPng) {
    const std::string input = (dir / "text.png").generic_string();
    cs::writeFileAtomic(input, "this is not an image\n");
    expectFailure(invert({"--input", input}), 1, "text.png");
}

// One pixel wider than this GL's GL_MAX_TEXTURE_SIZE (16384 on llvmpipe, 32768 on recent
// NVIDIA) is refused with the limit named, from the file's header. One row high, the PNG stays
// small.
TEST_F(InvertTest, ImageLargerThanMaxTextureSize) {
    const std::string limit = glInfo("max texture size:");
    ASSERT_FALSE(limit.empty());
    const std::string wider = std::to_string(std::stoi(limit) + 1);
    const std::string input = (dir / "wide.png").generic_string();
    cs::savePng(input, randomImage(std::stoi(wider), 1, 3));
    expectFailure(
        invert({"--input", input}), 1,
        "wide.png: a " + wider + "x1 image exceeds the limit of " + limit + " pixels per side");
}

// A header that claims 2^24 x 1 pixels, and no pixels: refused from the header, never decoded
// (which would fail differently, the data being missing).
TEST_F(InvertTest, ImageWiderThanAnyTextureIsRefusedBeforeDecoding) {
    const std::string input = (dir / "wide.png").generic_string();
    cs::writeFileAtomic(input, cs::test::pngHeaderOnly(1 << 24, 1));
    expectFailure(invert({"--input", input}), 1, "wide.png: a 16777216x1 image exceeds the limit");
}

TEST_F(InvertTest, UnknownParameter) {
    expectFailure(invert({"--set", "colour=red"}), 2, "unknown parameter 'colour'");
}

TEST_F(InvertTest, WorkGroupSizeNotOffered) {
    expectFailure(invert({"--set", "local_size=12"}), 2, "8, 16, 32");
}

TEST_F(InvertTest, UnknownOption) {
    expectFailure(invert({"--colour"}), 2, "'--colour'");
}

TEST_F(InvertTest, OutputMustBePng) {
    expectFailure(invert({"--output", (dir / "out.jpg").generic_string()}), 2, ".png");
}

// A device or a pipe has no file name to end in .png: the PNG goes there as it is. Windows has
// no /dev/stdout; its device NUL stands in, and takes the PNG without a word.
TEST_F(InvertTest, OutputToStdoutNeedsNoPngName) {
#if defined(_WIN32)
    const cs::ProcessResult run = invert({"--output", "NUL"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.out, "");
#else
    const cs::ProcessResult run = invert({"--output", "/dev/stdout"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(run.out.substr(0, 4), "\x89PNG");
#endif
}

TEST_F(InvertTest, UnwritableOutputLeavesNothingBehind) {
    const fs::path missing = dir / "missing";
    expectFailure(invert({"--output", (missing / "out.png").generic_string()}), 1, "out.png");
    EXPECT_FALSE(fs::exists(missing));
    EXPECT_TRUE(fs::is_empty(dir));
}

TEST_F(InvertTest, OpenGlWithoutComputeShaders) {
    // Mesa can pretend to stop at 4.1, like macOS: the sample must name both versions. Other
    // drivers have no such switch, and a GL without 4.3 cannot be made on them.
#if defined(_WIN32)
    GTEST_SKIP() << "a Windows program cannot ask Mesa for a lesser GL: under Wine "
                    "MESA_GL_VERSION_OVERRIDE does not reach Mesa";
#else
    const std::string version = glInfo("OpenGL version:");
    if (version.find("Mesa") == std::string::npos)
        GTEST_SKIP() << "needs Mesa's MESA_GL_VERSION_OVERRIDE; this GL is " << version;
    const cs::ProcessResult run = invert({}, {"MESA_GL_VERSION_OVERRIDE=4.1"});
    expectFailure(run, 1, "OpenGL 4.3 with compute shaders is needed");
    EXPECT_NE(run.err.find("4.1"), std::string::npos) << run.err;
#endif
}

TEST_F(InvertTest, HelpListsTheParameter) {
    const cs::ProcessResult run = cs::runProcess({kInvert, "--help"});
    EXPECT_EQ(run.exitCode, 0);
    EXPECT_NE(run.out.find("local_size=16"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("8|16|32"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("--screenshot"), std::string::npos) << run.out;
}

TEST_F(InvertTest, BenchJsonHasCalibrationAndFigure) {
    const std::string json = (dir / "bench.json").generic_string();
    const cs::ProcessResult run =
        cs::runProcess({kInvert, "--headless", "--frames", "3", "--bench-json", json});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const std::string text = cs::readFile(json);
    for (const char* key : {"\"copy_gbps\"", "\"fma_gflops\"", "\"invert\"", "\"invert bandwidth\"",
                            "\"of\": \"copy\"", "\"timing\""})
        EXPECT_NE(text.find(key), std::string::npos) << key << " missing in\n" << text;
}

}  // namespace
