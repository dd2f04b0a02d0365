// The prefix_sum sample as a user runs it: raw uint32/float32 files in and out, compared
// with scans computed on the CPU (exactly for uint, within a stated bound for float), for
// every algorithm and mode; every kind of bad input it must refuse; and --bench-json.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <limits>
#include <random>

#include "support/process.h"
#include "support/sample_test.h"
#include "util/file.h"
#include "util/image.h"

namespace fs = std::filesystem;

namespace {

const std::string kPrefixSum = cs::test::SampleTest::samplePath("prefix_sum");

// The CPU reference, with C++ unsigned arithmetic: sums wrap modulo 2^32 like the GPU's.
std::vector<std::uint32_t> scanOnCpu(const std::vector<std::uint32_t>& values, bool exclusive) {
    std::vector<std::uint32_t> out(values.size());
    std::uint32_t sum = 0;
    for (size_t i = 0; i < values.size(); ++i) {
        if (exclusive) out[i] = sum;
        sum += values[i];
        if (!exclusive) out[i] = sum;
    }
    return out;
}

std::vector<std::uint32_t> randomUints(size_t count, unsigned seed) {
    std::mt19937 random(seed);
    std::vector<std::uint32_t> values(count);
    for (auto& v : values) v = random();  // full range: the sums wrap many times
    return values;
}

template <typename T>
void writeValues(const std::string& path, const std::vector<T>& values) {
    cs::writeFileAtomic(path, values.data(), values.size() * sizeof(T));
}

template <typename T>
std::vector<T> readValues(const std::string& path) {
    const std::string bytes = cs::readFile(path);
    std::vector<T> values(bytes.size() / sizeof(T));
    std::memcpy(values.data(), bytes.data(), values.size() * sizeof(T));
    EXPECT_EQ(bytes.size(), values.size() * sizeof(T)) << path;
    return values;
}

class PrefixSumTest : public cs::test::SampleTest {
protected:
    cs::ProcessResult prefixSum(std::vector<std::string> args) {
        args.insert(args.begin(), {kPrefixSum, "--headless", "--frames", "1", "--no-ui"});
        return cs::runProcess(args);
    }

    // Scans `values` with the sample and returns what it wrote to --output.
    template <typename T>
    std::vector<T> scanWithSample(const std::vector<T>& values, const std::string& type,
                                  const std::string& algorithm, const std::string& mode) {
        const std::string input = (dir / "in.bin").generic_string(),
                          output = (dir / "out.bin").generic_string();
        writeValues(input, values);
        fs::remove(output);
        const cs::ProcessResult run =
            prefixSum({"--input", input, "--output", output, "--set", "type=" + type, "--set",
                       "algorithm=" + algorithm, "--set", "mode=" + mode});
        EXPECT_EQ(run.exitCode, 0) << run.err;
        return run.exitCode == 0 ? readValues<T>(output) : std::vector<T>{};
    }
};

// Around the single-group capacity and reduce-then-scan's tile (2048), and 2^20 + 3, which
// takes reduce-then-scan three levels deep and the single pass over 257 tiles of 4096, both
// with a ragged end.
TEST_F(PrefixSumTest, LibraryUintEqualsCpuExactly) {
    for (size_t length : {1u, 2u, 1023u, 1024u, 1025u, 4097u, (1u << 20) + 3}) {
        const auto values = randomUints(length, unsigned(length));
        for (const char* mode : {"inclusive", "exclusive"}) {
            const bool exclusive = std::string(mode) == "exclusive";
            for (const char* algorithm : {"library", "reduce_then_scan"})
                EXPECT_TRUE(scanWithSample(values, "uint", algorithm, mode) ==
                            scanOnCpu(values, exclusive))
                    << "length " << length << " " << mode << " " << algorithm;
        }
    }
}

TEST_F(PrefixSumTest, SingleGroupUintEqualsCpuExactly) {
    for (size_t length : {1u, 2u, 7u, 1024u, 2048u}) {
        const auto values = randomUints(length, unsigned(length) + 100);
        for (const char* mode : {"inclusive", "exclusive"}) {
            const bool exclusive = std::string(mode) == "exclusive";
            EXPECT_TRUE(scanWithSample(values, "uint", "single_group", mode) ==
                        scanOnCpu(values, exclusive))
                << "length " << length << " " << mode;
        }
    }
}

// The labels show CPU copies of the results, taken in update() when the results change, and
// --output writes the same copy: a run with the overlay (wide enough bars to label) over
// several frames still writes the exact scan, for both algorithms.
TEST_F(PrefixSumTest, OutputIsTheCopyTheLabelsShow) {
    const auto values = randomUints(16, 3);
    const std::string input = (dir / "in.bin").generic_string(),
                      output = (dir / "out.bin").generic_string();
    writeValues(input, values);
    for (const char* algorithm : {"library", "reduce_then_scan", "single_group"}) {
        fs::remove(output);
        const cs::ProcessResult run = cs::runProcess(
            {kPrefixSum, "--headless", "--frames", "3", "--input", input, "--output", output,
             "--set", std::string("algorithm=") + algorithm, "--set", "mode=exclusive"});
        ASSERT_EQ(run.exitCode, 0) << run.err;
        EXPECT_EQ(readValues<std::uint32_t>(output), scanOnCpu(values, true)) << algorithm;
    }
}

// float: every algorithm adds in a tree order, not left to right, so the result differs from
// the exact sum by rounding, by at most (roundings on the way) * 2^-24 * (sum of |inputs| so
// far) to first order. single_group.comp's outputs pass through at most 11 additions (one per
// step), so 12 units bound it; the library's bounds, 128 units for reduce-then-scan and 128 +
// 3 per tile for the single pass (here 25 tiles of 4096), are argued in tests/gl/scan_test.cpp.
// The runs observe less than one unit.
TEST_F(PrefixSumTest, FloatWithinBoundOfDoubleScan) {
    const double unitRoundoff = std::ldexp(1.0, -24);
    std::mt19937 random(5);
    std::uniform_real_distribution<float> signedUnit(-1.0f, 1.0f);
    struct Case {
        std::string algorithm;
        size_t length;
        double units;
    };
    for (const Case& c : {Case{"single_group", 2048, 12}, Case{"reduce_then_scan", 100003, 128},
                          Case{"library", 100003, 128 + 3 * 25}}) {
        std::vector<float> values(c.length);
        for (float& v : values) v = signedUnit(random);
        for (const char* mode : {"inclusive", "exclusive"}) {
            const bool exclusive = std::string(mode) == "exclusive";
            const auto actual = scanWithSample(values, "float", c.algorithm, mode);
            ASSERT_EQ(actual.size(), c.length) << c.algorithm << " " << mode;
            double exact = 0.0, absoluteSum = 0.0;
            for (size_t i = 0; i < c.length; ++i) {
                if (!exclusive) exact += values[i], absoluteSum += std::abs(values[i]);
                ASSERT_LE(std::abs(double(actual[i]) - exact), c.units * unitRoundoff * absoluteSum)
                    << c.algorithm << " " << mode << " element " << i;
                if (exclusive) exact += values[i], absoluteSum += std::abs(values[i]);
            }
        }
    }
}

TEST_F(PrefixSumTest, SingleGroupRefusesMoreThan2048) {
    const std::string input = (dir / "big.bin").generic_string();
    writeValues(input, randomUints(2049, 1));
    expectFailure(prefixSum({"--input", input, "--set", "algorithm=single_group"}), 2,
                  "at most 2048 elements");
}

// step does nothing past one work group's 2048 elements: --set step is refused once the
// input's length is known, as it is for any setting with no effect.
TEST_F(PrefixSumTest, StepIsRefusedPast2048Elements) {
    const std::string input = (dir / "big.bin").generic_string();
    writeValues(input, randomUints(2049, 1));
    expectFailure(prefixSum({"--input", input, "--set", "step=3"}), 2,
                  "--set step has no effect past 2048 elements");
    const std::string fits = (dir / "fits.bin").generic_string();
    writeValues(fits, randomUints(2048, 1));
    const cs::ProcessResult result = prefixSum({"--input", fits, "--set", "step=3"});
    EXPECT_EQ(result.exitCode, 0) << result.err;
}

TEST_F(PrefixSumTest, EmptyInputFile) {
    const std::string input = (dir / "empty.bin").generic_string();
    cs::writeFileAtomic(input, "");
    expectFailure(prefixSum({"--input", input}), 1, "empty.bin: empty file");
}

TEST_F(PrefixSumTest, InputSizeNotAMultipleOfFour) {
    const std::string input = (dir / "ragged.bin").generic_string();
    cs::writeFileAtomic(input, std::string(4099, '\1'));
    expectFailure(prefixSum({"--input", input}), 1, "4099 bytes is not a whole number");
}

TEST_F(PrefixSumTest, MissingInputFile) {
    expectFailure(prefixSum({"--input", (dir / "nope.bin").generic_string()}), 1, "nope.bin");
}

// As in every sample's state file, a NaN or an infinity in float input is refused, named by
// its index, and nothing is written. The same bits as uint32 are plain numbers.
TEST_F(PrefixSumTest, NonFiniteFloatInputIsRefused) {
    const std::string input = (dir / "in.bin").generic_string(),
                      output = (dir / "out.bin").generic_string();
    const float nan = std::numeric_limits<float>::quiet_NaN();
    const float inf = std::numeric_limits<float>::infinity();
    for (const float bad : {nan, inf, -inf}) {
        SCOPED_TRACE(bad);
        writeValues(input, std::vector<float>{1.0f, 2.0f, bad, 3.0f, nan});
        expectFailure(prefixSum({"--input", input, "--output", output, "--set", "type=float"}), 1,
                      "in.bin: value 2 is not a finite number");
        EXPECT_FALSE(fs::exists(output));
    }
    const cs::ProcessResult asUint = prefixSum({"--input", input, "--output", output});
    EXPECT_EQ(asUint.exitCode, 0) << asUint.err;
}

// Finite floats whose sum passes the largest float (3.4e38) would scan into infinities: the
// run fails, naming the element where the sum stops being finite (element 2 here, in every
// order of addition: no output before it can overflow), and writes nothing. An exclusive
// scan's first infinite output is one later, and names the same element.
TEST_F(PrefixSumTest, FloatSumsThatOverflowAreARuntimeError) {
    const std::string input = (dir / "in.bin").generic_string(),
                      output = (dir / "out.bin").generic_string();
    writeValues(input, std::vector<float>{1.0f, 3e38f, 3e38f, 1.0f, 1.0f});
    for (const char* algorithm : {"library", "reduce_then_scan", "single_group"})
        for (const char* mode : {"inclusive", "exclusive"}) {
            SCOPED_TRACE(std::string(algorithm) + " " + mode);
            expectFailure(prefixSum({"--input", input, "--output", output, "--set", "type=float",
                                     "--set", std::string("algorithm=") + algorithm, "--set",
                                     std::string("mode=") + mode}),
                          1, "in.bin: the float sum stops being finite at element 2");
            EXPECT_FALSE(fs::exists(output));
        }
}

TEST_F(PrefixSumTest, UnknownType) {
    expectFailure(prefixSum({"--set", "type=double"}), 2, "uint, float");
}

// Settings that would change nothing are refused, not silently ignored.
TEST_F(PrefixSumTest, SettingsThatWouldBeIgnoredAreRefused) {
    const std::string input = (dir / "in.bin").generic_string();
    writeValues(input, randomUints(8, 1));
    expectFailure(prefixSum({"--input", input, "--set", "elements=5"}), 2,
                  "--set elements has no effect with --input: the array comes from the file");
    expectFailure(prefixSum({"--bench-max-log2", "18"}), 2,
                  "--bench-max-log2 has no effect without --bench");
}

// --bench-max-log2 steers only --bench, so it is the sample's own option, not a parameter of
// the overlay: --help lists it with its default and range, and --set does not take it.
TEST_F(PrefixSumTest, BenchMaxLog2IsAnOptionListedInHelp) {
    const cs::ProcessResult help = cs::runProcess({kPrefixSum, "--help"});
    ASSERT_EQ(help.exitCode, 0) << help.err;
    const size_t own = help.out.find("prefix_sum's own options:");
    ASSERT_NE(own, std::string::npos) << help.out;
    const size_t line = help.out.find("--bench-max-log2=28", own);
    ASSERT_NE(line, std::string::npos) << help.out;
    const std::string rest = help.out.substr(line, help.out.find('\n', line) - line);
    EXPECT_NE(rest.find("[16, 28]"), std::string::npos) << rest;
    EXPECT_NE(rest.find("largest array of the --bench sweep"), std::string::npos) << rest;
    expectFailure(prefixSum({"--set", "bench_max_log2=18"}), 2,
                  "unknown parameter 'bench_max_log2'");
    expectFailure(prefixSum({"--bench", "--bench-max-log2", "30"}), 2,
                  "--bench-max-log2 30 is out of range [16, 28]");
}

TEST_F(PrefixSumTest, UnwritableOutputLeavesNothingBehind) {
    const fs::path missing = dir / "missing";
    expectFailure(prefixSum({"--output", (missing / "out.bin").generic_string()}), 1, "out.bin");
    EXPECT_FALSE(fs::exists(missing));
}

// Without --input the sample scans an array generated from --seed. (Exactness of the scan
// itself is tested through --input above; here, that the generated path is the seed's.)
TEST_F(PrefixSumTest, GeneratedArrayIsScannedAndFollowsTheSeed) {
    auto scanGenerated = [&](const std::string& seed) {
        const std::string output = (dir / ("out-" + seed + ".bin")).generic_string();
        const cs::ProcessResult run =
            prefixSum({"--output", output, "--set", "elements=100", "--seed", seed});
        EXPECT_EQ(run.exitCode, 0) << run.err;
        return readValues<std::uint32_t>(output);
    };
    const auto sums = scanGenerated("7");
    ASSERT_EQ(sums.size(), 100u);
    // The generated values are 1..9, so the inclusive sums rise by 1..9 each step.
    for (size_t i = 0; i < sums.size(); ++i) {
        const std::uint32_t step = sums[i] - (i ? sums[i - 1] : 0);
        EXPECT_TRUE(step >= 1 && step <= 9) << "element " << i;
    }
    EXPECT_EQ(scanGenerated("7"), sums) << "the same seed must give the same array";
    EXPECT_NE(scanGenerated("8"), sums) << "another seed must give another array";
}

// A seed is 32 bits; 2^32 is refused, not cut to 32 bits, where it would give seed 0's array.
TEST_F(PrefixSumTest, SeedAbove32BitsIsRefused) {
    expectFailure(prefixSum({"--seed", "4294967296"}), 2,
                  "--seed expects an integer in [0, 4294967295], got '4294967296'");
}

// The step view has a scale of its own. On the result's, the sum of 2048 inputs of 1..9
// (about 10,000), the input (step 0) and the first steps' short blocks were bars thinner
// than a pixel, and the middle plot was empty. Here each of those steps fills a good part of
// the middle third of the frame, where the middle plot lies (the bars are bright, the
// background dark).
TEST_F(PrefixSumTest, StepViewFillsItsPlotOnALongArray) {
    for (const int step : {0, 1, 3}) {
        SCOPED_TRACE("step " + std::to_string(step));
        const std::string shot = (dir / ("step" + std::to_string(step) + ".png")).generic_string();
        const cs::ProcessResult run =
            prefixSum({"--size", "640x360", "--set", "elements=2048", "--set",
                       "step=" + std::to_string(step), "--screenshot", shot});
        ASSERT_EQ(run.exitCode, 0) << run.err;
        const cs::Image image = cs::loadImage(shot);
        std::size_t bright = 0, pixels = 0;
        for (int y = image.height / 3; y < 2 * image.height / 3; ++y)
            for (int x = 0; x < image.width; ++x, ++pixels) {
                const std::uint8_t* rgb = &image.rgba[4 * (std::size_t(y) * image.width + x)];
                if (std::max({rgb[0], rgb[1], rgb[2]}) > 100) ++bright;
            }
        EXPECT_GT(bright, pixels / 10) << bright << " bar pixels of " << pixels;
    }
}

// Both of the library's algorithms side by side, as rates and fractions of copy, their ratio,
// and the CPU's rate.
TEST_F(PrefixSumTest, BenchJsonHasGpuAndCpuFigures) {
    const std::string json = (dir / "bench.json").generic_string();
    const cs::ProcessResult run = cs::runProcess({kPrefixSum, "--headless", "--frames", "1",
                                                  "--bench-max-log2", "18", "--bench-json", json});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const std::string text = cs::readFile(json);
    for (const char* key :
         {"\"copy_gbps\"", "\"single pass 2^16\"", "\"single pass 2^18\"",
          "\"reduce-then-scan 2^16\"", "\"reduce-then-scan 2^18\"",
          "\"single pass / reduce-then-scan 2^18\"", "\"CPU std::inclusive_scan 2^16\"",
          "\"CPU std::inclusive_scan 2^18\"", "\"Gelem/s\"", "\"of\": \"copy\"", "\"timing\""})
        EXPECT_NE(text.find(key), std::string::npos) << key << " missing in\n" << text;
    EXPECT_EQ(text.find("2^20"), std::string::npos) << "--bench-max-log2 18 went past 2^18";
}

}  // namespace
