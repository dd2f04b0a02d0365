// PNG save/load round trips exactly; every bad input is reported with its path.
#include "util/image.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <stb_image_write.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <thread>
#include <tuple>

#include "support/error_from.h"
#include "support/handmade_png.h"
#include "support/scratch_dir.h"
#include "util/error.h"
#include "util/file.h"

namespace fs = std::filesystem;

namespace {

// Each test gets its own empty directory, removed afterwards.
class ImageTest : public testing::Test {
protected:
    void SetUp() override { dir_ = cs::test::freshTestDirectory("cs_image_test_"); }
    void TearDown() override { fs::remove_all(dir_); }

    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    fs::path dir_;
};

cs::Image randomImage(int width, int height, unsigned seed) {
    std::mt19937 random(seed);
    cs::Image image;
    image.width = width;
    image.height = height;
    image.rgba.resize(static_cast<std::size_t>(width) * height * 4);
    for (auto& byte : image.rgba) byte = static_cast<std::uint8_t>(random() & 0xff);
    return image;
}

using cs::test::errorFrom;

testing::AssertionResult contains(const std::string& text, const std::string& part) {
    if (text.find(part) != std::string::npos) return testing::AssertionSuccess();
    return testing::AssertionFailure() << "\"" << text << "\" does not contain \"" << part << "\"";
}

// Sizes that break row-stride and filter assumptions: a single pixel, odd sizes,
// and a long thin strip.
class PngRoundTrip : public ImageTest, public testing::WithParamInterface<std::tuple<int, int>> {};

TEST_P(PngRoundTrip, RandomPixelsSurviveExactly) {
    const auto [width, height] = GetParam();
    const cs::Image original = randomImage(width, height, unsigned(width * 7919 + height));
    cs::savePng(path("round.png"), original);
    const cs::Image loaded = cs::loadImage(path("round.png"));
    EXPECT_EQ(loaded.width, width);
    EXPECT_EQ(loaded.height, height);
    EXPECT_TRUE(loaded.rgba == original.rgba) << "pixel data changed in the round trip";
}

INSTANTIATE_TEST_SUITE_P(AwkwardSizes, PngRoundTrip,
                         testing::Values(std::make_tuple(1, 1), std::make_tuple(33, 17),
                                         std::make_tuple(1000, 3)));

TEST_F(ImageTest, LoadAddsOpaqueAlphaToRgbAndGrey) {
    // Written with stb directly, since savePng always writes RGBA.
    const unsigned char rgb[] = {10, 20, 30, 40, 50, 60};
    ASSERT_TRUE(stbi_write_png(path("rgb.png").c_str(), 2, 1, 3, rgb, 6));
    const cs::Image fromRgb = cs::loadImage(path("rgb.png"));
    EXPECT_EQ(fromRgb.rgba, (std::vector<std::uint8_t>{10, 20, 30, 255, 40, 50, 60, 255}));

    const unsigned char grey[] = {7, 200};
    ASSERT_TRUE(stbi_write_png(path("grey.png").c_str(), 1, 2, 1, grey, 1));
    const cs::Image fromGrey = cs::loadImage(path("grey.png"));
    EXPECT_EQ(fromGrey.rgba, (std::vector<std::uint8_t>{7, 7, 7, 255, 200, 200, 200, 255}));
}

TEST_F(ImageTest, LoadMissingFileNamesPath) {
    const std::string missing = path("missing.png");
    const std::string message = errorFrom([&] { cs::loadImage(missing); });
    EXPECT_TRUE(contains(message, missing));
    EXPECT_TRUE(contains(message, "No such file"));
}

TEST_F(ImageTest, LoadEmptyFileNamesPath) {
    std::ofstream empty(path("empty.png"));  // creates a zero-byte file
    empty.close();
    const std::string message = errorFrom([&] { cs::loadImage(path("empty.png")); });
    EXPECT_TRUE(contains(message, path("empty.png")));
    EXPECT_TRUE(contains(message, "empty"));
}

TEST_F(ImageTest, LoadTruncatedPngNamesPath) {
    cs::savePng(path("whole.png"), randomImage(64, 64, 1));
    const std::string whole = cs::readFile(path("whole.png"));
    cs::writeFileAtomic(path("truncated.png"), whole.substr(0, whole.size() / 2));
    const std::string message = errorFrom([&] { cs::loadImage(path("truncated.png")); });
    EXPECT_TRUE(contains(message, path("truncated.png")));
    EXPECT_TRUE(contains(message, "cannot decode image: ")) << message;
    // Cut inside the pixel data, stb quotes a fragment of a chunk name ("IDA"), or says
    // "outofdata"; either way the message must speak of damage, not echo stb's code.
    EXPECT_TRUE(contains(message, "truncated")) << message;
}

TEST_F(ImageTest, LoadTextFileNamedPngNamesPath) {
    cs::writeFileAtomic(path("notes.png"), std::string("these are notes, not a picture\n"));
    const std::string message = errorFrom([&] { cs::loadImage(path("notes.png")); });
    EXPECT_TRUE(contains(message, path("notes.png")));
    EXPECT_TRUE(contains(message, "not an image format")) << message;
}

// A device that never ends is refused from its first bytes, which start no image format, not
// after reading a gigabyte of it.
TEST_F(ImageTest, DeviceThatIsNoImageIsRefusedFromItsFirstBytes) {
    for (const std::string device : {"/dev/zero", "/dev/urandom"}) {
        if (!fs::exists(device)) continue;
        EXPECT_TRUE(contains(errorFrom([&] { cs::loadImage(device); }),
                             device + ": not an image format this reads"));
    }
}

// A damaged header of a known format is not "no image format": the decoder names the damage.
TEST_F(ImageTest, DamagedHeaderOfAKnownFormatSaysWhatIsDamaged) {
    std::string png = cs::test::pngHeaderOnly(4, 4);
    png[11] = 99;  // IHDR's length
    cs::writeFileAtomic(path("damaged.png"), png);
    const std::string message = errorFrom([&] { cs::loadImage(path("damaged.png")); });
    EXPECT_TRUE(contains(message, "damaged.png: cannot decode image: ")) << message;
}

// A FIFO says no size: a whole PNG through it loads as from a file, and a valid header that
// goes on without end (`cat head.png /dev/zero > fifo`) is read only as far as an image of the
// header's size may go.
TEST_F(ImageTest, FifoIsReadAsFarAsItsHeaderAllows) {
#if defined(_WIN32)
    GTEST_SKIP() << "Windows has no FIFOs";
#else
    const std::string fifo = path("fifo");
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
    const cs::Image image = randomImage(5, 3, 4);
    const std::string png = cs::encodePng(image);
    // Writes `bytes` into the FIFO, then zeros until `zeros` bytes or the reader closes it.
    const auto feed = [&](const std::string& bytes, std::size_t zeros) {
        return std::thread([&fifo, bytes, zeros] {
            const int writer = open(fifo.c_str(), O_WRONLY);  // waits for the reader
            if (writer < 0) return;
            bool open = write(writer, bytes.data(), bytes.size()) == ssize_t(bytes.size());
            const std::string block(1 << 16, '\0');
            for (std::size_t sent = 0; open && sent < zeros; sent += block.size())
                open = write(writer, block.data(), block.size()) == ssize_t(block.size());
            close(writer);
        });
    };
    std::thread writer = feed(png, 0);
    EXPECT_TRUE(cs::loadImage(fifo).rgba == image.rgba);
    writer.join();

    // The writer meets a closed pipe: EPIPE, not the SIGPIPE that would end the test.
    const auto previous = std::signal(SIGPIPE, SIG_IGN);
    writer = feed(cs::test::pngHeaderOnly(1, 1), std::size_t(64) << 20);
    const std::string message = errorFrom([&] { cs::loadImage(fifo); });
    writer.join();
    std::signal(SIGPIPE, previous);
    EXPECT_TRUE(contains(message, "fifo: larger than ")) << message;
    EXPECT_TRUE(contains(message, "(the most a file that starts as this one does holds)"));
#endif
}

TEST_F(ImageTest, PalettedPngDecodesThroughItsPalette) {
    const std::string palette("\xff\x00\x00\x00\x00\xff", 6);  // red, blue
    cs::writeFileAtomic(path("two.png"), cs::test::palettedPng(3, 1, palette, {0, 1, 0}));
    const cs::Image image = cs::loadImage(path("two.png"));
    const std::vector<std::uint8_t> expected = {255, 0, 0, 255, 0, 0, 255, 255, 255, 0, 0, 255};
    EXPECT_EQ(image.rgba, expected);
}

// stb_image would look such an index up in memory it never set: output that differs from run
// to run. The index is found and the file refused, by name.
TEST_F(ImageTest, PaletteIndexPastThePaletteIsRefused) {
    const std::string palette("\xff\x00\x00\x00\x00\xff", 6);  // two entries
    cs::writeFileAtomic(path("past.png"),
                        cs::test::palettedPng(4, 2, palette, {0, 1, 1, 0, 1, 0, 200, 1}));
    EXPECT_TRUE(contains(errorFrom([&] { cs::loadImage(path("past.png")); }),
                         "past.png: a pixel uses palette entry 200, past the end of the 2-entry "
                         "palette"));
}

// The size comes from the header, before decoding: these files have no pixels at all, so a
// decode would fail with "truncated" instead.
TEST_F(ImageTest, ImageTooLargeIsRefusedFromItsHeader) {
    cs::writeFileAtomic(path("wide.png"), cs::test::pngHeaderOnly(101, 1));
    EXPECT_TRUE(contains(errorFrom([&] { cs::loadImage(path("wide.png"), 100); }),
                         "wide.png: a 101x1 image exceeds the limit of 100 pixels per side"));
    // A TGA header (18 bytes, sizes little-endian): 20000 x 20000 RGB, 1.6 GB as RGBA. (stb
    // itself refuses a PNG that large when it reads the header.)
    std::string tga(18, '\0');
    tga[2] = 2;  // uncompressed true colour
    tga[12] = tga[14] = char(20000 & 0xff);
    tga[13] = tga[15] = char(20000 >> 8);
    tga[16] = 24;  // bits per pixel
    cs::writeFileAtomic(path("huge.tga"), tga);
    EXPECT_TRUE(contains(errorFrom([&] { cs::loadImage(path("huge.tga"), 1 << 20); }),
                         "huge.tga: a 20000x20000 image needs more than the 1024 MiB"));
}

TEST_F(ImageTest, SaveRejectsMalformedImageAndWritesNothing) {
    cs::Image wrongSize = randomImage(4, 4, 2);
    wrongSize.rgba.pop_back();
    EXPECT_TRUE(
        contains(errorFrom([&] { cs::savePng(path("bad.png"), wrongSize); }), path("bad.png")));
    EXPECT_TRUE(
        contains(errorFrom([&] { cs::savePng(path("bad.png"), cs::Image{}); }), path("bad.png")));
    EXPECT_TRUE(fs::is_empty(dir_));
}

TEST_F(ImageTest, SaveIntoMissingDirectoryNamesPath) {
    const std::string target = path("no-such-dir/out.png");
    EXPECT_TRUE(contains(errorFrom([&] { cs::savePng(target, randomImage(2, 2, 3)); }), target));
}

TEST(FlipRows, MovesTopRowToBottom) {
    cs::Image image;
    image.width = 1;
    image.height = 3;
    image.rgba = {1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3};
    const cs::Image flipped = cs::flipRows(image);
    EXPECT_EQ(flipped.width, 1);
    EXPECT_EQ(flipped.height, 3);
    EXPECT_EQ(flipped.rgba, (std::vector<std::uint8_t>{3, 3, 3, 3, 2, 2, 2, 2, 1, 1, 1, 1}));
}

TEST(FlipRows, TwiceIsIdentity) {
    for (const auto& [width, height] : {std::make_tuple(1, 1), std::make_tuple(33, 17),
                                        std::make_tuple(5, 4), std::make_tuple(0, 0)}) {
        const cs::Image image = randomImage(width, height, 4);
        const cs::Image twice = cs::flipRows(cs::flipRows(image));
        EXPECT_EQ(twice.width, width);
        EXPECT_EQ(twice.height, height);
        EXPECT_TRUE(twice.rgba == image.rgba) << width << "x" << height;
    }
}

}  // namespace
