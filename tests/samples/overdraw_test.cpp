// The overdraw sample as a user runs it: the 16-bit count image that --output writes,
// compared exactly with a CPU rasteriser of the same quads, for every draw order, both
// placements of the depth test and with or without the depth prepass; and the input it
// must refuse.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

#include "overdraw/quads.h"
#include "support/png16_reader.h"
#include "support/process.h"
#include "support/sample_test.h"

namespace {

const std::string kOverdraw = cs::test::SampleTest::samplePath("overdraw");
// Small frames: both CPU drivers are slow. 60 quads of 4 to 21 by 3 to 16 pixels pile up to
// a dozen deep in places.
constexpr int kWidth = 64, kHeight = 48, kQuads = 60;

struct Setting {
    std::string order;
    bool earlyTests, prepass;
    std::string name() const {
        return "order=" + order + " early_tests=" + (earlyTests ? "true" : "false") +
               " prepass=" + (prepass ? "true" : "false");
    }
};

// Whether the quad covers pixel (x, y). GL produces a fragment where the pixel's centre,
// (x + 0.5, y + 0.5), lies inside a triangle; the quad's edges lie on integers, so no centre
// lies on one, and the quad covers exactly the pixels x0 <= x < x1, y0 <= y < y1. Its two
// triangles share a diagonal, and a centre on it is produced by exactly one of them (the
// GL's rule for shared edges): a quad shades a pixel once at most.
bool covers(const overdraw::Quad& q, int x, int y) {
    return q.x0 <= float(x) && float(x) < q.x1 && q.y0 <= float(y) && float(y) < q.y1;
}

// The CPU reference: how often the quads' fragment shader runs at each pixel, rows bottom
// first as GL keeps them. The depth buffer starts at the far plane (1), and the depth test is
// GL_LESS, or with the prepass GL_EQUAL against the nearest depth the prepass left. With
// late tests the shader runs before the test, for every fragment; with early tests only for
// the fragments that pass it.
std::vector<std::uint32_t> countOnCpu(const std::vector<overdraw::Quad>& quads, int width,
                                      int height, bool earlyTests, bool prepass) {
    std::vector<std::uint32_t> counts(size_t(width) * height, 0);
    std::vector<float> depth(counts.size(), 1.0f);
    if (prepass)
        for (const overdraw::Quad& q : quads)
            for (int y = 0; y < height; ++y)
                for (int x = 0; x < width; ++x)
                    if (covers(q, x, y))
                        depth[size_t(y) * width + x] =
                            std::min(depth[size_t(y) * width + x], q.depth);
    for (const overdraw::Quad& q : quads)  // in draw order
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x) {
                if (!covers(q, x, y)) continue;
                const size_t p = size_t(y) * width + x;
                const bool passes = prepass ? q.depth == depth[p] : q.depth < depth[p];
                if (passes || !earlyTests) ++counts[p];
                if (passes && !prepass) depth[p] = q.depth;  // the prepass turns writes off
            }
    return counts;
}

// How many quads lie over each pixel, rows bottom first.
std::vector<std::uint32_t> coverage(const std::vector<overdraw::Quad>& quads, int width,
                                    int height) {
    std::vector<std::uint32_t> layers(size_t(width) * height, 0);
    for (const overdraw::Quad& q : quads)
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x)
                if (covers(q, x, y)) ++layers[size_t(y) * width + x];
    return layers;
}

class OverdrawTest : public cs::test::SampleTest {
protected:
    cs::ProcessResult overdraw(std::vector<std::string> args) {
        args.insert(args.begin(), {kOverdraw, "--headless", "--frames", "1", "--no-ui", "--size",
                                   std::to_string(kWidth) + "x" + std::to_string(kHeight)});
        return cs::runProcess(args);
    }

    // The counts the sample writes for `setting`, rows bottom first (the file's are top first).
    std::vector<std::uint32_t> countsOnGpu(const Setting& setting) {
        const std::string output = (dir / "counts.png").generic_string();
        const cs::ProcessResult run =
            overdraw({"--output", output, "--set", "quads=" + std::to_string(kQuads), "--set",
                      "order=" + setting.order, "--set",
                      std::string("early_tests=") + (setting.earlyTests ? "true" : "false"),
                      "--set", std::string("prepass=") + (setting.prepass ? "true" : "false")});
        EXPECT_EQ(run.exitCode, 0) << setting.name() << ": " << run.err;
        if (run.exitCode != 0) return {};
        const cs::Gray16Image image = cs::loadPng16(output);
        EXPECT_EQ(image.width, kWidth);
        EXPECT_EQ(image.height, kHeight);
        std::vector<std::uint32_t> counts(image.values.size());
        for (int y = 0; y < image.height; ++y)
            for (int x = 0; x < image.width; ++x)
                counts[size_t(y) * image.width + x] =
                    image.values[size_t(image.height - 1 - y) * image.width + x];
        return counts;
    }

    static std::vector<overdraw::Quad> quadsFor(const std::string& order) {
        return overdraw::makeQuads(kQuads, kWidth, kHeight, order, 1);  // --seed's default
    }

    // The first pixel where the two differ, for a readable failure.
    static std::string firstDifference(const std::vector<std::uint32_t>& actual,
                                       const std::vector<std::uint32_t>& expected) {
        if (actual.size() != expected.size()) return "sizes differ";
        for (size_t p = 0; p < actual.size(); ++p)
            if (actual[p] != expected[p])
                return "pixel (" + std::to_string(p % kWidth) + ", " + std::to_string(p / kWidth) +
                       ") from the bottom left: " + std::to_string(actual[p]) + ", expected " +
                       std::to_string(expected[p]);
        return "none";
    }
};

TEST_F(OverdrawTest, CountsMatchCpuForEveryOrderAndDepthTest) {
    for (const std::string& order : overdraw::kOrders)
        for (bool earlyTests : {false, true})
            for (bool prepass : {false, true}) {
                const Setting setting{order, earlyTests, prepass};
                const std::vector<std::uint32_t> expected =
                    countOnCpu(quadsFor(order), kWidth, kHeight, earlyTests, prepass);
                const std::vector<std::uint32_t> actual = countsOnGpu(setting);
                EXPECT_TRUE(actual == expected) << setting.name() << ": first difference at "
                                                << firstDifference(actual, expected);
            }
}

// The lesson, stated without the reference: with early tests, drawing nearest first (or
// after a depth prepass, in any order) shades every covered pixel exactly once.
TEST_F(OverdrawTest, EarlyTestsShadeEachCoveredPixelOnce) {
    for (const Setting& setting :
         {Setting{"front_to_back", true, false}, Setting{"back_to_front", true, true},
          Setting{"shuffled", true, true}}) {
        std::vector<std::uint32_t> expected = coverage(quadsFor(setting.order), kWidth, kHeight);
        for (std::uint32_t& c : expected) c = std::min(c, 1u);
        const std::vector<std::uint32_t> actual = countsOnGpu(setting);
        EXPECT_TRUE(actual == expected)
            << setting.name() << ": first difference at " << firstDifference(actual, expected);
    }
}

// Without early tests, the fragment shader runs before the depth test, so an occluded
// fragment runs too: each pixel is shaded once for every quad over it, in any order. The
// scene has pixels under several quads, so this differs from the test above.
TEST_F(OverdrawTest, LateTestsShadeOccludedFragmentsToo) {
    const std::vector<std::uint32_t> layers = coverage(quadsFor("front_to_back"), kWidth, kHeight);
    ASSERT_GE(*std::max_element(layers.begin(), layers.end()), 3u) << "too little overdraw";
    for (const Setting& setting :
         {Setting{"front_to_back", false, false}, Setting{"front_to_back", false, true}}) {
        const std::vector<std::uint32_t> actual = countsOnGpu(setting);
        EXPECT_TRUE(actual == layers)
            << setting.name() << ": first difference at " << firstDifference(actual, layers);
    }
}

TEST_F(OverdrawTest, RefusesInput) {
    expectFailure(overdraw({"--input", (dir / "in.png").generic_string()}), 2, "takes no --input");
}

// Each quad shades a pixel at most once, so the quads bound every count: more than 65535
// would not fit --output's 16 bits.
TEST_F(OverdrawTest, RefusesMoreQuadsThanSixteenBitsHold) {
    expectFailure(overdraw({"--set", "quads=65536"}), 2, "'quads' = 65536 is out of range");
}

TEST_F(OverdrawTest, RefusesOutputThatIsNotPng) {
    expectFailure(overdraw({"--output", (dir / "counts.pgm").generic_string()}), 2, "--output");
}

}  // namespace
