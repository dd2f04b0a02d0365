// The cloth sample as a user runs it: a point file in, K steps, a point file out. The GPU
// against the sample's own CPU solver (compute=cpu: the same steps on one thread), for both
// solvers with and without colouring, and the physical promises: pins hold, a cloth at rest
// stays at rest, gravity's motion dies down, XPBD survives the stiffest springs, nothing ends
// inside the sphere or below the ground. And every bad input it must refuse.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "support/process.h"
#include "support/sample_test.h"
#include "util/file.h"

namespace fs = std::filesystem;

namespace {

const std::string kCloth = cs::test::SampleTest::samplePath("cloth");
const double kUnit = std::ldexp(1.0, -24);  // float's unit roundoff

// The documented point file: x, y, z, inverse mass as little-endian float32, row-major.
std::string encode(const std::vector<glm::vec4>& points) {
    std::string bytes;
    for (const glm::vec4& p : points)
        for (int k = 0; k < 4; ++k) {
            std::uint32_t bits;
            std::memcpy(&bits, &p[k], 4);
            for (int b = 0; b < 4; ++b) bytes += char(bits >> (8 * b));
        }
    return bytes;
}

std::vector<glm::vec4> decode(const std::string& bytes) {
    EXPECT_EQ(bytes.size() % 16, 0u);
    std::vector<glm::vec4> points(bytes.size() / 16);
    for (size_t i = 0; i < points.size(); ++i)
        for (int k = 0; k < 4; ++k) {
            std::uint32_t bits = 0;
            for (int b = 0; b < 4; ++b)
                bits |= std::uint32_t(static_cast<unsigned char>(bytes[16 * i + 4 * k + b]))
                        << (8 * b);
            std::memcpy(&points[i][k], &bits, 4);
        }
    return points;
}

// A tilted, bumped cloth (it starts at rest: rest lengths come from the file) with unequal
// masses and the last row's corners pinned, so that gravity and the wind, which pushes along
// the varying normals, stretch it unevenly from the first step.
std::vector<glm::vec4> bumpyCloth(int width, int height) {
    const float s = 2.0f / float(std::max(width, height) - 1);
    std::vector<glm::vec4> points;
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const float px = s * x - 1.0f, pz = -s * y + 0.6f;
            const float bump = 0.05f * std::sin(3.0f * px) * std::cos(4.0f * pz);
            const bool pinned = (x == 0 || x == width - 1) && y == height - 1;
            points.emplace_back(px, 0.4f + 0.3f * px + bump, pz,
                                pinned ? 0.0f : 0.5f + 0.25f * float((7 * x + 3 * y) % 5));
        }
    return points;
}

// The longest spring of a width x height cloth (a bend spring, two cells).
double longestSpring(const std::vector<glm::vec4>& p, int width, int height) {
    double longest = 0;
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            for (const auto& o :
                 {glm::ivec2(2, 0), glm::ivec2(0, 2), glm::ivec2(1, 1), glm::ivec2(1, -1)}) {
                const int ex = x + o.x, ey = y + o.y;
                if (ex < 0 || ey < 0 || ex >= width || ey >= height) continue;
                longest =
                    std::max(longest, double(glm::length(glm::vec3(p[size_t(ey * width + ex)]) -
                                                         glm::vec3(p[size_t(y * width + x)]))));
            }
    return longest;
}

const char* const kVariants[4][2] = {
    {"springs", "true"}, {"springs", "false"}, {"xpbd", "true"}, {"xpbd", "false"}};

class ClothTest : public cs::test::SampleTest {
protected:
    static cs::ProcessResult cloth(std::vector<std::string> args) {
        args.insert(args.begin(), {kCloth, "--headless", "--frames", "1", "--no-ui"});
        return cs::runProcess(args);
    }

    // Runs K steps from `input` (width x height) and returns the points written.
    std::vector<glm::vec4> run(const std::vector<glm::vec4>& input, int width, int height,
                               int steps, const std::vector<std::string>& extra) {
        const std::string in = (dir / "in.bin").generic_string(),
                          out = (dir / "out.bin").generic_string();
        cs::writeFileAtomic(in, encode(input));
        std::vector<std::string> args = {"--input",  in,
                                         "--output", out,
                                         "--steps",  std::to_string(steps),
                                         "--set",    "width=" + std::to_string(width),
                                         "--set",    "height=" + std::to_string(height)};
        args.insert(args.end(), extra.begin(), extra.end());
        const cs::ProcessResult result = cloth(args);
        EXPECT_EQ(result.exitCode, 0) << result.err;
        return result.exitCode == 0 ? decode(cs::readFile(out)) : std::vector<glm::vec4>();
    }

    static std::vector<std::string> variant(int v) {
        return {"--set", std::string("solver=") + kVariants[v][0], "--set",
                std::string("colouring=") + kVariants[v][1]};
    }
};

// The sample's GPU passes against its CPU solver (compute=cpu), which does the same
// arithmetic in the same order in float, on a 37 x 23 grid (neither side a multiple of the
// 16 x 16 work groups), 3 steps of 16 substeps, with wind and no contact.
// Where they may differ: GLSL lets a compiler fuse a * b + c, and gives sqrt and division a
// few ulps (GLSL 4.60 section 4.7.1). So in one substep
//   springs: a velocity may differ by h w times the force's error, 12 spring lengths each
//     within 8 ulps (as tests/gl/cloth_kernels_test.cpp states) times c; a position by 2 ulps
//     of |x| (x += h v, fused or not);
//   xpbd: a position by 2 ulps of |x| plus 12 corrections, each a length difference within
//     8 ulps, times the Jacobi weight; and the velocity, (x - start) / h, by that over h.
// A velocity's difference moves the point by h times it in every later substep, so after S
// substeps positions differ by at most S times the positional part plus S(S + 1)/2 times h
// times the velocity's part. (The kernel tests bound one substep of each pass tightly and
// check the colouring exactly; this test checks the whole step as the sample runs it.)
TEST_F(ClothTest, GpuMatchesTheCpuSolverOnAnOddGrid) {
    const int width = 37, height = 23, steps = 3, substeps = 16;
    const double c = 180000, h = 1.0 / 60.0 / substeps, wMax = 1.5, jacobiWeight = 1.5;
    const std::vector<glm::vec4> start = bumpyCloth(width, height);
    const double longest = longestSpring(start, width, height);
    const std::vector<std::string> scene = {"--set", "wind=10",         "--set", "sphere_y=-3",
                                            "--set", "ground=-5",       "--set", "substeps=16",
                                            "--set", "stiffness=180000"};
    for (int v = 0; v < 4; ++v) {
        std::vector<std::string> gpuArgs = scene, cpuArgs = scene;
        for (const std::string& a : variant(v)) gpuArgs.push_back(a), cpuArgs.push_back(a);
        cpuArgs.insert(cpuArgs.end(), {"--set", "compute=cpu"});
        const std::vector<glm::vec4> gpu = run(start, width, height, steps, gpuArgs);
        const std::vector<glm::vec4> cpu = run(start, width, height, steps, cpuArgs);
        ASSERT_EQ(gpu.size(), start.size());
        ASSERT_EQ(cpu.size(), start.size());
        double largest = 0, moved = 0;
        for (size_t i = 0; i < start.size(); ++i) {
            largest = std::max(largest, double(glm::length(glm::vec3(cpu[i]))));
            moved = std::max(moved, double(glm::length(glm::vec3(cpu[i]) - glm::vec3(start[i]))));
        }
        const double ulps2 = 2 * std::ldexp(1.0, std::ilogb(largest) - 23);
        const bool springs = std::string(kVariants[v][0]) == "springs";
        const double position = springs ? ulps2 : ulps2 + 12 * 8 * kUnit * longest * jacobiWeight;
        const double velocity = springs ? h * wMax * c * 12 * 8 * kUnit * longest : position / h;
        const double s = steps * substeps;
        const double bound = s * position + s * (s + 1) / 2 * h * velocity;
        double worst = 0;
        for (size_t i = 0; i < start.size(); ++i) {
            worst = std::max(worst, double(glm::length(glm::vec3(gpu[i]) - glm::vec3(cpu[i]))));
            EXPECT_EQ(gpu[i].w, start[i].w);
        }
        EXPECT_LE(worst, bound) << kVariants[v][0] << " colouring=" << kVariants[v][1];
        EXPECT_GT(moved, 0.01) << "the cloth should have moved";
        std::printf("%s colouring=%s: GPU and CPU differ by %.3g, bound %.3g\n", kVariants[v][0],
                    kVariants[v][1], worst, bound);
    }
}

// Inverse mass 0 holds a point where it is, through contacts, wind and every solver: the
// file pins a diagonal of points, and pins=four the corners.
TEST_F(ClothTest, PinnedPointsNeverMove) {
    const int width = 20, height = 14;
    std::vector<glm::vec4> start = bumpyCloth(width, height);
    for (int i = 0; i < height; ++i) start[size_t(i * width + i)].w = 0.0f;
    for (int v = 0; v < 4; ++v) {
        std::vector<std::string> args = variant(v);
        args.insert(args.end(), {"--set", "wind=20", "--set", "pins=four"});
        const std::vector<glm::vec4> end = run(start, width, height, 40, args);
        ASSERT_EQ(end.size(), start.size());
        const int corners[4] = {0, width - 1, width * (height - 1), width * height - 1};
        for (size_t i = 0; i < start.size(); ++i) {
            const bool pinned = start[i].w == 0.0f || std::count(corners, corners + 4, int(i));
            if (pinned) {
                EXPECT_EQ(glm::vec3(end[i]), glm::vec3(start[i])) << kVariants[v][0] << " " << i;
                EXPECT_EQ(end[i].w, 0.0f);
            }
        }
    }
}

// With no gravity and no wind nothing acts on a cloth at rest: its springs are at their rest
// lengths (from the file), its velocities zero. The GPU's lengths may differ from the CPU's
// rest lengths by 8 ulps (see above), as if each rest length were off by that much: the cloth
// then settles where those lengths are met, within 12 such ulps of the longest spring, and
// may swing about that by as much again. Bound: 2 x 12 x 8 ulps of the longest spring.
TEST_F(ClothTest, ClothAtRestStaysAtRest) {
    const int width = 21, height = 13;
    const std::vector<glm::vec4> start = bumpyCloth(width, height);
    const double bound = 2 * 12 * 8 * kUnit * longestSpring(start, width, height);
    for (int v = 0; v < 4; ++v) {
        std::vector<std::string> args = variant(v);
        args.insert(args.end(), {"--set", "gravity=0", "--set", "wind=0", "--set", "sphere_y=-3",
                                 "--set", "ground=-5"});
        const std::vector<glm::vec4> end = run(start, width, height, 60, args);
        ASSERT_EQ(end.size(), start.size());
        double worst = 0;
        for (size_t i = 0; i < start.size(); ++i)
            worst = std::max(worst, double(glm::length(glm::vec3(end[i]) - glm::vec3(start[i]))));
        EXPECT_LE(worst, bound) << kVariants[v][0] << " colouring=" << kVariants[v][1];
    }
}

// A 16 x 16 cloth hanging from two corners, away from the sphere and the ground, released
// flat: it swings down, and the air's drag and the springs' damping take its energy. The
// kinetic energy (from the motion over one step) at 10 s must be below 1/1000 of what it was
// at 0.5 s, mid-swing. (The swing, along the normal, loses e^-19 of its energy to the drag
// alone in that time; motion in the cloth's plane is damped by the springs only, and slower.)
TEST_F(ClothTest, KineticEnergyDecaysUnderGravity) {
    const int n = 16;
    const double dt = 1.0 / 60.0;
    std::vector<glm::vec4> start(size_t(n) * n);
    const float s = 2.0f / float(n - 1);
    for (int y = 0; y < n; ++y)
        for (int x = 0; x < n; ++x) start[size_t(y * n + x)] = {s * x - 1, 0.6f, -s * y + 1, 1};
    for (const char* solver : {"springs", "xpbd"}) {
        // Without colouring: the fewest dispatches per substep (llvmpipe pays for each).
        const std::vector<std::string> args = {"--set", std::string("solver=") + solver,
                                               "--set", "colouring=false",
                                               "--set", "pins=two",
                                               "--set", "sphere_y=-3",
                                               "--set", "ground=-5"};
        auto kinetic = [&](int steps) {
            const std::vector<glm::vec4> a = run(start, n, n, steps, args);
            const std::vector<glm::vec4> b = run(start, n, n, steps + 1, args);
            EXPECT_EQ(a.size(), start.size());
            EXPECT_EQ(b.size(), start.size());
            double energy = 0;
            for (size_t i = 0; i < std::min(a.size(), b.size()); ++i) {
                const glm::dvec3 v = (glm::dvec3(b[i]) - glm::dvec3(a[i])) / dt;
                energy += 0.5 * glm::dot(v, v);  // unit masses
            }
            return energy;
        };
        const double swinging = kinetic(30), later = kinetic(600);
        EXPECT_GT(swinging, 100.0) << solver << ": the cloth should be swinging at 0.5 s";
        EXPECT_LT(later, 1e-3 * swinging) << solver;
    }
}

// XPBD stays finite at the stiffest springs offered, where explicit springs blow up (next
// test), and the cloth holds together: its structural springs' RMS stretch stays below 10%
// (how close to 0 it gets for the time spent is the --bench convergence figure).
TEST_F(ClothTest, XpbdSurvivesTheHighestStiffness) {
    const int width = 24, height = 24;
    const std::vector<glm::vec4> start = bumpyCloth(width, height);
    for (const char* colouring : {"true", "false"}) {
        const std::vector<glm::vec4> end =
            run(start, width, height, 60,
                {"--set", "solver=xpbd", "--set", std::string("colouring=") + colouring, "--set",
                 "stiffness=1e9", "--set", "wind=20"});
        ASSERT_EQ(end.size(), start.size()) << "colouring=" << colouring;
        double sum = 0;
        int springs = 0;
        for (int y = 0; y < height; ++y)
            for (int x = 0; x + 1 < width; ++x) {
                const auto at = [&](const std::vector<glm::vec4>& p, int px, int py) {
                    return glm::vec3(p[size_t(py * width + px)]);
                };
                ASSERT_TRUE(std::isfinite(end[size_t(y * width + x)].x));
                const double rest = glm::length(at(start, x + 1, y) - at(start, x, y));
                const double strain = glm::length(at(end, x + 1, y) - at(end, x, y)) / rest - 1;
                sum += strain * strain;
                ++springs;
            }
        EXPECT_LT(std::sqrt(sum / springs), 0.1) << "colouring=" << colouring;
    }
}

TEST_F(ClothTest, ExplodingSpringsAreARuntimeError) {
    const std::string out = (dir / "out.bin").generic_string();
    expectFailure(cloth({"--set", "width=16", "--set", "height=16", "--set", "stiffness=1e8",
                         "--steps", "30", "--output", out}),
                  1, "after step 30, point 0 (0, 0) is no longer a finite number");
    EXPECT_FALSE(fs::exists(out));
}

// A sphere that reaches below the ground, so that points are pushed between the two; the
// cloth falls onto both. Every point ends outside the sphere and on or above the ground.
TEST_F(ClothTest, NoPointInsideTheSphereOrBelowTheGround) {
    const int n = 24;
    const double radius = 0.5, centreY = -0.3, ground = -0.5;
    for (int v = 0; v < 4; ++v) {
        std::vector<std::string> args = variant(v);
        args.insert(args.end(), {"--set", "sphere_y=-0.3", "--set", "ground=-0.5", "--set",
                                 "wind=5", "--set", "width=24", "--set", "height=24"});
        const std::string out = (dir / "out.bin").generic_string();
        args.insert(args.end(), {"--steps", "90", "--output", out});
        const cs::ProcessResult result = cloth(args);
        ASSERT_EQ(result.exitCode, 0) << result.err;
        const std::vector<glm::vec4> end = decode(cs::readFile(out));
        ASSERT_EQ(end.size(), size_t(n) * n);
        int onSphere = 0, onGround = 0;
        for (const glm::vec4& p : end) {
            const double distance = glm::length(glm::dvec3(p) - glm::dvec3(0, centreY, 0));
            EXPECT_GE(distance, radius) << kVariants[v][0] << " " << kVariants[v][1];
            EXPECT_GE(p.y, ground) << kVariants[v][0] << " " << kVariants[v][1];
            onSphere += distance < radius + 0.01;
            onGround += p.y < ground + 0.01;
        }
        EXPECT_GT(onSphere, 0) << "the cloth should rest on the sphere";
        EXPECT_GT(onGround, 0) << "and on the ground";
    }
}

// Scattering without colours races; whatever the driver makes of that, the run ends cleanly:
// either a state (the race may happen to do no harm) or the one-line blow-up error.
TEST_F(ClothTest, NaiveScatterIsSafe) {
    const std::string out = (dir / "out.bin").generic_string();
    const cs::ProcessResult run =
        cloth({"--set", "width=37", "--set", "height=23", "--set", "colouring=false", "--set",
               "naive_scatter=true", "--steps", "30", "--output", out});
    if (run.exitCode == 0) {
        EXPECT_EQ(cs::readFile(out).size(), 37u * 23u * 16u);
    } else {
        expectFailure(run, 1, "is no longer a finite number");
    }
}

// --steps K is exactly K steps, however the frames split them.
TEST_F(ClothTest, StepsFlagRunsExactlyThatManySteps) {
    const std::vector<glm::vec4> start = bumpyCloth(9, 7);
    const std::vector<glm::vec4> five = run(start, 9, 7, 5, {});
    const std::vector<glm::vec4> split = run(start, 9, 7, 5, {"--frames", "3"});
    const std::vector<glm::vec4> four = run(start, 9, 7, 4, {});
    EXPECT_TRUE(encode(five) == encode(split));
    EXPECT_FALSE(encode(five) == encode(four));
}

TEST_F(ClothTest, ZeroStepsWritesTheInputBack) {
    const std::vector<glm::vec4> start = bumpyCloth(5, 4);
    EXPECT_EQ(encode(run(start, 5, 4, 0, {})), encode(start));
}

TEST_F(ClothTest, PointFileOfWrongSize) {
    const std::string input = (dir / "small.bin").generic_string();
    cs::writeFileAtomic(input, encode(bumpyCloth(4, 4)));
    expectFailure(cloth({"--input", input, "--set", "width=5", "--set", "height=4"}), 1,
                  "small.bin: 256 bytes, but 5 x 4 points take 320");
    cs::writeFileAtomic(input, encode(bumpyCloth(4, 4)) + "x");
    expectFailure(cloth({"--input", input, "--set", "width=4", "--set", "height=4"}), 1,
                  "small.bin: larger than 256 bytes (4 x 4 points of 16 bytes)");
}

TEST_F(ClothTest, MissingPointFile) {
    expectFailure(cloth({"--input", (dir / "nope.bin").generic_string()}), 1, "nope.bin");
}

TEST_F(ClothTest, NotANumberInPointFile) {
    std::vector<glm::vec4> points = bumpyCloth(4, 3);
    points[6].z = std::nanf("");
    const std::string input = (dir / "nan.bin").generic_string();
    cs::writeFileAtomic(input, encode(points));
    expectFailure(cloth({"--input", input, "--set", "width=4", "--set", "height=3"}), 1,
                  "nan.bin: point 6 (2, 1) has a value that is not a finite number");
    points[6].z = 0;
    points[2].w = INFINITY;
    cs::writeFileAtomic(input, encode(points));
    expectFailure(cloth({"--input", input, "--set", "width=4", "--set", "height=3"}), 1,
                  "nan.bin: point 2 (2, 0) has a value that is not a finite number");
}

TEST_F(ClothTest, NegativeInverseMassInPointFile) {
    std::vector<glm::vec4> points = bumpyCloth(4, 3);
    points[5].w = -1;
    const std::string input = (dir / "negative.bin").generic_string();
    cs::writeFileAtomic(input, encode(points));
    expectFailure(cloth({"--input", input, "--set", "width=4", "--set", "height=3"}), 1,
                  "negative.bin: point 5 (1, 1) has a negative inverse mass");
}

TEST_F(ClothTest, OutOfRangeParametersRefused) {
    expectFailure(cloth({"--set", "width=1"}), 2, "width");
    expectFailure(cloth({"--set", "height=1"}), 2, "height");
    expectFailure(cloth({"--set", "stiffness=-1"}), 2, "stiffness");
    expectFailure(cloth({"--set", "damping=-1"}), 2, "damping");
    expectFailure(cloth({"--set", "substeps=-1"}), 2, "substeps");
    expectFailure(cloth({"--set", "substeps=0"}), 2, "substeps");
    expectFailure(cloth({"--set", "solver=implicit"}), 2, "springs, xpbd");
    expectFailure(cloth({"--steps", "-1"}), 2, "--steps");
    expectFailure(cloth({"--bench-max", "64"}), 2, "--bench-max has no effect without --bench");
}

TEST_F(ClothTest, HelpListsParametersAndOptions) {
    const cs::ProcessResult run = cs::runProcess({kCloth, "--help"});
    EXPECT_EQ(run.exitCode, 0);
    for (const char* text : {"width=64",
                             "height=64",
                             "solver=springs",
                             "springs|xpbd",
                             "colouring=true",
                             "substeps",
                             "dt",
                             "stiffness=180000",
                             "damping=8",
                             "gravity",
                             "wind",
                             "sphere_radius",
                             "sphere_x",
                             "sphere_y",
                             "sphere_z",
                             "ground",
                             "compute=gpu",
                             "gpu|cpu",
                             "--steps",
                             "--bench-max"})
        EXPECT_NE(run.out.find(text), std::string::npos) << text << " missing in\n" << run.out;
}

// A tiny sweep (8 x 8) so the test stays quick; the figures' names and units are the contract.
TEST_F(ClothTest, BenchJsonHasTheSweepAndTheConvergence) {
    const std::string json = (dir / "bench.json").generic_string();
    const cs::ProcessResult run =
        cs::runProcess({kCloth, "--headless", "--frames", "2", "--set", "width=8", "--set",
                        "height=8", "--bench-max", "8", "--bench-json", json});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const std::string text = cs::readFile(json);
    for (const char* key :
         {"\"springs gather n=8 gpu\"", "\"springs coloured n=8 cpu\"",
          "\"xpbd jacobi n=8 cpu/gpu\"", "\"xpbd coloured n=8 gpu throughput\"",
          "\"xpbd coloured 32 substeps stretch\"", "\"xpbd jacobi 1 substeps gpu\"",
          "\"unit\": \"ms/step\"", "\"of\": \"copy\""})
        EXPECT_NE(text.find(key), std::string::npos) << key << " missing in\n" << text;
}

}  // namespace
