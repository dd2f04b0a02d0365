// The particles sample through its state files: one step against a double-precision CPU
// step for each integrator (RK4's also within a bound derived from float rounding), and the
// physical promises: nothing ends a step inside the sphere, and elastic collisions without
// gravity keep the kinetic energy.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <glm/glm.hpp>
#include <limits>
#include <random>
#include <string>

#include "support/process.h"
#include "support/sample_test.h"
#include "util/file.h"

namespace fs = std::filesystem;

namespace {

const std::string kParticles = cs::test::SampleTest::samplePath("particles");

struct Particle {  // the state file's 32 bytes (samples/particles/README.md)
    glm::vec4 position, velocity;
};

// The sample's physics in double precision, following shaders/particles/step.comp.
struct Physics {
    int integrator = 2;  // 0 euler, 1 semi_implicit, 2 verlet, 3 rk4
    double dt = 1.0 / 128.0, gravity = 9.8125, drag = 0, restitution = 0.75;
    double sphereRadius = 0.3125, sphereSpeed = 1.25;

    glm::dvec3 acceleration(const glm::dvec3& v) const {
        return glm::dvec3(0.0, -gravity, 0.0) - drag * v;
    }

    // The step as if nothing were in the way.
    void integrate(glm::dvec3& x, glm::dvec3& v) const {
        if (integrator == 0) {
            const glm::dvec3 a = acceleration(v);
            x += v * dt;
            v += a * dt;
        } else if (integrator == 1) {
            v += acceleration(v) * dt;
            x += v * dt;
        } else if (integrator == 2) {
            const glm::dvec3 a = acceleration(v);
            x += v * dt + 0.5 * a * dt * dt;
            v += 0.5 * (a + acceleration(v + a * dt)) * dt;
        } else {
            const glm::dvec3 v1 = v, a1 = acceleration(v1);
            const glm::dvec3 v2 = v + 0.5 * dt * a1, a2 = acceleration(v2);
            const glm::dvec3 v3 = v + 0.5 * dt * a2, a3 = acceleration(v3);
            const glm::dvec3 v4 = v + dt * a3, a4 = acceleration(v4);
            x += dt / 6.0 * (v1 + 2.0 * v2 + 2.0 * v3 + v4);
            v += dt / 6.0 * (a1 + 2.0 * a2 + 2.0 * a3 + a4);
        }
    }

    // The step, then the walls and the sphere acting on where it ends, for every integrator.
    void step(glm::dvec3& x, glm::dvec3& v, int stepNumber) const {
        integrate(x, v);
        for (int axis = 0; axis < 3; ++axis)
            if (std::abs(x[axis]) > 1.0) {
                x[axis] = x[axis] > 0 ? 1.0 : -1.0;
                if (v[axis] * x[axis] > 0) v[axis] *= -restitution;
            }
        const double t = stepNumber * dt;  // the sphere at the end of the step
        const glm::dvec3 center(0.5 * std::sin(sphereSpeed * t), 0, 0);
        const glm::dvec3 sphereVelocity(0.5 * sphereSpeed * std::cos(sphereSpeed * t), 0, 0);
        const double distance = glm::length(x - center);
        if (distance < sphereRadius) {
            const glm::dvec3 normal = (x - center) / distance;
            x = center + normal * sphereRadius;
            const glm::dvec3 relative = v - sphereVelocity;
            const double approach = glm::dot(relative, normal);
            if (approach < 0) v = sphereVelocity + relative - (1 + restitution) * approach * normal;
        }
    }

    // The parameters as --set flags. Values are chosen to be exact in float (the GPU's
    // precision) and printed in full, so both sides simulate the same system.
    std::vector<std::string> settings() const {
        const char* names[] = {"euler", "semi_implicit", "verlet", "rk4"};
        auto text = [](double value) {
            char buffer[32];
            std::snprintf(buffer, sizeof buffer, "%.9g", value);
            return std::string(buffer);
        };
        return {"--set", "integrator=" + std::string(names[integrator]),
                "--set", "dt=" + text(dt),
                "--set", "gravity=" + text(gravity),
                "--set", "drag=" + text(drag),
                "--set", "restitution=" + text(restitution),
                "--set", "sphere_radius=" + text(sphereRadius),
                "--set", "sphere_speed=" + text(sphereSpeed),
                "--set", "lifetime=0"};
    }
};

class ParticlesTest : public cs::test::SampleTest {
protected:
    // Runs `frames` frames of `stepsPerFrame` steps from `state` and returns the result.
    std::vector<Particle> simulate(const std::vector<Particle>& state, const Physics& physics,
                                   int frames, int stepsPerFrame = 1,
                                   const std::vector<std::string>& extra = {}) {
        const std::string input = (dir / "in.bin").generic_string(),
                          output = (dir / "out.bin").generic_string();
        cs::writeFileAtomic(input, state.data(), state.size() * sizeof(Particle));
        std::vector<std::string> args = {kParticles,
                                         "--headless",
                                         "--no-ui",
                                         "--size",
                                         "64x64",
                                         "--frames",
                                         std::to_string(frames),
                                         "--input",
                                         input,
                                         "--output",
                                         output,
                                         "--set",
                                         "steps_per_frame=" + std::to_string(stepsPerFrame)};
        for (const std::string& s : physics.settings()) args.push_back(s);
        args.insert(args.end(), extra.begin(), extra.end());
        const cs::ProcessResult run = cs::runProcess(args);
        EXPECT_EQ(run.exitCode, 0) << run.err;
        const std::string bytes = cs::readFile(output);
        std::vector<Particle> result(bytes.size() / sizeof(Particle));
        std::memcpy(result.data(), bytes.data(), result.size() * sizeof(Particle));
        return result;
    }

    // Runs particles with `args` after "--headless --frames 1", and expects it to fail as
    // SampleTest::expectFailure checks. (Hides the base overload: every call here passes args.)
    void expectFailure(const std::vector<std::string>& args, int exitCode,
                       const std::string& words) {
        std::vector<std::string> all = {kParticles, "--headless", "--frames", "1"};
        all.insert(all.end(), args.begin(), args.end());
        SampleTest::expectFailure(cs::runProcess(all), exitCode, words);
    }
};

// Positions anywhere in the box (some inside the sphere, some about to cross a wall) and
// brisk velocities, so every branch of the step is taken. Particles that land within
// 1e-3 of a collision boundary are left out: float and double may take different branches
// there, which is not an error.
std::vector<Particle> randomState(const Physics& physics, size_t count, unsigned seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> box(-1.0f, 1.0f), speed(-3.0f, 3.0f);
    std::vector<Particle> state;
    while (state.size() < count) {
        Particle p{{box(random), box(random), box(random), 0.0f},
                   {speed(random), speed(random), speed(random), 0.0f}};
        glm::dvec3 x(p.position), v(p.velocity);
        physics.integrate(x, v);  // where it would end with nothing in the way
        const glm::dvec3 center(0.5 * std::sin(physics.sphereSpeed * physics.dt), 0, 0);
        const double distance = glm::length(x - center);
        bool nearWall = false;
        for (int a = 0; a < 3; ++a) nearWall |= std::abs(std::abs(x[a]) - 1.0) < 1e-3;
        if (std::abs(distance - physics.sphereRadius) > 1e-3 && !nearWall) state.push_back(p);
    }
    return state;
}

// Each particle of `gpu` is that of `state` after one double-precision step, within 1e-5
// (positions are O(1) and velocities O(3): a few float roundings).
void expectOneCpuStep(const std::vector<Particle>& state, const std::vector<Particle>& gpu,
                      const Physics& physics, const std::string& what) {
    ASSERT_EQ(gpu.size(), state.size()) << what;
    for (size_t i = 0; i < state.size(); ++i) {
        glm::dvec3 x(state[i].position), v(state[i].velocity);
        physics.step(x, v, 1);
        for (int c = 0; c < 3; ++c) {
            ASSERT_NEAR(gpu[i].position[c], x[c], 1e-5) << what << ", particle " << i;
            ASSERT_NEAR(gpu[i].velocity[c], v[c], 1e-5) << what << ", particle " << i;
        }
    }
}

TEST_F(ParticlesTest, OneStepOfEachIntegratorMatchesDoublePrecisionCpu) {
    for (int integrator = 0; integrator < 4; ++integrator) {
        for (double drag : {0.0, 2.5}) {  // with drag, the acceleration changes within a step
            Physics physics;
            physics.integrator = integrator;
            physics.drag = drag;
            const unsigned seed = 10 + unsigned(integrator) + (drag > 0 ? 10 : 0);
            const auto state = randomState(physics, 3000, seed);
            expectOneCpuStep(
                state, simulate(state, physics, 1), physics,
                "integrator " + std::to_string(integrator) + ", drag " + std::to_string(drag));
        }
    }
}

// One RK4 step against the same step in double precision, in free flight (no wall or
// sphere within reach, so no collision branch), with large steps and strong drag so that
// the four slopes differ: k dt = 1/8.
// The bound, per component (u = 2^-24, the unit roundoff of float). GLSL 4.30 (section
// 4.7.1) rounds +, - and * correctly and gives a division 2.5 ulp (5 u); a compiler may
// also fuse a * b + c, which only rounds less, and add the slopes in any order.
// - Each slope a_i = g - k v_i is within 4 u M of exact, M = |g| + k max|v_i| the size of
//   its terms (they cancel near the terminal speed; their rounding does not): 2 u from its
//   own two operations, the rest from v_i's error times k (small, as k dt <= 1/8).
// - The weighted sum a1 + 2 a2 + 2 a3 + a4 carries six times that, and its three
//   additions, in whatever order, add 3 u of at most 6 M: 42 u M. Times dt / 6 (5 u for the
//   division, u for the product), the increment of v is within 13 u dt M.
// - Adding it to v rounds once more: u |v after|. The same holds for x, with the
//   velocities as the terms: M = max|v_i| + dt (|g| + k max|v_i|).
// So |gpu - cpu| <= u (|result| + 16 dt M), doubled against rounding this does not model;
// the double-precision step's own error (1e-16) is negligible. The final rounding alone
// reaches half of that, so the bound is not loose. Weights 1, 1, 1, 1 / 4 in either sum, or
// the third or fourth slope taken from the wrong stage, miss it by 25 times and more (each
// was tried in step.comp); the 1e-5 of the test above misses two of those four.
TEST_F(ParticlesTest, RungeKuttaStepMatchesDoublePrecisionWithinFloatRounding) {
    Physics physics;
    physics.integrator = 3;
    physics.dt = 1.0 / 32;
    physics.drag = 4;
    physics.sphereSpeed = 0;  // the sphere rests at the origin
    std::vector<Particle> state;
    for (const Particle& p : randomState(physics, 3000, 5)) {
        glm::dvec3 x(p.position), v(p.velocity);
        physics.integrate(x, v);
        bool inside = glm::length(x) > physics.sphereRadius + 1e-3;
        for (int c = 0; c < 3; ++c) inside &= std::abs(x[c]) < 1.0 - 1e-3;
        if (inside) state.push_back(p);
    }
    ASSERT_GT(state.size(), 1000u);  // most of them fly free
    const std::vector<Particle> gpu = simulate(state, physics, 1);
    ASSERT_EQ(gpu.size(), state.size());
    const double u = std::ldexp(1.0, -24), dt = physics.dt, k = physics.drag;
    const glm::dvec3 g(0.0, -physics.gravity, 0.0);
    double worst = 0;  // the largest error as a fraction of its bound
    for (size_t i = 0; i < state.size(); ++i) {
        const glm::dvec3 v0(state[i].velocity);
        glm::dvec3 x(state[i].position), v = v0;
        physics.integrate(x, v);
        // The stages' velocities, as the step takes them, for the sizes of the terms.
        const glm::dvec3 v2 = v0 + 0.5 * dt * physics.acceleration(v0);
        const glm::dvec3 v3 = v0 + 0.5 * dt * physics.acceleration(v2);
        const glm::dvec3 v4 = v0 + dt * physics.acceleration(v3);
        for (int c = 0; c < 3; ++c) {
            const double speed =
                std::max({std::abs(v0[c]), std::abs(v2[c]), std::abs(v3[c]), std::abs(v4[c])});
            const double accelerationTerms = std::abs(g[c]) + k * speed;
            const double xBound =
                2 * u * (std::abs(x[c]) + 16 * dt * (speed + dt * accelerationTerms));
            const double vBound = 2 * u * (std::abs(v[c]) + 16 * dt * accelerationTerms);
            const double xError = std::abs(gpu[i].position[c] - x[c]);
            const double vError = std::abs(gpu[i].velocity[c] - v[c]);
            ASSERT_LE(xError, xBound) << "particle " << i << ", position " << c;
            ASSERT_LE(vError, vBound) << "particle " << i << ", velocity " << c;
            worst = std::max({worst, xError / xBound, vError / vBound});
        }
    }
    RecordProperty("worst_error_over_bound", std::to_string(worst));
}

// The dispatch covers the count in whole work groups and the shader skips the last group's
// overhang: 1025 particles, a multiple of no work-group size (at 1024 the second group holds
// one particle), are each stepped once, as on the CPU, at every size.
TEST_F(ParticlesTest, EveryWorkGroupSizeStepsEveryParticleOnce) {
    const Physics physics;
    const auto state = randomState(physics, 1025, 7);
    for (int localSize : {64, 128, 256, 512, 1024}) {
        const std::string size = "local_size=" + std::to_string(localSize);
        expectOneCpuStep(state, simulate(state, physics, 1, 1, {"--set", size}), physics, size);
    }
}

TEST_F(ParticlesTest, ParticlesDroppedOnARestingSphereNeverEndInsideIt) {
    Physics physics;
    physics.sphereSpeed = 0;  // the sphere rests at the origin
    physics.restitution = 0.5;
    std::vector<Particle> state;
    for (int i = 0; i < 400; ++i) {  // a grid of particles falling onto the sphere's top
        const float x = -0.28f + 0.56f * float(i % 20) / 19,
                    z = -0.28f + 0.56f * float(i / 20) / 19;
        state.push_back({{x, 0.9f, z, 0.0f}, {0.0f, 0.0f, 0.0f, 0.0f}});
    }
    int inside = 0;
    bool someTouched = false;
    // They reach the sphere after about 0.35 s (45 steps), so look often around then.
    for (int frames : {1, 20, 21, 22, 23, 24, 25, 26, 28, 30, 40, 60, 150}) {
        for (const Particle& p : simulate(state, physics, frames, 2)) {
            const float distance = glm::length(glm::vec3(p.position));
            inside += distance < physics.sphereRadius * (1 - 1e-5f);
            someTouched |= distance < physics.sphereRadius * 1.01f;
        }
    }
    EXPECT_EQ(inside, 0);
    EXPECT_TRUE(someTouched);  // the test is only meaningful if they did reach the sphere
}

// Without gravity and with restitution 1, walls and a resting sphere only turn velocities:
// the kinetic energy stays within float rounding (1e-5 relative over 600 steps).
TEST_F(ParticlesTest, ElasticCollisionsWithoutGravityKeepTheEnergy) {
    Physics physics;
    physics.gravity = 0;
    physics.restitution = 1;
    physics.sphereSpeed = 0;
    const auto state = randomState(physics, 2000, 3);
    auto energy = [](const std::vector<Particle>& particles) {
        double sum = 0;
        for (const Particle& p : particles)
            sum += 0.5 * glm::dot(glm::dvec3(p.velocity), glm::dvec3(p.velocity));
        return sum;
    };
    const auto after = simulate(state, physics, 300, 2);
    ASSERT_EQ(after.size(), state.size());
    EXPECT_NEAR(energy(after) / energy(state), 1.0, 1e-5);
}

// The smallest count, and its state read back in: --output and --input round-trip.
TEST_F(ParticlesTest, OneParticleRoundTrips) {
    const std::string first = (dir / "first.bin").generic_string(),
                      second = (dir / "second.bin").generic_string();
    const cs::ProcessResult run = cs::runProcess(
        {kParticles, "--headless", "--frames", "3", "--set", "count=1", "--output", first});
    ASSERT_EQ(run.exitCode, 0) << run.err;
    EXPECT_EQ(fs::file_size(first), sizeof(Particle));
    const cs::ProcessResult again = cs::runProcess(
        {kParticles, "--headless", "--frames", "3", "--input", first, "--output", second});
    ASSERT_EQ(again.exitCode, 0) << again.err;
    EXPECT_EQ(fs::file_size(second), sizeof(Particle));
}

TEST_F(ParticlesTest, StateFileOfTheWrongSize) {
    const std::string input = (dir / "odd.bin").generic_string();
    cs::writeFileAtomic(input, std::string(33, '\0'));
    expectFailure({"--input", input}, 1, "32-byte particles");
}

TEST_F(ParticlesTest, StateFileWithANonFiniteValue) {
    std::vector<Particle> state(3);
    state[1].velocity.y = std::numeric_limits<float>::quiet_NaN();
    const std::string input = (dir / "nan.bin").generic_string();
    cs::writeFileAtomic(input, std::string(reinterpret_cast<const char*>(state.data()),
                                           state.size() * sizeof(Particle)));
    expectFailure({"--input", input}, 1, "particle 1 has a value that is not a finite number");

    // The unused fourth velocity component is padding: whatever it holds is accepted.
    state[1].velocity = {0.0f, 0.0f, 0.0f, std::numeric_limits<float>::quiet_NaN()};
    cs::writeFileAtomic(input, std::string(reinterpret_cast<const char*>(state.data()),
                                           state.size() * sizeof(Particle)));
    const cs::ProcessResult run =
        cs::runProcess({kParticles, "--headless", "--frames", "1", "--input", input});
    EXPECT_EQ(run.exitCode, 0) << run.err;
}

TEST_F(ParticlesTest, MoreWorkGroupsThanTheGlDispatchesIsAnError) {
    // 2^22 particles in groups of 64 need 65536 work groups: one more than llvmpipe's (and
    // the spec's minimum) 65535, though a desktop GPU allows 2^31 - 1. --info tells which.
    // The check comes before the particles are allocated, so the test costs no memory.
    const std::string counts = glInfo("max work-group count:");
    ASSERT_FALSE(counts.empty());
    const unsigned long limit = std::stoul(counts);
    if (limit >= (1u << 22) / 64) GTEST_SKIP() << "this GL dispatches " << limit << " groups";
    // Only an edit made in the overlay is undone; a count the command line gives ends the
    // run, drawn with the overlay or without it.
    for (const bool noUi : {false, true}) {
        std::vector<std::string> args = {"--set", "count=4194304", "--set", "local_size=64"};
        if (noUi) args.push_back("--no-ui");
        expectFailure(args, 1, "4194304 items along x in groups of 64 need 65536 work groups");
    }
    // The same count in groups of 256 is 16384 of them: the limit is the dispatch's, not
    // the count's.
    const cs::ProcessResult run = cs::runProcess(
        {kParticles, "--headless", "--frames", "1", "--no-ui", "--set", "count=4194304"});
    EXPECT_EQ(run.exitCode, 0) << run.err;
}

// The step binds every particle as one storage block: a state larger than this GL's
// GL_MAX_SHADER_STORAGE_BLOCK_SIZE (128 MiB on llvmpipe: 4194304 particles) is refused before
// anything is allocated, naming the limit.
TEST_F(ParticlesTest, MoreParticlesThanOneStorageBlockHoldsIsAnError) {
    const std::string maxBytes = glInfo("max SSBO size:");
    ASSERT_FALSE(maxBytes.empty());
    const long long particles = std::stoll(maxBytes) / 32 + 1;
    if (particles > (1 << 24))
        GTEST_SKIP() << "this GL binds " << maxBytes << " bytes, more than "
                     << "the largest count (2^24 particles) needs";
    expectFailure({"--set", "count=" + std::to_string(particles), "--set", "local_size=1024"}, 1,
                  "a state of " + std::to_string(particles) +
                      " particles needs GL_MAX_SHADER_STORAGE_BLOCK_SIZE >= ");
}

TEST_F(ParticlesTest, EmptyStateFile) {
    const std::string input = (dir / "empty.bin").generic_string();
    cs::writeFileAtomic(input, "");
    expectFailure({"--input", input}, 1, "no particles");
}

// A state of no particles would be a 0-byte --output that --input refuses: count starts at 1.
TEST_F(ParticlesTest, ZeroParticlesAreRefused) {
    expectFailure({"--set", "count=0"}, 2, "parameter 'count' = 0 is out of range [1, 16777216]");
}

TEST_F(ParticlesTest, MissingStateFile) {
    expectFailure({"--input", (dir / "nope.bin").generic_string()}, 1, "nope.bin");
}

// The count comes from the file; a --set count beside --input would be ignored, so it is refused.
TEST_F(ParticlesTest, CountWithInputIsRefused) {
    const std::string input = (dir / "in.bin").generic_string();
    cs::writeFileAtomic(input, std::string(64, '\0'));
    expectFailure({"--input", input, "--set", "count=5"}, 2,
                  "--set count has no effect with --input: the particles come from the file");
}

TEST_F(ParticlesTest, NegativeTimeStep) {
    expectFailure({"--set", "dt=-1"}, 2, "'dt'");
}

TEST_F(ParticlesTest, UnknownIntegrator) {
    expectFailure({"--set", "integrator=rk2"}, 2, "euler, semi_implicit, verlet, rk4");
}

}  // namespace
