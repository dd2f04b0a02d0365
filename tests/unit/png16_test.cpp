// 16-bit greyscale PNGs: what encodePng16 writes, read back by stb (not by libpng, which wrote
// it), holds every value exactly, the high byte included; a malformed image is refused.
#include "util/png16.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "support/error_from.h"
#include "support/png16_reader.h"
#include "support/scratch_dir.h"
#include "util/file.h"

namespace {

class Png16Test : public testing::Test {
protected:
    void SetUp() override { dir = cs::test::freshTestDirectory("cs_png16_test_"); }
    void TearDown() override { std::filesystem::remove_all(dir); }
    std::filesystem::path dir;
};

TEST_F(Png16Test, RoundTripsEveryByteExactly) {
    // Each byte on its own (1, 255, 256, 0xFF00), both together, the ends; rows top first, so
    // an odd size tells a flipped or transposed image from the original.
    const cs::Gray16Image image{
        3, 4, {0, 1, 255, 256, 257, 0x00FF, 0xFF00, 0x1234, 0xABCD, 65534, 65535, 42}};
    const std::string path = (dir / "values.png").string();
    cs::writeFileAtomic(path, cs::encodePng16(image));
    const cs::Gray16Image read = cs::loadPng16(path);
    EXPECT_EQ(read.width, 3);
    EXPECT_EQ(read.height, 4);
    EXPECT_EQ(read.values, image.values);
}

TEST_F(Png16Test, RefusesMalformedImages) {
    EXPECT_NE(cs::test::errorFrom([] {
                  cs::encodePng16({2, 2, {1, 2, 3}});
              }).find("2x2, 3 values"),
              std::string::npos);
    EXPECT_NE(cs::test::errorFrom([] {
                  cs::encodePng16({0, 0, {}});
              }).find("malformed"),
              std::string::npos);
}

}  // namespace
