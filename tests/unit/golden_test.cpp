// The golden-image grades: exact, within 1, neighbourhood (a shifted edge), fail.
#include "support/golden.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <random>
#include <string>

#include "util/image.h"

namespace fs = std::filesystem;

namespace {

cs::Image solid(int width, int height, std::uint8_t r, std::uint8_t g, std::uint8_t b,
                std::uint8_t a = 255) {
    cs::Image image;
    image.width = width;
    image.height = height;
    for (int i = 0; i < width * height; ++i) image.rgba.insert(image.rgba.end(), {r, g, b, a});
    return image;
}

std::uint8_t* pixel(cs::Image& image, int x, int y) {
    return image.rgba.data() + (static_cast<std::size_t>(y) * image.width + x) * 4;
}

// A hard-edged orange disc on grey: shifting the centre by one pixel moves only its edge.
cs::Image disc(int centreX, int centreY, int radius) {
    cs::Image image = solid(200, 200, 60, 60, 60);
    for (int y = 0; y < image.height; ++y) {
        for (int x = 0; x < image.width; ++x) {
            const int dx = x - centreX, dy = y - centreY;
            if (dx * dx + dy * dy <= radius * radius) {
                std::uint8_t* p = pixel(image, x, y);
                p[0] = 250, p[1] = 150, p[2] = 20;
            }
        }
    }
    return image;
}

testing::AssertionResult contains(const std::string& text, const std::string& part) {
    if (text.find(part) != std::string::npos) return testing::AssertionSuccess();
    return testing::AssertionFailure() << "\"" << text << "\" does not contain \"" << part << "\"";
}

TEST(Golden, IdenticalImagesPassExact) {
    const cs::Image image = disc(100, 100, 30);
    const cs::GoldenResult result = cs::compareGolden(image, image);
    EXPECT_TRUE(result.pass);
    EXPECT_EQ(result.level, "exact");
    EXPECT_EQ(result.maxChannelDifference, 0);
    EXPECT_EQ(result.pixelsOverOne, 0u);
}

TEST(Golden, RoundingDifferencesPassWithinOne) {
    const cs::Image expected = disc(100, 100, 30);
    cs::Image actual = expected;
    std::mt19937 random(5);
    for (auto& byte : actual.rgba) {
        const int changed = byte + int(random() % 3) - 1;  // -1, 0 or +1
        byte = std::uint8_t(std::clamp(changed, 0, 255));
    }
    const cs::GoldenResult result = cs::compareGolden(actual, expected);
    EXPECT_TRUE(result.pass) << result.message;
    EXPECT_EQ(result.level, "within 1");
    EXPECT_EQ(result.maxChannelDifference, 1);
}

TEST(Golden, EdgeShiftedByOnePixelPassesNeighbourhood) {
    const cs::GoldenResult result = cs::compareGolden(disc(101, 100, 30), disc(100, 100, 30));
    EXPECT_TRUE(result.pass) << result.message;
    EXPECT_EQ(result.level, "neighbourhood");
    EXPECT_GT(result.pixelsOverOne, 0u);
    EXPECT_LE(result.pixelsOverOne, 200u);  // 0.5% of 200x200
}

TEST(Golden, InPlaceDifferenceUpToToleranceIsAccepted) {
    // The 3x3 neighbourhood includes the pixel itself, so a difference of 8 passes
    // grade 3 even on a flat image, and 9 does not.
    const cs::Image expected = solid(50, 50, 100, 100, 100);
    cs::Image actual = expected;
    pixel(actual, 10, 10)[1] = 108;
    EXPECT_EQ(cs::compareGolden(actual, expected).level, "neighbourhood");

    pixel(actual, 10, 10)[1] = 109;
    const cs::GoldenResult result = cs::compareGolden(actual, expected);
    EXPECT_FALSE(result.pass);
    EXPECT_EQ(result.level, "fail");
    EXPECT_EQ(result.maxChannelDifference, 9);
}

TEST(Golden, AtMostHalfAPercentOfPixelsMayDiffer) {
    // 100x100 = 10000 pixels, so 50 may differ by more than 1 and 51 may not.
    const cs::Image expected = solid(100, 100, 100, 100, 100);
    cs::Image actual = expected;
    for (int i = 0; i < 50; ++i) pixel(actual, i, i)[0] = 105;
    EXPECT_TRUE(cs::compareGolden(actual, expected).pass);

    pixel(actual, 99, 0)[0] = 105;
    const cs::GoldenResult result = cs::compareGolden(actual, expected);
    EXPECT_FALSE(result.pass);
    EXPECT_EQ(result.pixelsOverOne, 51u);
    EXPECT_TRUE(contains(result.message, "0.5%"));
}

TEST(Golden, ShiftedPatternWithTooManyEdgesFails) {
    // Every pixel matches a neighbour, but a 1-pixel shift of 2-pixel stripes changes
    // half the image: that is moved geometry, not a rasterisation difference.
    auto stripe = [](int x) { return (x / 2) % 2 == 0; };
    cs::Image expected = solid(200, 200, 0, 0, 0);
    cs::Image actual = expected;
    for (int y = 0; y < 200; ++y) {
        for (int x = 0; x < 200; ++x) {
            if (stripe(x + 1)) pixel(expected, x, y)[0] = 255;
            if (stripe(x)) pixel(actual, x, y)[0] = 255;  // actual(x) = expected(x - 1)
        }
    }
    const cs::GoldenResult result = cs::compareGolden(actual, expected);
    EXPECT_FALSE(result.pass);
    EXPECT_EQ(result.level, "fail");
    EXPECT_EQ(result.pixelsOverOne, 200u * 100u);
    EXPECT_TRUE(contains(result.message, "0.5%"));
}

TEST(Golden, LargeDifferenceFailsAndNamesThePixel) {
    const cs::Image expected = solid(64, 48, 128, 128, 128);
    cs::Image actual = expected;
    std::uint8_t* p = pixel(actual, 10, 20);
    p[0] = 255, p[1] = 0, p[2] = 0;
    const cs::GoldenResult result = cs::compareGolden(actual, expected);
    EXPECT_FALSE(result.pass);
    EXPECT_EQ(result.level, "fail");
    EXPECT_EQ(result.maxChannelDifference, 128);
    EXPECT_EQ(result.pixelsOverOne, 1u);
    EXPECT_TRUE(contains(result.message, "(10, 20)"));
}

TEST(Golden, AlphaDifferenceCounts) {
    const cs::Image expected = solid(16, 16, 10, 20, 30, 255);
    cs::Image actual = expected;
    pixel(actual, 3, 4)[3] = 128;
    const cs::GoldenResult result = cs::compareGolden(actual, expected);
    EXPECT_FALSE(result.pass);
    EXPECT_EQ(result.maxChannelDifference, 127);
}

TEST(Golden, SizeMismatchFails) {
    const cs::GoldenResult result =
        cs::compareGolden(solid(20, 10, 0, 0, 0), solid(10, 20, 0, 0, 0));
    EXPECT_FALSE(result.pass);
    EXPECT_EQ(result.level, "fail");
    EXPECT_TRUE(contains(result.message, "size mismatch"));
    EXPECT_TRUE(contains(result.message, "20x10"));
}

class GoldenFailureImages : public testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::path(testing::TempDir()) /
               ("cs_golden_test_" + std::to_string(::getpid()) + "_" +
                testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    fs::path dir_;
};

TEST_F(GoldenFailureImages, AreWrittenAndLoadable) {
    const cs::Image expected = solid(8, 6, 100, 100, 100);
    cs::Image actual = expected;
    pixel(actual, 1, 2)[2] = 101;  // differs by 1: still visible in the diff
    pixel(actual, 5, 3)[3] = 0;    // alpha only: shows in the colour channels

    const std::string dir = (dir_ / "failures").string();  // created on demand
    cs::writeGoldenFailure(dir, "card", actual, expected);

    const std::string base = dir + "/card";
    EXPECT_TRUE(cs::loadImage(base + ".actual.png").rgba == actual.rgba);
    EXPECT_TRUE(cs::loadImage(base + ".expected.png").rgba == expected.rgba);
    cs::Image diff = cs::loadImage(base + ".diff.png");
    ASSERT_EQ(diff.width, 8);
    ASSERT_EQ(diff.height, 6);
    for (int y = 0; y < 6; ++y) {
        for (int x = 0; x < 8; ++x) {
            const std::uint8_t* p = pixel(diff, x, y);
            const bool differs = (x == 1 && y == 2) || (x == 5 && y == 3);
            EXPECT_EQ(p[3], 255) << "diff alpha at " << x << "," << y;
            if (differs) {
                EXPECT_GE(p[2], 64) << "difference invisible at " << x << "," << y;
            } else {
                EXPECT_EQ(p[0] + p[1] + p[2], 0) << "spurious difference at " << x << "," << y;
            }
        }
    }
    EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 3);
}

TEST_F(GoldenFailureImages, SizeMismatchMarksUncoveredAreaMagenta) {
    const std::string dir = dir_.string();
    cs::writeGoldenFailure(dir, "sizes", solid(4, 2, 9, 9, 9), solid(2, 3, 9, 9, 9));
    cs::Image diff = cs::loadImage(dir + "/sizes.diff.png");
    ASSERT_EQ(diff.width, 4);
    ASSERT_EQ(diff.height, 3);
    EXPECT_EQ(std::vector<std::uint8_t>(pixel(diff, 0, 0), pixel(diff, 0, 0) + 4),
              (std::vector<std::uint8_t>{0, 0, 0, 255}));
    EXPECT_EQ(std::vector<std::uint8_t>(pixel(diff, 3, 0), pixel(diff, 3, 0) + 4),
              (std::vector<std::uint8_t>{255, 0, 255, 255}));
    EXPECT_EQ(std::vector<std::uint8_t>(pixel(diff, 0, 2), pixel(diff, 0, 2) + 4),
              (std::vector<std::uint8_t>{255, 0, 255, 255}));
}

}  // namespace
