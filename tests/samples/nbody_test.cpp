// The nbody sample as a user runs it: a state file in, K leapfrog steps, a state file out,
// checked against a double-precision CPU step and against the invariants of the physics
// (energy, momentum); and every kind of bad input it must refuse cleanly.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <glm/glm.hpp>
#include <random>

#include "support/process.h"
#include "support/sample_test.h"
#include "util/file.h"

namespace fs = std::filesystem;

namespace {

const std::string kNBody = cs::test::SampleTest::samplePath("nbody");

// The documented state file: per body pos.xyz, mass, vel.xyz, pad; float32 little-endian.
struct Body {
    glm::dvec3 position;
    double mass = 0;
    glm::dvec3 velocity;
};

std::string encode(const std::vector<Body>& bodies) {
    std::string bytes;
    for (const Body& b : bodies) {
        const float values[8] = {
            float(b.position.x), float(b.position.y), float(b.position.z), float(b.mass),
            float(b.velocity.x), float(b.velocity.y), float(b.velocity.z), 0.0f};
        for (float v : values) {
            std::uint32_t bits;
            std::memcpy(&bits, &v, 4);
            for (int k = 0; k < 4; ++k) bytes += char(bits >> (8 * k));
        }
    }
    return bytes;
}

std::vector<Body> decode(const std::string& bytes) {
    EXPECT_EQ(bytes.size() % 32, 0u);
    std::vector<Body> bodies(bytes.size() / 32);
    for (size_t i = 0; i < bodies.size(); ++i) {
        double v[8];
        for (int k = 0; k < 8; ++k) {
            std::uint32_t bits = 0;
            for (int b = 0; b < 4; ++b)
                bits |= std::uint32_t(static_cast<unsigned char>(bytes[32 * i + 4 * k + b]))
                        << (8 * b);
            float f;
            std::memcpy(&f, &bits, 4);
            v[k] = f;
        }
        bodies[i] = {{v[0], v[1], v[2]}, v[3], {v[4], v[5], v[6]}};
    }
    return bodies;
}

std::vector<Body> randomBodies(int count, unsigned seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<double> unit(-1.0, 1.0), mass(0.5, 1.5);
    std::vector<Body> bodies(count);
    for (Body& b : bodies) {
        b.position = {unit(random), unit(random), unit(random)};
        b.mass = float(mass(random) / count);
        b.velocity = 0.5 * glm::dvec3(unit(random), unit(random), unit(random));
    }
    // Round to what the file holds, so the CPU starts from exactly the GPU's input.
    return decode(encode(bodies));
}

struct Physics {
    double G, softeningSqr, dt;
};

// Accelerations (with G) in double, and the sums of the pulls' magnitudes (error scales).
void accelerations(const std::vector<Body>& b, const Physics& p, std::vector<glm::dvec3>& a,
                   std::vector<double>& magnitude) {
    a.assign(b.size(), glm::dvec3(0.0));
    magnitude.assign(b.size(), 0.0);
    for (size_t i = 0; i < b.size(); ++i)
        for (size_t j = 0; j < b.size(); ++j) {
            if (i == j) continue;
            const glm::dvec3 r = b[j].position - b[i].position;
            const double d2 = glm::dot(r, r) + p.softeningSqr;
            const double s = p.G * b[j].mass / (d2 * std::sqrt(d2));
            a[i] += r * s;
            magnitude[i] += glm::length(r) * s;
        }
}

// Total energy (kinetic + softened potential, pairs counted once) in double.
double energy(const std::vector<Body>& b, const Physics& p) {
    double e = 0;
    for (size_t i = 0; i < b.size(); ++i) {
        e += 0.5 * b[i].mass * glm::dot(b[i].velocity, b[i].velocity);
        for (size_t j = i + 1; j < b.size(); ++j) {
            const glm::dvec3 r = b[j].position - b[i].position;
            e -= p.G * b[i].mass * b[j].mass / std::sqrt(glm::dot(r, r) + p.softeningSqr);
        }
    }
    return e;
}

class NBodyTest : public cs::test::SampleTest {
protected:
    static cs::ProcessResult nbody(std::vector<std::string> args) {
        args.insert(args.begin(), {kNBody, "--headless", "--frames", "1", "--no-ui"});
        return cs::runProcess(args);
    }

    static std::vector<std::string> physicsArgs(const Physics& p) {
        return {"--set", "gravity=" + std::to_string(p.G),
                "--set", "softening=" + std::to_string(p.softeningSqr),
                "--set", "dt=" + std::to_string(p.dt)};
    }

    // Runs K steps from `input` and returns the state written.
    std::vector<Body> run(const std::vector<Body>& input, const Physics& p, int steps,
                          std::vector<std::string> extra = {}) {
        const std::string in = (dir / "in.bin").generic_string(),
                          out = (dir / "out.bin").generic_string();
        cs::writeFileAtomic(in, encode(input));
        std::vector<std::string> args = {"--input", in,        "--output",
                                         out,       "--steps", std::to_string(steps)};
        for (const std::string& a : physicsArgs(p)) args.push_back(a);
        for (const std::string& a : extra) args.push_back(a);
        const cs::ProcessResult result = nbody(args);
        EXPECT_EQ(result.exitCode, 0) << result.err;
        return decode(cs::readFile(out));
    }
};

// --steps 1 through the real sample: one kick-drift-kick step, then the written state,
// against the same step in double on the CPU. Tolerances as in tests/gl/nbody_kernels_test.cpp
// (which covers every work-group size): 4 float ulps of the value plus 1e-5 of the summed
// pull magnitudes times the time they act.
TEST_F(NBodyTest, OneStepThroughFilesMatchesDoubleCpu) {
    const Physics p{0.7, 0.01, 0.02};
    const struct {
        const char* kernel;
        int count, localSize;
    } cases[] = {{"naive", 3, 32}, {"tiled", 3, 1024}, {"naive", 1000, 1024}, {"tiled", 1000, 32}};
    for (const auto& c : cases) {
        const std::vector<Body> start = randomBodies(c.count, unsigned(c.count));
        const std::vector<Body> end = run(start, p, 1,
                                          {"--set", std::string("kernel=") + c.kernel, "--set",
                                           "local_size=" + std::to_string(c.localSize)});
        ASSERT_EQ(end.size(), start.size());
        std::vector<glm::dvec3> a0, a1;
        std::vector<double> m0, m1;
        accelerations(start, p, a0, m0);
        std::vector<Body> cpu = start;
        for (size_t i = 0; i < cpu.size(); ++i) {
            cpu[i].velocity += a0[i] * (p.dt / 2);
            cpu[i].position += cpu[i].velocity * p.dt;
        }
        accelerations(cpu, p, a1, m1);
        const double ulps4 = std::ldexp(1.0, -21);
        int bad = 0;
        for (size_t i = 0; i < cpu.size() && bad < 5; ++i) {
            cpu[i].velocity += a1[i] * (p.dt / 2);
            const double scale = p.dt / 2 * (m0[i] + m1[i]);
            EXPECT_EQ(end[i].mass, start[i].mass);
            for (int k = 0; k < 3; ++k) {
                const bool ok =
                    std::abs(end[i].position[k] - cpu[i].position[k]) <=
                        ulps4 * std::abs(cpu[i].position[k]) + 1e-5 * p.dt * scale + 1e-12 &&
                    std::abs(end[i].velocity[k] - cpu[i].velocity[k]) <=
                        ulps4 * std::abs(cpu[i].velocity[k]) + 1e-5 * scale + 1e-12;
                EXPECT_TRUE(ok) << c.kernel << " " << c.localSize << " N=" << c.count << " body "
                                << i << " axis " << k;
                bad += !ok;
            }
        }
    }
}

// --steps K is exactly K steps, however the frames split them: 2 per frame over 3 frames
// (2 + 2 + 1) gives the same bits as all 5 after a single frame, and differs from 4.
TEST_F(NBodyTest, StepsFlagRunsExactlyThatManySteps) {
    const Physics p{1.0, 0.01, 0.01};
    const std::vector<Body> start = randomBodies(100, 5);
    const std::vector<Body> five = run(start, p, 5);
    const std::vector<Body> split =
        run(start, p, 5, {"--frames", "3", "--set", "steps_per_frame=2"});
    const std::vector<Body> four = run(start, p, 4);
    ASSERT_EQ(five.size(), 100u);
    ASSERT_EQ(split.size(), 100u);
    ASSERT_EQ(four.size(), 100u);
    EXPECT_TRUE(encode(five) == encode(split));
    EXPECT_FALSE(encode(five) == encode(four));
}

TEST_F(NBodyTest, ZeroStepsWritesTheInputBack) {
    const std::vector<Body> start = randomBodies(33, 9);
    const std::vector<Body> same = run(start, {1.0, 0.01, 0.01}, 0);
    ASSERT_EQ(same.size(), start.size());
    EXPECT_EQ(encode(same), encode(start));
}

// A 1000-body Plummer sphere (Henon units, G = M = 1), eps^2 = 0.0025, dt = 0.01, 1000 steps
// (10 time units, ~3.5 crossing times); 5-20 s on llvmpipe, with load. Leapfrog is symplectic: its
// energy error oscillates with O(dt^2) amplitude instead of growing, and float rounding
// adds a random walk of ~1e-7 per step. Measured here: 3.3e-7 of |E0|; bound 1e-5.
TEST_F(NBodyTest, PlummerEnergyDriftOver1000StepsBelowBound) {
    const Physics p{1.0, 0.0025, 0.01};
    std::vector<Body> states[2];
    for (int k : {0, 1}) {
        const std::string out = (dir / "state.bin").generic_string();
        std::vector<std::string> args = {
            "--set",   "initial=plummer",     "--set",    "bodies=1000",
            "--steps", k == 0 ? "0" : "1000", "--output", out};
        for (const std::string& a : physicsArgs(p)) args.push_back(a);
        const cs::ProcessResult result = nbody(args);
        ASSERT_EQ(result.exitCode, 0) << result.err;
        states[k] = decode(cs::readFile(out));
        ASSERT_EQ(states[k].size(), 1000u);
    }
    const double e0 = energy(states[0], p), e1 = energy(states[1], p);
    EXPECT_LT(e0, 0.0) << "a Plummer sphere is bound";
    EXPECT_LT(std::abs(e1 - e0) / std::abs(e0), 1e-5) << "E0 " << e0 << ", E1000 " << e1;
    // And it really moved: on average a body is more than 1 length unit from its start.
    double moved = 0;
    for (size_t i = 0; i < 1000; ++i)
        moved += glm::length(states[1][i].position - states[0][i].position);
    EXPECT_GT(moved / 1000, 0.5);
}

// Each pull is computed twice, once for each body of the pair, from the same rounded r, so
// the pair forces cancel up to float rounding, even with unequal masses. The total's error
// then random-walks to about 6e-8 * sum(m|v|) * sqrt(steps / N): ~8e-8 here (500 steps,
// 257 bodies; measured 4.4e-8); bound 1e-6 of sum(m|v|).
TEST_F(NBodyTest, MomentumConservedToFloatPrecision) {
    const std::vector<Body> start = randomBodies(257, 11);
    const std::vector<Body> end = run(start, {1.0, 0.01, 0.01}, 500);
    ASSERT_EQ(end.size(), start.size());
    glm::dvec3 p0(0.0), p1(0.0);
    double scale = 0, moved = 0;
    for (size_t i = 0; i < start.size(); ++i) {
        p0 += start[i].mass * start[i].velocity;
        p1 += end[i].mass * end[i].velocity;
        scale += start[i].mass * glm::length(start[i].velocity);
        moved += glm::length(end[i].velocity - start[i].velocity);
    }
    EXPECT_LT(glm::length(p1 - p0), 1e-6 * scale) << "sum m|v| = " << scale;
    EXPECT_GT(moved / 257, 0.05) << "the velocities should have changed";
}

TEST_F(NBodyTest, StateFileOfWrongSize) {
    const std::string input = (dir / "odd.bin").generic_string();
    cs::writeFileAtomic(input, encode(randomBodies(2, 1)) + "x");
    expectFailure(nbody({"--input", input}), 1, "odd.bin: 65 bytes is not a whole number");
}

TEST_F(NBodyTest, EmptyStateFile) {
    const std::string input = (dir / "empty.bin").generic_string();
    cs::writeFileAtomic(input, "");
    expectFailure(nbody({"--input", input}), 1, "empty.bin: empty state file");
}

TEST_F(NBodyTest, MissingStateFile) {
    expectFailure(nbody({"--input", (dir / "nope.bin").generic_string()}), 1, "nope.bin");
}

TEST_F(NBodyTest, NotANumberInStateFile) {
    std::vector<Body> bodies = randomBodies(4, 2);
    bodies[2].velocity.y = std::nan("");
    const std::string input = (dir / "nan.bin").generic_string();
    cs::writeFileAtomic(input, encode(bodies));
    expectFailure(nbody({"--input", input}), 1, "nan.bin: body 2 has a value that is not");
}

// The pad word is ignored, as the README's table says: a NaN there is no value of the body's,
// and the run is the same as with a zero.
TEST_F(NBodyTest, ThePadWordIsIgnoredWhateverItHolds) {
    const std::string bytes = encode(randomBodies(4, 2));
    std::string padded = bytes;
    const float nan = std::nanf("");
    std::memcpy(&padded[32 * 1 + 28], &nan, 4);  // body 1's eighth float
    const std::string zero = (dir / "zero.bin").generic_string(),
                      odd = (dir / "odd.bin").generic_string();
    cs::writeFileAtomic(zero, bytes);
    cs::writeFileAtomic(odd, padded);
    const std::string out0 = (dir / "out0.bin").generic_string(),
                      out1 = (dir / "out1.bin").generic_string();
    const cs::ProcessResult first = nbody({"--input", zero, "--steps", "2", "--output", out0});
    const cs::ProcessResult second = nbody({"--input", odd, "--steps", "2", "--output", out1});
    ASSERT_EQ(first.exitCode, 0) << first.err;
    ASSERT_EQ(second.exitCode, 0) << second.err;
    EXPECT_EQ(cs::readFile(out0), cs::readFile(out1));
}

TEST_F(NBodyTest, NegativeMassInStateFile) {
    std::vector<Body> bodies = randomBodies(4, 3);
    bodies[1].mass = -1;
    const std::string input = (dir / "negative.bin").generic_string();
    cs::writeFileAtomic(input, encode(bodies));
    expectFailure(nbody({"--input", input}), 1, "negative.bin: body 1 has a negative mass");
}

// Finite input whose forces overflow float (inf, then NaN) is a failure, not a state file
// that --input would refuse: masses near the float limit, one length unit apart, G = 100.
TEST_F(NBodyTest, StateThatOverflowsFloatIsAnError) {
    std::vector<Body> bodies(2);
    bodies[0] = {{0, 0, 0}, 3e38, {0, 0, 0}};
    bodies[1] = {{1, 0, 0}, 3e38, {0, 0, 0}};
    const std::string input = (dir / "heavy.bin").generic_string(),
                      output = (dir / "out.bin").generic_string();
    cs::writeFileAtomic(input, encode(bodies));
    const std::string message = "after step 1, body 0 is no longer a finite number";
    expectFailure(
        nbody({"--input", input, "--set", "gravity=100", "--steps", "1", "--output", output}), 1,
        message);
    EXPECT_FALSE(fs::exists(output));
    // Checked at the end of --steps also without --output.
    expectFailure(nbody({"--input", input, "--set", "gravity=100", "--steps", "1"}), 1, message);
}

TEST_F(NBodyTest, NegativeTimeStepRefused) {
    expectFailure(nbody({"--set", "dt=-1"}), 2, "dt");
}

TEST_F(NBodyTest, BadStepCount) {
    expectFailure(nbody({"--steps", "-3"}), 2, "--steps -3 is out of range [0, 1073741824]");
    expectFailure(nbody({"--steps", "ten"}), 2, "got 'ten'");
    expectFailure(nbody({"--steps", " 5"}), 2, "got ' 5'");  // the whole text, no spaces
}

// The sample's own options are declared like its parameters, so --help lists them with
// their range or form and what they do.
TEST_F(NBodyTest, HelpListsTheSampleOptions) {
    const cs::ProcessResult run = cs::runProcess({kNBody, "--help"});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_NE(run.out.find("nbody's own options:"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("--steps=0"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("[0, 1073741824]"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("--bench-sizes=N,N,..."), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("body counts of the --bench sweep"), std::string::npos) << run.out;
}

TEST_F(NBodyTest, BadBenchSizes) {
    expectFailure(nbody({"--bench", "--bench-sizes", "4096,0"}), 2,
                  "--bench-sizes takes body counts in [1, 1048576], got '0'");
}

TEST_F(NBodyTest, BadBenchKernels) {
    expectFailure(nbody({"--bench", "--bench-kernels", "tiled,tiled_8bodies"}), 2,
                  "--bench-kernels takes names of kernels (see --help, kernel), got "
                  "'tiled_8bodies'");
}

// Options that would change nothing are refused, not silently ignored.
TEST_F(NBodyTest, OptionsThatWouldBeIgnoredAreRefused) {
    const std::string input = (dir / "in.bin").generic_string();
    cs::writeFileAtomic(input, encode(randomBodies(4, 1)));
    for (const std::string set : {"bodies=5", "initial=plummer", "mass=2"})
        expectFailure(nbody({"--input", input, "--set", set}), 2,
                      "--set " + set.substr(0, set.find('=')) +
                          " has no effect with --input: the bodies come from the file");
    expectFailure(nbody({"--bench-sizes", "64"}), 2, "--bench-sizes has no effect without --bench");
}

TEST_F(NBodyTest, WorkGroupSizeNotOffered) {
    expectFailure(nbody({"--set", "local_size=100"}), 2, "32, 64, 128, 256, 512, 1024");
}

TEST_F(NBodyTest, UnwritableOutput) {
    expectFailure(
        nbody({"--set", "bodies=10", "--output", (dir / "no" / "out.bin").generic_string()}), 1,
        "out.bin");
}

// Refused before a billion steps, and before the GL context: an EGL platform that does not
// exist would fail the run if it got that far.
TEST_F(NBodyTest, OutputIsCheckedBeforeTheSteps) {
    const cs::ProcessResult run =
        cs::runProcess({kNBody, "--headless", "--steps", "1000000000", "--output",
                        (dir / "no" / "out.bin").generic_string()},
                       {"CS_EGL_PLATFORM=none"});
    expectFailure(run, 1, "no/out.bin: cannot write into its directory");
}

TEST_F(NBodyTest, HelpListsParametersAndFlags) {
    const cs::ProcessResult run = cs::runProcess({kNBody, "--help"});
    EXPECT_EQ(run.exitCode, 0);
    for (const char* text : {"kernel=tiled", "local_size=256", "32|64|128|256|512|1024",
                             "softening", "gravity", "--steps", "--bench-sizes"})
        EXPECT_NE(run.out.find(text), std::string::npos) << text << " missing in\n" << run.out;
}

// A tiny sweep (N = 64) so the test stays quick; the figures' names and units are the contract.
TEST_F(NBodyTest, BenchJsonHasTheSweepAndCpuReference) {
    const std::string json = (dir / "bench.json").generic_string();
    const cs::ProcessResult run =
        cs::runProcess({kNBody, "--headless", "--frames", "2", "--set", "bodies=64",
                        "--bench-sizes", "64", "--bench-json", json});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const std::string text = cs::readFile(json);
    for (const char* key :
         {"\"fma_gflops\"", "\"naive 32 N=64\"", "\"tiled 1024 N=64\"", "\"cpu reference N=64\"",
          "\"tiled/naive best N=64\"", "\"unit\": \"GFLOP/s\"", "\"of\": \"fma\""})
        EXPECT_NE(text.find(key), std::string::npos) << key << " missing in\n" << text;
}

// --bench-kernels chooses the sweep's kernels: the tiled variants by name, and the best tiled
// is the best of those the sweep ran.
TEST_F(NBodyTest, BenchKernelsChoosesTheSweepsKernels) {
    const std::string json = (dir / "bench.json").string();
    const cs::ProcessResult run =
        cs::runProcess({kNBody, "--headless", "--frames", "2", "--set", "bodies=64",
                        "--bench-sizes", "64", "--bench-kernels",
                        "naive,tiled_4bodies_unroll4,tiled_vec4_2bodies", "--bench-json", json});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    const std::string text = cs::readFile(json);
    for (const char* key : {"\"naive 32 N=64\"", "\"tiled_4bodies_unroll4 1024 N=64\"",
                            "\"tiled_vec4_2bodies 32 N=64\"", "\"tiled/naive best N=64\""})
        EXPECT_NE(text.find(key), std::string::npos) << key << " missing in\n" << text;
    EXPECT_EQ(text.find("\"tiled 32 N=64\""), std::string::npos) << "tiled ran unasked";
}

}  // namespace
