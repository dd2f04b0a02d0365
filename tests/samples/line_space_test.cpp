// The line_space sample as a user runs it: its edges (--edges-output), its line space and
// Hough accumulator (--space-output) and its lines (--output) against the CPU references of
// samples/line_space/reference.h, exactly, on small images; single lines found where they
// are; lines.json's top-left origin; every bad input refused with one line; --bench's figures.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>
#include <string>
#include <vector>

#include "app/params.h"
#include "line_space/draw.h"
#include "line_space/geometry.h"
#include "line_space/output.h"
#include "line_space/reference.h"
#include "line_space/synthetic.h"
#include "support/child_rss.h"
#include "support/process.h"
#include "support/sample_test.h"
#include "util/file.h"
#include "util/image.h"

namespace {

using line_space::Entry;

const std::string kSample = cs::test::SampleTest::samplePath("line_space");

// What a run is asked to do, as the CPU pipeline needs to know it.
struct Settings {
    std::string method = "linespace", interpret = "reduce";
    bool edgesFromInput = true, segments = false, sharedMemory = true;
    int lines = 10, threshold = 150, suppress = 10, prereduce = 2, thetaSteps = 180, gap = 3;
    int low = 40, high = 100;

    // Only the settings that act with the others: the sample refuses the rest.
    std::vector<std::string> args() const {
        const bool hough = method == "hough";
        std::vector<std::string> sets = {
            "method=" + method, "interpret=" + interpret,
            "edges=" + std::string(edgesFromInput ? "input" : "detect"),
            "shared_memory=" + std::string(sharedMemory ? "true" : "false"),
            "lines=" + std::to_string(lines)};
        if (interpret == "threshold") sets.push_back("threshold=" + std::to_string(threshold));
        if (interpret == "reduce") sets.push_back("suppress=" + std::to_string(suppress));
        if (interpret == "sort") sets.push_back("prereduce=" + std::to_string(prereduce));
        if (hough) sets.push_back("theta_steps=" + std::to_string(thetaSteps));
        if (!hough) sets.push_back("segments=" + std::string(segments ? "true" : "false"));
        if (!hough && segments) sets.push_back("gap=" + std::to_string(gap));
        if (!edgesFromInput)
            sets.insert(sets.end(),
                        {"canny_low=" + std::to_string(low), "canny_high=" + std::to_string(high)});
        std::vector<std::string> args;
        for (const std::string& set : sets) args.insert(args.end(), {"--set", set});
        return args;
    }
};

// The CPU's edges of an image read from a file (top row first), bottom row first.
line_space::EdgeImage cpuEdges(const cs::Image& file, const Settings& s) {
    const cs::Image image = cs::flipRows(file);
    return s.edgesFromInput ? line_space::inputEdgesOnCpu(image)
                            : line_space::cannyOnCpu(image, s.low, s.high);
}

std::vector<Entry> cpuSpace(const line_space::EdgeImage& edges, const Settings& s) {
    return s.method == "hough" ? line_space::houghOnCpu(edges, s.thetaSteps)
                               : line_space::lineSpaceOnCpu(edges, s.gap, s.segments);
}

glm::ivec2 spaceSize(int width, int height, const Settings& s) {
    return s.method == "hough"
               ? glm::ivec2(line_space::houghSize(width, height, s.thetaSteps).dBins, s.thetaSteps)
               : line_space::layoutSize(width, height);
}

// The whole pipeline on the CPU: what --output must hold, byte for byte.
std::string cpuLinesJson(const cs::Image& file, const Settings& s) {
    const std::vector<Entry> space = cpuSpace(cpuEdges(file, s), s);
    const glm::ivec2 size = spaceSize(file.width, file.height, s);
    std::vector<std::uint32_t> chosen;
    if (s.interpret == "threshold")
        chosen = line_space::thresholdOnCpu(space, std::uint32_t(s.threshold), s.lines);
    else if (s.interpret == "reduce")
        chosen = line_space::reduceOnCpu(
            space, size, s.lines, s.suppress,
            {s.method == "hough" ? line_space::Neighbourhood::Kind::HoughAngles
                                 : line_space::Neighbourhood::Kind::BorderPoints,
             {file.width, file.height}});
    else
        chosen = line_space::sortOnCpu(space, size, s.prereduce, s.lines);
    std::vector<Entry> entries;
    for (std::uint32_t index : chosen)
        entries.push_back(index == 0xFFFFFFFFu ? Entry(0u) : space[index]);
    const line_space::Space shape{file.width, file.height, s.method == "hough", s.thetaSteps,
                                  s.segments};
    return line_space::linesJson(line_space::linesOf(shape, entries), file.height);
}

// A synthetic edge image, top row first as a file holds it.
cs::Image synthetic(int width, int height, int segments, double noise, unsigned seed) {
    return cs::flipRows(line_space::syntheticEdges(width, height, segments, noise, seed).edges);
}

class LineSpaceSampleTest : public cs::test::SampleTest {
protected:
    cs::ProcessResult run(std::vector<std::string> args) {
        args.insert(args.begin(), {kSample, "--headless", "--frames", "1", "--no-ui"});
        return cs::runProcess(args);
    }

    std::string save(const cs::Image& image, const std::string& name = "in.png") {
        const std::string path = (dir / name).generic_string();
        cs::savePng(path, image);
        return path;
    }

    // A run on `image` with `settings` and more arguments; EXPECTs success.
    void runOn(const cs::Image& image, const Settings& settings,
               std::vector<std::string> more = {}) {
        std::vector<std::string> args = settings.args();
        args.insert(args.end(), {"--input", save(image)});
        args.insert(args.end(), more.begin(), more.end());
        const cs::ProcessResult result = run(args);
        EXPECT_EQ(result.exitCode, 0) << result.err;
    }

    std::string linesOf(const cs::Image& image, const Settings& settings) {
        const std::string output = (dir / "lines.json").generic_string();
        runOn(image, settings, {"--output", output});
        return cs::readFile(output);
    }

    std::vector<Entry> spaceOf(const cs::Image& image, const Settings& settings) {
        const std::string output = (dir / "space.bin").generic_string();
        runOn(image, settings, {"--space-output", output});
        const std::string bytes = cs::readFile(output);
        std::vector<Entry> entries(bytes.size() / sizeof(Entry));
        std::memcpy(entries.data(), bytes.data(), entries.size() * sizeof(Entry));
        return entries;
    }
};

// Both transforms' every entry, on the GPU as on the CPU: the line space plain and tiled, with
// whole lines and with runs, and Hough with and without shared-memory histograms, at 180 and
// at an odd number of angles.
TEST_F(LineSpaceSampleTest, SpacesEqualTheCpuReferenceExactly) {
    const std::pair<int, int> sizes[] = {{2, 2}, {5, 3}, {37, 19}};
    unsigned seed = 1;
    for (const auto& [width, height] : sizes) {
        const cs::Image image = synthetic(width, height, 3, 0.03, seed++);
        const line_space::EdgeImage edges = cpuEdges(image, Settings{});
        for (bool shared : {false, true}) {
            for (bool segments : {false, true}) {
                Settings s;
                s.sharedMemory = shared, s.segments = segments;
                const auto actual = spaceOf(image, s), expected = cpuSpace(edges, s);
                EXPECT_TRUE(actual == expected) << width << "x" << height << " line space "
                                                << shared << " segments " << segments;
            }
            for (int steps : {180, 7}) {
                Settings s;
                s.method = "hough";
                s.sharedMemory = shared, s.thetaSteps = steps;
                const auto actual = spaceOf(image, s), expected = cpuSpace(edges, s);
                EXPECT_TRUE(actual == expected) << width << "x" << height << " hough, shared "
                                                << shared << ", " << steps << " steps";
            }
        }
    }
}

// Canny on the shipped building and on a noisy picture: the edges the transforms read.
TEST_F(LineSpaceSampleTest, EdgesEqualCannyOnTheCpu) {
    const cs::Image building = cs::loadImage(std::string(CS_ASSET_SOURCE_DIR) + "/building.png");
    cs::Image noisy{45, 31, std::vector<std::uint8_t>(45 * 31 * 4)};
    std::mt19937 random(5);
    for (std::size_t i = 0; i < noisy.rgba.size(); ++i)
        noisy.rgba[i] =
            std::uint8_t(i % 4 == 3 ? 255 : (i / 4 % 45 > 20 ? 180 : 40) + random() % 30);
    for (const auto& [image, low, high] :
         {std::tuple{building, 40, 100}, std::tuple{noisy, 10, 30}, std::tuple{noisy, 30, 400}}) {
        Settings s;
        s.method = "hough";  // the faster transform: the edges are the point here
        s.edgesFromInput = false;
        s.low = low, s.high = high;
        const std::string output = (dir / "edges.png").generic_string();
        runOn(image, s, {"--edges-output", output});
        const cs::Image written = cs::flipRows(cs::loadImage(output));
        const line_space::EdgeImage expected = cpuEdges(image, s);
        std::size_t wrong = 0;
        for (std::size_t i = 0; i < expected.edge.size(); ++i)
            wrong += (written.rgba[4 * i] == 255) != (expected.edge[i] == 1);
        EXPECT_EQ(wrong, 0u) << image.width << "x" << image.height << " " << low << ", " << high;
    }
}

// --output, byte for byte, against the whole pipeline on the CPU: every interpretation, both
// methods, edges given and detected, whole lines and runs.
TEST_F(LineSpaceSampleTest, LinesEqualTheCpuPipeline) {
    const cs::Image image = synthetic(48, 36, 5, 0.02, 7);
    std::vector<Settings> runs;
    for (const char* method : {"linespace", "hough"})
        for (const char* interpret : {"threshold", "reduce", "sort"}) {
            Settings s;
            s.method = method, s.interpret = interpret;
            s.threshold = std::string(method) == "hough" ? 20 : 12;
            s.suppress = 3;
            runs.push_back(s);
        }
    Settings segments;
    segments.segments = true, segments.gap = 1, segments.suppress = 4;
    runs.push_back(segments);
    Settings canny;
    canny.edgesFromInput = false, canny.prereduce = 1, canny.interpret = "sort";
    runs.push_back(canny);
    for (const Settings& s : runs) {
        const std::string actual = linesOf(image, s);
        EXPECT_EQ(actual, cpuLinesJson(image, s)) << s.method << " " << s.interpret;
        // Best first.
        const nlohmann::json lines = nlohmann::json::parse(actual);
        EXPECT_FALSE(lines.empty()) << s.method << " " << s.interpret;
        for (std::size_t i = 1; i < lines.size(); ++i)
            EXPECT_GE(lines[i - 1]["score"], lines[i]["score"]);
    }
}

// Threshold's passes over every entry of the space (the flags, the scatter) on a space of more
// entries than 65535 work groups of 64 cover, 65535 being the least a GL must launch along x,
// and llvmpipe's: their dispatch goes on in rows of groups. A 1024 x 1024 image's line space
// (6,279,174 entries) failed so; Hough at 3600 angles on a long thin image makes such a space
// (1251 x 3600 bins) at little cost. Sort's keys over every entry (prereduce=0), and the line
// space's passes on a space that large, are tested at the kernel level, where they cost less
// (tests/gl/line_space_test.cpp).
TEST_F(LineSpaceSampleTest, SpacesPastOneRowOfWorkGroupsAreInterpreted) {
    const cs::Image image = synthetic(1250, 4, 1, 0.002, 3);
    Settings s;
    s.method = "hough", s.thetaSteps = 3600, s.lines = 1024;
    s.interpret = "threshold", s.threshold = 1;
    const glm::ivec2 size = spaceSize(image.width, image.height, s);
    ASSERT_GT(std::int64_t(size.x) * size.y, 65535 * 64);
    EXPECT_EQ(linesOf(image, s), cpuLinesJson(image, s));
}

// One line in an otherwise empty 48 x 32 image, from border to border: horizontal, vertical,
// corner to corner, between two sides, and from one corner. The line space has exactly that
// line (its endpoints within a pixel); Hough finds it within its resolution.
TEST_F(LineSpaceSampleTest, ASingleLineIsFound) {
    const int width = 48, height = 32;
    const line_space::Segment lines[] = {{{0, 5}, {47, 5}},
                                         {{17, 0}, {17, 31}},
                                         {{0, 0}, {47, 31}},
                                         {{0, 10}, {30, 31}},
                                         {{47, 0}, {0, 20}}};
    // Hough's resolution: d to half a bin, the angle to one step of 1 degree, which moves a
    // point at most the half diagonal away by R sin(1 degree); and half a pixel of
    // rasterisation.
    const double radius = 0.5 * std::hypot(width - 1.0, height - 1.0);
    const double houghTolerance = 0.5 + radius * std::sin(3.14159265 / 180) + 0.5;
    for (const line_space::Segment& line : lines) {
        cs::Image image{width, height, std::vector<std::uint8_t>(width * height * 4, 0)};
        line_space::drawSegment(image, line.a, line.b);  // rows as in the file: y down
        for (const char* method : {"linespace", "hough"}) {
            Settings s;
            s.method = method, s.lines = 1;
            const nlohmann::json found = nlohmann::json::parse(linesOf(image, s));
            ASSERT_EQ(found.size(), 1u) << method;
            const line_space::Line detected{{found[0]["x0"], found[0]["y0"]},
                                            {found[0]["x1"], found[0]["y1"]},
                                            found[0]["score"]};
            const bool lineSpace = std::string(method) == "linespace";
            const double distance = line_space::endpointDistance(line, detected, lineSpace);
            EXPECT_LE(distance, lineSpace ? 1.0 : houghTolerance)
                << method << " (" << line.a.x << ", " << line.a.y << ") - (" << line.b.x << ", "
                << line.b.y << ")";
        }
    }
}

// segments=true: a segment inside the image is found by its own endpoints, not the line's.
TEST_F(LineSpaceSampleTest, SegmentsAreFoundByTheirEndpoints) {
    const line_space::Segment segments[] = {
        {{5, 5}, {30, 20}}, {{10, 3}, {10, 25}}, {{40, 28}, {12, 28}}};
    for (const line_space::Segment& segment : segments) {
        cs::Image image{48, 32, std::vector<std::uint8_t>(48 * 32 * 4, 0)};
        line_space::drawSegment(image, segment.a, segment.b);
        Settings s;
        s.segments = true, s.lines = 1;
        const nlohmann::json found = nlohmann::json::parse(linesOf(image, s));
        ASSERT_EQ(found.size(), 1u);
        const line_space::Line detected{
            {found[0]["x0"], found[0]["y0"]}, {found[0]["x1"], found[0]["y1"]}, 0};
        EXPECT_LE(line_space::endpointDistance(segment, detected, true), 1.0) << found.dump();
    }
}

// The suite keeps images bottom row first; lines.json counts rows from the top, as the file
// does, with the origin at the top-left pixel's centre.
TEST_F(LineSpaceSampleTest, OutputOriginIsTheTopLeftPixelCentre) {
    cs::Image image{40, 30, std::vector<std::uint8_t>(40 * 30 * 4, 0)};
    line_space::drawSegment(image, {0, 7}, {39, 7});  // row 7 of the file, from its top
    Settings s;
    s.lines = 1;
    for (const char* method : {"linespace", "hough"}) {
        s.method = method;
        const nlohmann::json found = nlohmann::json::parse(linesOf(image, s));
        ASSERT_EQ(found.size(), 1u);
        EXPECT_NEAR(double(found[0]["y0"]), 7.0, 0.5) << method;
        EXPECT_NEAR(double(found[0]["y1"]), 7.0, 0.5) << method;
        EXPECT_NEAR(std::min(double(found[0]["x0"]), double(found[0]["x1"])), 0.0, 0.01);
        EXPECT_NEAR(std::max(double(found[0]["x0"]), double(found[0]["x1"])), 39.0, 0.01);
        EXPECT_EQ(found[0]["score"], 40) << method;
    }
    s.method = "linespace";
    EXPECT_EQ(linesOf(image, s),
              "[\n {\n  \"x0\": 39.0,\n  \"y0\": 7.0,\n  \"x1\": 0.0,\n  \"y1\": 7.0,\n"
              "  \"score\": 40\n }\n]\n");
}

TEST_F(LineSpaceSampleTest, EmptyInputFile) {
    const std::string input = (dir / "empty.png").generic_string();
    cs::writeFileAtomic(input, "");
    expectFailure(run({"--input", input}), 1, "empty.png");
}

TEST_F(LineSpaceSampleTest, InputThatIsNoImage) {
    const std::string input = (dir / "text.png").generic_string();
    cs::writeFileAtomic(input, "not an image\n");
    expectFailure(run({"--input", input}), 1, "text.png");
}

TEST_F(LineSpaceSampleTest, ImagesTooSmallToHoldALine) {
    for (const auto& [width, height] : {std::pair{1, 1}, std::pair{1, 5}, std::pair{7, 1}}) {
        const cs::Image image{width, height,
                              std::vector<std::uint8_t>(std::size_t(width) * height * 4, 255)};
        expectFailure(
            run({"--input", save(image)}), 1,
            "a " + std::to_string(width) + "x" + std::to_string(height) + " image holds no line");
    }
}

TEST_F(LineSpaceSampleTest, ParametersOutOfRange) {
    expectFailure(run({"--set", "lines=0"}), 2, "lines");
    expectFailure(run({"--set", "threshold=0"}), 2, "threshold");
    expectFailure(run({"--set", "threshold=-5"}), 2, "threshold");
    expectFailure(run({"--set", "canny_low=0"}), 2, "canny_low");
    expectFailure(run({"--set", "canny_high=-1"}), 2, "canny_high");
    expectFailure(run({"--set", "suppress=0"}), 2, "suppress");
    expectFailure(run({"--set", "theta_steps=1"}), 2, "theta_steps");
}

TEST_F(LineSpaceSampleTest, ContradictoryParameters) {
    expectFailure(run({"--set", "canny_low=200", "--set", "canny_high=100"}), 2,
                  "canny_low (200) must not exceed canny_high (100)");
    expectFailure(run({"--set", "method=hough", "--set", "segments=true"}), 2,
                  "--set segments has no effect with method=hough");
}

TEST_F(LineSpaceSampleTest, OutputNamesAndBenchOptions) {
    expectFailure(run({"--output", (dir / "lines.txt").generic_string()}), 2, ".json");
    expectFailure(run({"--edges-output", (dir / "edges.jpg").generic_string()}), 2, ".png");
    expectFailure(run({"--bench-sizes", "256"}), 2, "--bench-sizes has no effect without --bench");
    expectFailure(run({"--bench", "--bench-sizes", "256,x"}), 2, "'x'");
    expectFailure(run({"--bench", "--bench-sizes", "1"}), 2, "from 2 to 16384");
}

// --bench-sizes decides the sweep's images before any work: a side whose line space no GL
// holds (a 16384 x 16384 image's is 49149 entries wide) is refused at once, naming it, not
// after the sweep has reached it (51 s and 4.3 GiB before; no timing is asserted).
TEST_F(LineSpaceSampleTest, BenchSizeTooLargeIsRefusedBeforeAnyWork) {
    const std::int64_t before = cs::test::largestChildRss();
    expectFailure(run({"--bench", "--bench-sizes", "16,16384"}), 1,
                  "--bench-sizes 16384: the line space of a 16384x16384 image");
    const std::int64_t oneGiB = std::int64_t(1) << 30;
    if (before < oneGiB) EXPECT_LT(cs::test::largestChildRss(), oneGiB);
}

// A failed run writes none of its outputs.
TEST_F(LineSpaceSampleTest, FailedRunWritesNothing) {
    const std::string output = (dir / "lines.json").generic_string();
    const cs::Image tiny{1, 3, std::vector<std::uint8_t>(12, 255)};
    const cs::ProcessResult result = run({"--input", save(tiny), "--output", output});
    EXPECT_EQ(result.exitCode, 1);
    EXPECT_FALSE(std::filesystem::exists(output));
}

// The Figure 22 and 23 sweeps and the accuracy figures come out, on small sizes.
TEST_F(LineSpaceSampleTest, BenchHasTheThesisFiguresAndAccuracy) {
    const std::string json = (dir / "bench.json").generic_string();
    const cs::ProcessResult result =
        cs::runProcess({kSample, "--headless", "--frames", "1", "--bench", "--bench-sizes", "16,24",
                        "--bench-images", "1", "--input", save(synthetic(32, 24, 3, 0, 1)), "--set",
                        "edges=input", "--bench-json", json});
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const std::string text = cs::readFile(json);
    for (const char* key :
         {"\"line space 16^2\"", "\"line space, shared memory 24^2\"", "\"hough 24^2\"",
          "\"line space / hough 16^2\"", "\"reduce m=1000\"", "\"sort prereduce=4 m=10\"",
          "\"line space precision at 1 px\"", "\"hough recall at 0.5 px\"",
          "\"line space, suppress 16 recall at 2 px\"", "\"line space segments median distance\"",
          "\"line space bandwidth\""})
        EXPECT_NE(text.find(key), std::string::npos) << key << " missing in\n" << text;
}

// The overlay's edits that another setting contradicts bring that setting along (overlay.h),
// on parameters declared as main.cpp declares them; Params::set makes an edit as the overlay
// does (a change, and an entry Params::undoEdits can undo).
TEST(LineSpaceOverlay, AContradictedSettingComesAlong) {
    cs::Params params;
    std::string& method = params.choice("method", "linespace", {"linespace", "hough"}, "");
    bool& segments = params.add("segments", false, "");
    int& low = params.add("canny_low", 40, {1, 1443}, "");
    int& high = params.add("canny_high", 100, {1, 1443}, "");
    params.set("segments", "true");
    params.clearChanged();
    params.keepEdits();
    // What update() calls each frame: nothing to do while nothing is contradicted.
    const auto frame = [&] {
        line_space::keepWorking(params, method == "hough" && segments, low, high);
    };
    frame();
    EXPECT_TRUE(segments);
    EXPECT_FALSE(params.changed({&segments, &low, &high}));

    params.set("method", "hough");  // chosen in the overlay, with segments on
    frame();
    EXPECT_FALSE(segments) << "Hough finds whole lines: choosing it turns segments off";
    EXPECT_TRUE(params.changed(&segments));
    // A run that then fails undoes the choice and what it brought along.
    EXPECT_TRUE(params.undoEdits());
    EXPECT_EQ(method, "linespace");
    EXPECT_TRUE(segments);
    params.clearChanged();

    params.set("canny_low", "150");  // past canny_high: canny_high follows
    frame();
    EXPECT_EQ(low, 150);
    EXPECT_EQ(high, 150);
    EXPECT_TRUE(params.changed({&low, &high})) << "the detection must run again";
    params.keepEdits();

    params.set("canny_high", "20");  // below canny_low: canny_low follows
    frame();
    EXPECT_EQ(high, 20);
    EXPECT_EQ(low, 20);
    EXPECT_TRUE(params.changed({&low, &high})) << "the detection must run again";
}

TEST_F(LineSpaceSampleTest, HelpListsParametersAndOptions) {
    const cs::ProcessResult result = cs::runProcess({kSample, "--help"});
    EXPECT_EQ(result.exitCode, 0);
    for (const char* text :
         {"method=linespace", "linespace|hough", "interpret=reduce", "threshold|reduce|sort",
          "--edges-output", "--space-output", "--bench-sizes"})
        EXPECT_NE(result.out.find(text), std::string::npos) << text << "\n" << result.out;
}

}  // namespace
