// The compaction sample as a user runs it: raw float32 volumes in, the active voxels'
// indices out, compared with a CPU copy_if for every method and both selections, on fields
// of awkward sizes and densities; the metaballs, on which the four methods must agree; every
// bad input it must refuse; and --bench-json.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <numeric>
#include <random>

#include "support/process.h"
#include "support/sample_test.h"
#include "util/file.h"

namespace fs = std::filesystem;

namespace {

const std::string kCompaction = cs::test::SampleTest::samplePath("compaction");
const char* const kMethods[] = {"histopyramid", "histopyramid_vec4", "scan", "atomic"};

struct Volume {
    int nx = 1, ny = 1, nz = 1;
    std::vector<float> values;
    float at(int x, int y, int z) const { return values[x + nx * (y + ny * z)]; }
};

// The CPU reference: copy_if over the voxels in index order. Surface: at or above the
// threshold with a neighbour inside the volume below it.
std::vector<std::uint32_t> activeOnCpu(const Volume& v, float threshold, bool surface) {
    std::vector<std::uint32_t> kept;
    const int steps[6][3] = {{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}};
    for (int z = 0; z < v.nz; ++z)
        for (int y = 0; y < v.ny; ++y)
            for (int x = 0; x < v.nx; ++x) {
                bool active = v.at(x, y, z) >= threshold;
                if (active && surface) {
                    active = false;
                    for (const auto& s : steps) {
                        const int a = x + s[0], b = y + s[1], c = z + s[2];
                        if (a >= 0 && b >= 0 && c >= 0 && a < v.nx && b < v.ny && c < v.nz &&
                            v.at(a, b, c) < threshold)
                            active = true;
                    }
                }
                if (active) kept.push_back(std::uint32_t(x + v.nx * (y + v.ny * z)));
            }
    return kept;
}

Volume randomVolume(int nx, int ny, int nz, unsigned seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> unit(0.0f, 1.0f);
    Volume v{nx, ny, nz, std::vector<float>(std::size_t(nx) * ny * nz)};
    for (float& value : v.values) value = unit(random);
    return v;
}

std::vector<std::uint32_t> readIndices(const std::string& path) {
    const std::string bytes = cs::readFile(path);
    std::vector<std::uint32_t> indices(bytes.size() / 4);
    std::memcpy(indices.data(), bytes.data(), indices.size() * 4);
    EXPECT_EQ(bytes.size() % 4, 0u) << path;
    return indices;
}

class CompactionTest : public cs::test::SampleTest {
protected:
    cs::ProcessResult compaction(std::vector<std::string> args) {
        args.insert(args.begin(),
                    {kCompaction, "--headless", "--frames", "1", "--no-ui", "--size", "64x64"});
        return cs::runProcess(args);
    }

    static std::vector<std::string> sizeSets(int nx, int ny, int nz) {
        return {"--set", "nx=" + std::to_string(nx), "--set", "ny=" + std::to_string(ny),
                "--set", "nz=" + std::to_string(nz)};
    }

    // The sample's --output for `volume` with `method`, `threshold` and `select`.
    std::vector<std::uint32_t> compactWithSample(const Volume& volume, const std::string& method,
                                                 float threshold, const std::string& select) {
        const std::string input = (dir / "in.f32").generic_string(),
                          output = (dir / "out.u32").generic_string();
        cs::writeFileAtomic(input, volume.values.data(), volume.values.size() * 4);
        fs::remove(output);
        std::vector<std::string> args = sizeSets(volume.nx, volume.ny, volume.nz);
        args.insert(args.end(),
                    {"--input", input, "--output", output, "--set", "method=" + method, "--set",
                     "threshold=" + std::to_string(threshold), "--set", "select=" + select});
        const cs::ProcessResult run = compaction(args);
        EXPECT_EQ(run.exitCode, 0) << run.err;
        return run.exitCode == 0 ? readIndices(output) : std::vector<std::uint32_t>{};
    }
};

// Sizes that are no power of two (the pyramid's base is not a power of four), one voxel,
// and a volume one voxel thick; each method, both selections.
TEST_F(CompactionTest, EveryMethodEqualsCopyIfOnRandomFields) {
    for (const auto& [nx, ny, nz] :
         {std::tuple{1, 1, 1}, std::tuple{7, 5, 3}, std::tuple{33, 17, 9}, std::tuple{50, 1, 21}}) {
        const Volume volume = randomVolume(nx, ny, nz, unsigned(nx * ny * nz));
        for (const char* select : {"above", "surface"}) {
            const auto expected = activeOnCpu(volume, 0.7f, std::string(select) == "surface");
            for (const char* method : kMethods)
                EXPECT_EQ(compactWithSample(volume, method, 0.7f, select), expected)
                    << method << " " << select << " " << nx << "x" << ny << "x" << nz;
        }
    }
}

// All active, none active, and a single active voxel in the last cell.
TEST_F(CompactionTest, EveryMethodOnAllNoneAndTheLastVoxel) {
    Volume volume = randomVolume(19, 11, 6, 3);
    Volume last{19, 11, 6, std::vector<float>(19 * 11 * 6, 0.0f)};
    last.values.back() = 1.0f;
    // Every value of `raised` is at least 1, above the threshold 0.5.
    Volume raised = volume;
    for (float& value : raised.values) value += 1.0f;
    std::vector<std::uint32_t> every(raised.values.size());
    std::iota(every.begin(), every.end(), 0u);
    for (const char* method : kMethods) {
        EXPECT_EQ(compactWithSample(raised, method, 0.5f, "above"), every) << method << ": all";
        EXPECT_TRUE(compactWithSample(volume, method, 2.0f, "above").empty()) << method;
        EXPECT_TRUE(compactWithSample(raised, method, 0.5f, "surface").empty())
            << method << ": an all-active volume has no surface";
        EXPECT_EQ(compactWithSample(last, method, 0.5f, "above"),
                  std::vector<std::uint32_t>{19 * 11 * 6 - 1})
            << method << ": the last voxel";
    }
}

// The generated metaballs, over several frames: every method gives the same, ascending, set.
TEST_F(CompactionTest, MethodsAgreeOnTheMetaballs) {
    std::vector<std::uint32_t> first;
    for (const char* method : kMethods) {
        const std::string output = (dir / (std::string(method) + ".u32")).generic_string();
        std::vector<std::string> args = sizeSets(40, 36, 30);
        args.insert(args.end(), {"--frames", "3", "--output", output, "--set",
                                 std::string("method=") + method});
        const cs::ProcessResult run = compaction(args);
        ASSERT_EQ(run.exitCode, 0) << run.err;
        const auto indices = readIndices(output);
        EXPECT_FALSE(indices.empty()) << method;
        EXPECT_TRUE(std::is_sorted(indices.begin(), indices.end())) << method;
        EXPECT_TRUE(std::adjacent_find(indices.begin(), indices.end()) == indices.end()) << method;
        if (first.empty()) first = indices;
        EXPECT_EQ(indices, first) << method << " differs from " << kMethods[0];
    }
}

TEST_F(CompactionTest, FileSizeThatDoesNotMatchTheDimensions) {
    const std::string input = (dir / "short.f32").generic_string();
    cs::writeFileAtomic(input, std::string(4 * 26, '\0'));
    std::vector<std::string> args = sizeSets(3, 3, 3);
    args.insert(args.end(), {"--input", input});
    expectFailure(compaction(args), 1,
                  "short.f32: 104 bytes; nx*ny*nz = 3*3*3 float32 values need 108");
}

// A file longer than the volume is refused with the largest size the volume allows (for
// 4*4*4 it said "257 bytes or more", the size at which the read had stopped).
TEST_F(CompactionTest, FileLongerThanTheDimensions) {
    const std::string input = (dir / "long.f32").generic_string();
    std::vector<std::string> args = sizeSets(4, 4, 4);
    args.insert(args.end(), {"--input", input});
    for (const size_t bytes : {4 * 64 + 1, 4 * 65, 4 * 1000}) {
        SCOPED_TRACE(bytes);
        cs::writeFileAtomic(input, std::string(bytes, '\0'));
        expectFailure(compaction(args), 1,
                      "long.f32: larger than 256 bytes (nx*ny*nz = 4*4*4 float32 values)");
    }
}

TEST_F(CompactionTest, NonFiniteValueInTheFile) {
    const std::string input = (dir / "nan.f32").generic_string();
    std::vector<float> values(8, 0.5f);
    values[5] = std::numeric_limits<float>::quiet_NaN();
    cs::writeFileAtomic(input, values.data(), values.size() * 4);
    std::vector<std::string> args = sizeSets(2, 2, 2);
    args.insert(args.end(), {"--input", input});
    expectFailure(compaction(args), 1, "nan.f32: value 5 is not a finite number");
}

TEST_F(CompactionTest, ZeroDimensionAndNonFiniteThreshold) {
    expectFailure(compaction({"--set", "ny=0"}), 2, "parameter 'ny' = 0 is out of range [1, 4096]");
    expectFailure(compaction({"--set", "threshold=nan"}), 2, "expects a finite number");
    expectFailure(compaction({"--set", "threshold=inf"}), 2, "expects a finite number");
}

// The threshold's slider spans [0.05, 20] (main.cpp, sliderRange): from either end of it the
// metaballs keep some voxels and drop others, so no end of the slider leaves an empty picture
// (issue 21). The command line keeps its range: any finite number.
TEST_F(CompactionTest, EitherEndOfTheThresholdSliderShowsTheMetaballs) {
    const std::uint32_t voxels = 64 * 64 * 64;
    for (const std::string end : {"0.05", "20"}) {
        const std::string output = (dir / "kept.u32").generic_string();
        std::vector<std::string> args = sizeSets(64, 64, 64);
        args.insert(args.end(), {"--set", "threshold=" + end, "--output", output});
        const cs::ProcessResult run = compaction(args);
        ASSERT_EQ(run.exitCode, 0) << run.err;
        const std::size_t kept = readIndices(output).size();
        EXPECT_GT(kept, 0u) << "threshold=" << end << " keeps no voxel";
        EXPECT_LT(kept, voxels) << "threshold=" << end << " keeps every voxel";
    }
    const std::string output = (dir / "all.u32").generic_string();
    std::vector<std::string> args = sizeSets(4, 4, 4);
    args.insert(args.end(), {"--set", "threshold=-1", "--set", "select=above", "--output", output});
    const cs::ProcessResult run = compaction(args);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(readIndices(output).size(), 64u) << "threshold=-1 keeps every voxel";
}

// Past 2^31 voxels on any device; past the device's storage block below that, where it has
// one (the limit is queried, not assumed).
TEST_F(CompactionTest, VolumeBeyondTheDevice) {
    expectFailure(compaction(sizeSets(4096, 4096, 129)), 1, "more than 2^31 voxels");
    const std::string block = glInfo("max SSBO size:");
    const double maxBlock = block.empty() ? 0 : std::stod(block);
    if (maxBlock <= 0 || maxBlock >= 4.0 * 4096 * 4096 * 128)
        GTEST_SKIP() << "this GL's storage blocks hold any volume of at most 2^31 voxels";
    const int nz = int(std::min(128.0, std::floor(maxBlock / (4.0 * 4096 * 4096)) + 1));
    expectFailure(compaction(sizeSets(4096, 4096, nz)), 1, "GL_MAX_SHADER_STORAGE_BLOCK_SIZE");
}

TEST_F(CompactionTest, OptionsThatWouldBeIgnoredAreRefused) {
    const std::string input = (dir / "in.f32").generic_string();
    cs::writeFileAtomic(input, std::string(4, '\0'));
    std::vector<std::string> args = sizeSets(1, 1, 1);
    args.insert(args.end(), {"--input", input, "--set", "animate=false"});
    expectFailure(compaction(args), 2, "--set animate has no effect with --input");
    expectFailure(compaction({"--bench-max-edge", "64"}), 2,
                  "--bench-max-edge has no effect without --bench");
    expectFailure(compaction({"--set", "method=radix"}), 2, "histopyramid, histopyramid_vec4");
}

TEST_F(CompactionTest, UnwritableOutputLeavesNothingBehind) {
    const fs::path missing = dir / "missing";
    expectFailure(compaction({"--output", (missing / "out.u32").generic_string()}), 1, "out.u32");
    EXPECT_FALSE(fs::exists(missing));
}

TEST_F(CompactionTest, BenchJsonHasEveryMethodAndTheRatios) {
    const std::string json = (dir / "bench.json").generic_string();
    std::vector<std::string> args = sizeSets(16, 16, 16);
    args.insert(args.end(), {"--bench-max-edge", "64", "--bench-json", json});
    const cs::ProcessResult run = compaction(args);
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const std::string text = cs::readFile(json);
    for (const char* key :
         {"\"copy_gbps\"", "\"histopyramid 64^3 at 0.01%\"", "\"histopyramid_vec4 64^3 at 50%\"",
          "\"scan 64^3 at 1% time\"", "\"atomic 64^3 at 10%\"", "\"histopyramid/scan 64^3 at 1%\"",
          "\"histopyramid_vec4/histopyramid 64^3 at 0.1%\"", "\"atomic/scan 64^3 at 50%\"",
          "\"histopyramid build/traversal 64^3 at 1%\"", "\"of\": \"copy\"",
          "\"--bench-max-edge\""})
        EXPECT_NE(text.find(key), std::string::npos) << key << " missing in\n" << text;
    EXPECT_EQ(text.find("128^3"), std::string::npos) << "--bench-max-edge 64 went past 64^3";
}

}  // namespace
