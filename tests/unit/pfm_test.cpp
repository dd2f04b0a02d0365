// PFM files: the exact header, the bottom-to-top row order, a lossless round trip, atomic
// writes, and a clear error for every kind of broken file.
#include "util/pfm.h"

#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "support/error_from.h"
#include "support/pfm_reader.h"
#include "support/scratch_dir.h"
#include "util/error.h"
#include "util/file.h"

namespace fs = std::filesystem;

namespace {

class PfmTest : public testing::Test {
protected:
    void SetUp() override { dir_ = cs::test::freshTestDirectory("cs_pfm_test_"); }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    fs::path dir_;
};

// A width x height image whose every float is different and not a small integer.
cs::PfmImage numbered(int width, int height) {
    cs::PfmImage image{width, height, std::vector<float>(size_t(width) * height * 3)};
    for (size_t i = 0; i < image.rgb.size(); ++i) image.rgb[i] = float(i) * 1.25f - 3.0f;
    return image;
}

// The float stored little-endian at byte `offset` of `bytes`.
float littleEndianFloat(const std::string& bytes, size_t offset) {
    std::uint32_t bits = 0;
    for (int i = 3; i >= 0; --i) bits = (bits << 8) | std::uint8_t(bytes[offset + size_t(i)]);
    float value = 0;
    std::memcpy(&value, &bits, 4);
    return value;
}

using cs::test::errorFrom;

TEST_F(PfmTest, HeaderIsExactAndDataFollowsIt) {
    cs::savePfm(path("a.pfm"), numbered(2, 3));
    const std::string bytes = cs::readFile(path("a.pfm"));
    const std::string header = "PF\n2 3\n-1.0\n";
    ASSERT_EQ(bytes.substr(0, header.size()), header);
    EXPECT_EQ(bytes.size(), header.size() + 2 * 3 * 3 * 4);
}

TEST_F(PfmTest, RowsAreStoredBottomToTopLittleEndian) {
    const cs::PfmImage image = numbered(2, 3);
    cs::savePfm(path("a.pfm"), image);
    const std::string bytes = cs::readFile(path("a.pfm"));
    const size_t data = std::string("PF\n2 3\n-1.0\n").size();
    // File row r is image row (height - 1 - r).
    for (int fileRow = 0; fileRow < 3; ++fileRow)
        for (int i = 0; i < 2 * 3; ++i)
            EXPECT_EQ(littleEndianFloat(bytes, data + size_t(fileRow * 6 + i) * 4),
                      image.rgb[size_t((2 - fileRow) * 6 + i)])
                << "file row " << fileRow << " value " << i;
}

TEST_F(PfmTest, RoundTripIsLossless) {
    for (const auto& [width, height] : {std::pair{1, 1}, {17, 5}, {3, 64}}) {
        cs::PfmImage image = numbered(width, height);
        image.rgb[0] = 16777217.0f;  // values beyond 2^24 and tiny ones survive bit for bit
        image.rgb.back() = 1e-30f;
        cs::savePfm(path("r.pfm"), image);
        const cs::PfmImage back = cs::loadPfm(path("r.pfm"));
        EXPECT_EQ(back.width, width);
        EXPECT_EQ(back.height, height);
        EXPECT_TRUE(back.rgb == image.rgb) << width << "x" << height;
    }
}

TEST_F(PfmTest, ReadsBigEndianAndGreyscale) {
    // Hand-made 2x1 big-endian grey file (positive scale): file bytes of 1.5f and -2.0f.
    std::string grey = "Pf\n2 1\n1.0\n";
    grey += std::string("\x3f\xc0\x00\x00", 4) + std::string("\xc0\x00\x00\x00", 4);
    cs::writeFileAtomic(path("g.pfm"), grey);
    const cs::PfmImage image = cs::loadPfm(path("g.pfm"));
    ASSERT_EQ(image.width, 2);
    ASSERT_EQ(image.height, 1);
    EXPECT_EQ(image.rgb, (std::vector<float>{1.5f, 1.5f, 1.5f, -2.0f, -2.0f, -2.0f}));
}

TEST_F(PfmTest, WriteIsAtomic) {
    // A failed write leaves the old file untouched and no temporary file behind.
    cs::savePfm(path("keep.pfm"), numbered(2, 2));
    const std::string before = cs::readFile(path("keep.pfm"));
    cs::PfmImage broken = numbered(2, 2);
    broken.rgb.pop_back();
    EXPECT_NE(errorFrom([&] { cs::savePfm(path("keep.pfm"), broken); }).find("keep.pfm"),
              std::string::npos);
    EXPECT_EQ(cs::readFile(path("keep.pfm")), before);
    // A directory that does not exist: the error names the file, nothing is created.
    const std::string missing = path("missing/out.pfm");
    EXPECT_NE(errorFrom([&] { cs::savePfm(missing, numbered(1, 1)); }).find("out.pfm"),
              std::string::npos);
    // Replacing a file goes through a temporary that is renamed over it: afterwards only
    // the target is there, with the new contents.
    cs::savePfm(path("keep.pfm"), numbered(3, 1));
    EXPECT_EQ(cs::loadPfm(path("keep.pfm")).width, 3);
    std::vector<std::string> names;
    for (const auto& entry : fs::directory_iterator(dir_))
        names.push_back(entry.path().filename().string());
    EXPECT_EQ(names, std::vector<std::string>{"keep.pfm"});
}

TEST_F(PfmTest, BrokenFilesAreRefusedWithTheReason) {
    const std::pair<std::string, std::string> cases[] = {
        {"", "empty file"},
        {"P6\n2 2\n255\n", "not a PFM"},
        {"PF\n0 2\n-1.0\n", "width and height"},
        {"PF\n2 x\n-1.0\n", "width and height"},
        {"PF\n2 2\nzero\n", "scale 'zero'"},
        {"PF\n2 2\n0\n", "scale '0'"},
        {"PF\n2 2\n-1.0", "not followed by data"},
        {"PF\n1 1\n-1.0\n" + std::string(11, '\0'), "holds 11 bytes"},
        {"PF\n1 1\n-1.0\n" + std::string(13, '\0'), "holds 13 bytes"},
    };
    for (const auto& [contents, words] : cases) {
        cs::writeFileAtomic(path("bad.pfm"), contents);
        const std::string message = errorFrom([&] { cs::loadPfm(path("bad.pfm")); });
        EXPECT_NE(message.find("bad.pfm"), std::string::npos) << message;
        EXPECT_NE(message.find(words), std::string::npos)
            << message << " (wanted: " << words << ")";
    }
    EXPECT_NE(errorFrom([&] { cs::loadPfm(path("nope.pfm")); }).find("No such file"),
              std::string::npos);
}

TEST_F(PfmTest, MalformedImagesAreNotWritten) {
    EXPECT_NE(errorFrom([&] { cs::savePfm(path("z.pfm"), cs::PfmImage{}); }).find("size 0x0"),
              std::string::npos);
    EXPECT_FALSE(fs::exists(path("z.pfm")));
}

}  // namespace
