// The benchmark report (bench/report.h): statistics, figures as fractions of their roofline,
// and the flag on a figure that a calibration puts above 1.0.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "bench/report.h"

namespace {

cs::Calibration calibration() {
    cs::Calibration c;
    c.copyGBps = 100.0;
    c.shaderCopyGBps = 90.0;
    c.apiCopyGBps = 100.0;
    c.fmaGflops = 1000.0;
    c.copySpread = 0.05;
    c.fmaSpread = 0.02;
    c.copyWay = "glCopyBufferSubData, 256 MiB buffers";
    c.copyVariants = {{"kernel x4, 256 MiB windows", 90.0}, {"glCopyBufferSubData", 100.0}};
    return c;
}

TEST(Bench, SummarizeGivesMedianMinAndMax) {
    const cs::PassStats odd = cs::summarize({3.0, 1.0, 2.0});
    EXPECT_EQ(odd.medianMs, 2.0);
    EXPECT_EQ(odd.minMs, 1.0);
    EXPECT_EQ(odd.maxMs, 3.0);
    EXPECT_EQ(odd.samples, 3);
    EXPECT_EQ(cs::summarize({4.0, 1.0, 2.0, 3.0}).medianMs, 2.5);
    EXPECT_EQ(cs::summarize({}).samples, 0);
}

TEST(Bench, FiguresAreFractionsOfTheirRoofline) {
    // 1 GB in 20 ms is 50 GB/s, half the copy rate; 1 GFLOP in 2 ms is 500 GFLOP/s.
    const cs::BenchFigure copy = cs::bandwidthFigure("copy-like", 1e9, 20.0, calibration());
    EXPECT_DOUBLE_EQ(copy.value, 50.0);
    EXPECT_DOUBLE_EQ(copy.fraction, 0.5);
    EXPECT_EQ(copy.of, "copy");
    EXPECT_FALSE(copy.aboveRoofline());
    const cs::BenchFigure flops = cs::flopsFigure("fma-like", 1e9, 2.0, calibration());
    EXPECT_DOUBLE_EQ(flops.fraction, 0.5);
    EXPECT_EQ(flops.of, "fma");
}

TEST(Bench, AFigureAboveItsRooflineIsFlagged) {
    cs::BenchReport report;
    report.sample = "probe";
    report.calibration = calibration();
    report.figures = {cs::bandwidthFigure("too fast", 1e9, 5.0, report.calibration),  // 2.0
                      cs::bandwidthFigure("fine", 1e9, 20.0, report.calibration),
                      {"no roofline", 7.0, "x", 0.0, ""}};
    ASSERT_TRUE(report.figures[0].aboveRoofline());
    EXPECT_FALSE(report.figures[2].aboveRoofline());

    const std::string text = cs::benchText(report);
    EXPECT_NE(text.find("too fast: 200 GB/s = 2.000 of copy  ABOVE ITS ROOFLINE"),
              std::string::npos)
        << text;
    EXPECT_EQ(text.find("ABOVE"), text.rfind("ABOVE")) << "only the one figure\n" << text;
    EXPECT_NE(text.find("kernel 90.00, glCopyBufferSubData 100.00"), std::string::npos) << text;
    EXPECT_NE(text.find("repeats within 5%"), std::string::npos) << text;

    const nlohmann::json json = nlohmann::json::parse(cs::benchJson(report));
    const nlohmann::json& tooFast = json["figures"][0];
    EXPECT_EQ(tooFast["name"], "too fast");
    EXPECT_EQ(tooFast["value"], 200.0);
    EXPECT_EQ(tooFast["unit"], "GB/s");
    EXPECT_EQ(tooFast["fraction"], 2.0);
    EXPECT_EQ(tooFast["of"], "copy");
    EXPECT_EQ(tooFast["above_roofline"], true);
    EXPECT_EQ(json["figures"][1]["above_roofline"], false);
    EXPECT_FALSE(json["figures"][2].contains("above_roofline")) << "no roofline, no flag";
    EXPECT_EQ(json["calibration"]["copy_kernel_gbps"], 90.0);
    EXPECT_EQ(json["calibration"]["copy_api_gbps"], 100.0);
    EXPECT_EQ(json["calibration"]["copy_spread"], 0.05);
    EXPECT_EQ(json["calibration"]["fma_spread"], 0.02);
    EXPECT_EQ(json["calibration"]["copy_way"], "glCopyBufferSubData, 256 MiB buffers");
    EXPECT_EQ(json["calibration"]["copy_variants"]["kernel x4, 256 MiB windows"], 90.0);
    EXPECT_EQ(json["calibration"]["copy_variants"]["glCopyBufferSubData"], 100.0);
    EXPECT_NE(text.find("copy roofline: glCopyBufferSubData, 256 MiB buffers"), std::string::npos)
        << text;
}

// CS_BENCH_COPY_SIZES' figures: one line each in the text, one entry each in the JSON.
TEST(Bench, CopySizesAreReported) {
    cs::BenchReport report;
    report.sample = "probe";
    report.calibration = calibration();
    report.calibration.copySizes = {{"kernel x4, 256 MiB windows", 1024, 3900.5}};
    EXPECT_NE(cs::benchText(report).find("copy of 1024 MiB, kernel x4, 256 MiB windows: 3900.50 "
                                         "GB/s"),
              std::string::npos)
        << cs::benchText(report);
    const nlohmann::json json = nlohmann::json::parse(cs::benchJson(report));
    const nlohmann::json& size = json["calibration"]["copy_sizes"][0];
    EXPECT_EQ(size["variant"], "kernel x4, 256 MiB windows");
    EXPECT_EQ(size["mib"], 1024);
    EXPECT_EQ(size["gbps"], 3900.5);
    EXPECT_FALSE(nlohmann::json::parse(cs::benchJson({}))["calibration"].contains("copy_sizes"));
}

TEST(Bench, JsonEscapesWhatItCarries) {
    cs::BenchReport report;
    report.sample = "probe";
    report.device = "a \"quoted\" device\nwith a newline";
    report.params["file"] = "C:\\path";
    const nlohmann::json json = nlohmann::json::parse(cs::benchJson(report));
    EXPECT_EQ(json["device"], report.device);
    EXPECT_EQ(json["params"]["file"], "C:\\path");
}

}  // namespace
