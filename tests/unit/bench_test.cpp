// The benchmark report (app/bench.h): statistics, figures as fractions of their roofline,
// and the flag on a figure that a calibration puts above 1.0.
#include "app/bench.h"

#include <gtest/gtest.h>

namespace {

cs::Calibration calibration() {
    cs::Calibration c;
    c.copyGBps = 100.0;
    c.shaderCopyGBps = 90.0;
    c.apiCopyGBps = 100.0;
    c.fmaGflops = 1000.0;
    c.copySpread = 0.05;
    c.fmaSpread = 0.02;
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

    const std::string json = cs::benchJson(report);
    EXPECT_NE(json.find("\"name\": \"too fast\", \"value\": 200, \"unit\": \"GB/s\", "
                        "\"fraction\": 2, \"of\": \"copy\", \"above_roofline\": true"),
              std::string::npos)
        << json;
    EXPECT_NE(json.find("\"above_roofline\": false"), std::string::npos) << json;
    for (const char* key : {"\"copy_kernel_gbps\": 90", "\"copy_api_gbps\": 100",
                            "\"copy_spread\": 0.05", "\"fma_spread\": 0.02"})
        EXPECT_NE(json.find(key), std::string::npos) << key << " in\n" << json;
}

}  // namespace
