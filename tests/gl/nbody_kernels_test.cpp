// The nbody sample's shaders against double-precision CPU references: one leapfrog step of
// every step kernel (samples/nbody/kernels.h: naive, tiled and the tiled variants) at every
// work-group size and awkward body counts, a two-body circular orbit
// over thousands of steps, and the GPU energy/momentum sums of the diagnostics passes.
#include <cmath>
#include <cstdint>
#include <glm/glm.hpp>
#include <random>
#include <string>
#include <tuple>
#include <vector>

#include "app/params.h"
#include "gl/program.h"
#include "gl/uniform_block.h"
#include "gl_test.h"
#include "kernels.h"

namespace {

constexpr int kLocalSizes[] = {32, 64, 128, 256, 512, 1024};
constexpr double kPi = 3.14159265358979323846;

struct State {
    std::vector<glm::vec4> positions;   // xyz + mass
    std::vector<glm::vec4> velocities;  // xyz + 0
};

struct Physics {
    float G = 0.7f, softeningSqr = 0.01f;
};

// The mirror of the block Gravity in shaders/nbody/gravity.glsl (nbody::Gravity in the
// sample), checked against each program that reads it.
struct Gravity {
    std::uint32_t count;
    float softening, gravity;
};

// The block holding `physics` for `count` bodies, uploaded, and checked against `program`.
cs::UniformBlock<Gravity> gravityBlock(const cs::Program& program, GLuint count,
                                       const Physics& physics) {
    cs::UniformBlock<Gravity> block{
        "Gravity",
        {CS_BLOCK_MEMBER(Gravity, count), CS_BLOCK_MEMBER(Gravity, softening),
         CS_BLOCK_MEMBER(Gravity, gravity)}};
    block.check(program, cs::Params());
    block.values = {count, physics.softeningSqr, physics.G};
    block.upload();
    return block;
}

// Random bodies in a unit cube with unequal masses and random velocities.
State randomState(int count, unsigned seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f), mass(0.5f, 1.5f);
    State s;
    for (int i = 0; i < count; ++i) {
        s.positions.emplace_back(unit(random), unit(random), unit(random), mass(random) / count);
        s.velocities.emplace_back(0.5f * unit(random), 0.5f * unit(random), 0.5f * unit(random),
                                  0.0f);
    }
    return s;
}

// The simulation's double-buffered state on the GPU, driven the way main.cpp drives it.
class GpuBodies {
public:
    explicit GpuBodies(const State& s) : count_(GLuint(s.positions.size())) {
        const GLsizeiptr bytes = GLsizeiptr(count_ * sizeof(glm::vec4));
        for (int b = 0; b < 2; ++b) {
            positions_[b] =
                cs::Buffer("test positions", bytes, cs::BufferUse::Computed, s.positions.data());
            velocities_[b] =
                cs::Buffer("test velocities", bytes, cs::BufferUse::Computed, s.velocities.data());
        }
    }

    void step(const cs::Program& program, const Physics& physics, float closeKick, float openKick,
              float drift) {
        const cs::UniformBlock<Gravity> gravity = gravityBlock(program, count_, physics);
        program.use();
        gravity.bind(0);
        glUniform3f(program.uniform("leapfrog"), closeKick, openKick, drift);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, positions_[current_].id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, velocities_[current_].id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, positions_[1 - current_].id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, velocities_[1 - current_].id());
        const glm::uvec3 groups = program.groupsFor(count_);
        glDispatchCompute(groups.x, groups.y, groups.z);
        // The next step reads these positions; the download reads both buffers.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
        current_ = 1 - current_;
    }

    State download() const {
        State s{std::vector<glm::vec4>(count_), std::vector<glm::vec4>(count_)};
        positions_[current_].download(s.positions.data(), positions_[current_].size());
        velocities_[current_].download(s.velocities.data(), velocities_[current_].size());
        return s;
    }

    const cs::Buffer& positions() const { return positions_[current_]; }
    const cs::Buffer& velocities() const { return velocities_[current_]; }

private:
    GLuint count_;
    cs::Buffer positions_[2], velocities_[2];
    int current_ = 0;
};

// Double-precision accelerations (with G), and per body the sum of the pulls' magnitudes:
// the scale of the rounding error a float sum of those pulls can have.
void cpuAccelerations(const std::vector<glm::dvec4>& x, const Physics& physics,
                      std::vector<glm::dvec3>& a, std::vector<double>& magnitude) {
    const size_t n = x.size();
    a.assign(n, glm::dvec3(0.0));
    magnitude.assign(n, 0.0);
    for (size_t i = 0; i < n; ++i)
        for (size_t j = 0; j < n; ++j) {
            if (i == j) continue;
            const glm::dvec3 r = glm::dvec3(x[j]) - glm::dvec3(x[i]);
            const double d2 = glm::dot(r, r) + double(physics.softeningSqr);
            const double s = physics.G * x[j].w / (d2 * std::sqrt(d2));
            a[i] += r * s;
            magnitude[i] += std::sqrt(glm::dot(r, r)) * s;
        }
}

// One KDK step on the CPU, in double: the reference, and the error scales per body.
struct CpuStep {
    std::vector<glm::dvec3> position, velocity;
    std::vector<double> velocityScale;  // dt/2 * (|a0| sum + |a1| sum)
};

CpuStep cpuLeapfrog(const State& s, const Physics& physics, double dt) {
    const size_t n = s.positions.size();
    std::vector<glm::dvec4> x(n);
    for (size_t i = 0; i < n; ++i) x[i] = glm::dvec4(s.positions[i]);
    std::vector<glm::dvec3> a0, a1;
    std::vector<double> m0, m1;
    cpuAccelerations(x, physics, a0, m0);
    CpuStep out;
    out.velocity.resize(n);
    for (size_t i = 0; i < n; ++i) {
        out.velocity[i] = glm::dvec3(s.velocities[i]) + a0[i] * (dt / 2);
        x[i] = glm::dvec4(glm::dvec3(x[i]) + out.velocity[i] * dt, x[i].w);
    }
    cpuAccelerations(x, physics, a1, m1);
    for (size_t i = 0; i < n; ++i) {
        out.velocity[i] += a1[i] * (dt / 2);
        out.position.push_back(glm::dvec3(x[i]));
        out.velocityScale.push_back(dt / 2 * (m0[i] + m1[i]));
    }
    return out;
}

using Variant = std::tuple<std::string, int>;  // kernel, local size

class NBodyStep : public cs::test::GlTestWithParam<Variant> {};

// One step = the step kernel with (0, dt/2, dt), then the synchronizing pass (dt/2, 0, 0),
// exactly as the sample runs `--steps 1`. Tolerance, per component:
//   position: 2^-21 |x| (4 float ulps) + 1e-5 dt^2 * (pull magnitudes)
//   velocity: 2^-21 |v| + 1e-5 * dt/2 * (sum of the pulls' magnitudes at both ends)
// A float sum of N pulls is off by far less than 1e-5 of the magnitudes' sum for these N,
// while one missing body (a skipped partial tile, an off-by-one) costs ~1/N of it.
TEST_P(NBodyStep, OneStepEqualsDoubleCpuReference) {
    const auto& [kernel, localSize] = GetParam();
    const cs::Program program = nbody::stepProgram(kernel, localSize);
    const Physics physics;
    const float dt = 0.02f;
    for (int count : {1, 2, 3, 129, 257, 1000}) {
        const State start = randomState(count, unsigned(count));
        GpuBodies gpu(start);
        gpu.step(program, physics, 0.0f, dt / 2, dt);
        gpu.step(program, physics, dt / 2, 0.0f, 0.0f);
        const State end = gpu.download();
        const CpuStep cpu = cpuLeapfrog(start, physics, dt);
        const double ulps4 = std::ldexp(1.0, -21);
        int bad = 0;
        for (int i = 0; i < count && bad < 5; ++i) {
            EXPECT_EQ(end.positions[i].w, start.positions[i].w) << "mass of body " << i;
            for (int c = 0; c < 3; ++c) {
                const double xTol =
                    ulps4 * std::abs(cpu.position[i][c]) + 1e-5 * dt * cpu.velocityScale[i] + 1e-12;
                const double vTol =
                    ulps4 * std::abs(cpu.velocity[i][c]) + 1e-5 * cpu.velocityScale[i] + 1e-12;
                const bool ok = std::abs(end.positions[i][c] - cpu.position[i][c]) <= xTol &&
                                std::abs(end.velocities[i][c] - cpu.velocity[i][c]) <= vTol;
                EXPECT_TRUE(ok) << "N=" << count << " body " << i << " axis " << c << ": x "
                                << end.positions[i][c] << " vs " << cpu.position[i][c] << ", v "
                                << end.velocities[i][c] << " vs " << cpu.velocity[i][c];
                bad += !ok;
            }
        }
    }
}

INSTANTIATE_TEST_SUITE_P(Kernels, NBodyStep,
                         ::testing::Combine(::testing::ValuesIn(nbody::stepKernelNames()),
                                            ::testing::ValuesIn(kLocalSizes)),
                         [](const ::testing::TestParamInfo<Variant>& info) {
                             return std::get<0>(info.param) + "_" +
                                    std::to_string(std::get<1>(info.param));
                         });

class NBodyKernelTest : public cs::test::GlTest {};

// Two equal masses on a circular orbit about their centre of mass. Leapfrog is symplectic:
// the radius oscillates by O((omega dt)^2) ~ 1e-4 here instead of drifting, so 1% over 3000
// steps (about 4.8 orbits) is a loose bound; the angle swept must match omega t within 1%.
TEST_F(NBodyKernelTest, TwoBodyCircularOrbitStaysCircular) {
    Physics physics;
    physics.G = 1.0f;
    physics.softeningSqr = 1e-6f;
    const double separation = 1.0, mass = 0.5, radius = separation / 2;
    const double omega = std::sqrt(2.0 * physics.G * mass /
                                   std::pow(separation * separation + physics.softeningSqr, 1.5));
    const float speed = float(omega * radius), dt = 0.01f;
    const State start{{{-radius, 0, 0, mass}, {radius, 0, 0, mass}},
                      {{0, -speed, 0, 0}, {0, speed, 0, 0}}};
    // The lesson's two kernels, and the two variants that between them use every option of
    // tiled_blocked.comp (one step of each variant is checked above).
    for (const char* kernel : {"naive", "tiled", "tiled_4bodies_unroll4", "tiled_vec4_2bodies"}) {
        const cs::Program program = nbody::stepProgram(kernel, 64);
        GpuBodies gpu(start);
        double angle = 0.0, previous = std::atan2(0.0, radius);
        double worst = 0.0;
        const int steps = 3000;
        for (int s = 1; s <= steps; ++s) {
            gpu.step(program, physics, s == 1 ? 0.0f : dt / 2, dt / 2, dt);
            if (s % 10 != 0) continue;
            const State now = gpu.download();
            const glm::dvec3 x(glm::vec3(now.positions[1]) - glm::vec3(now.positions[0]));
            worst = std::max(worst, std::abs(glm::length(x) / 2 - radius) / radius);
            const double theta = std::atan2(x.y, x.x);
            angle += std::remainder(theta - previous, 2 * kPi);  // unwrap
            previous = theta;
        }
        EXPECT_LT(worst, 0.01) << kernel << ": radius left the circle";
        EXPECT_NEAR(angle, omega * steps * dt, 0.01 * omega * steps * dt) << kernel;
    }
}

// The diagnostics pass plus the sum of totals.comp against the same quantities in double on
// the CPU, with the owed half kick applied. Kinetic and potential energy are sums of terms of
// one sign: within 2e-5 relative. Momentum components cancel, so they are compared with
// 2e-5 of the sum of m|v|.
TEST_F(NBodyKernelTest, GpuEnergyAndMomentumMatchCpu) {
    const Physics physics;
    const cs::Program diagnostics = cs::Program::compute("nbody/diagnostics.comp");
    const cs::Program sums = cs::Program::compute("nbody/totals.comp");
    const float closeKick = 0.01f;
    for (int count : {1, 3, 1000}) {
        const State s = randomState(count, 100u + unsigned(count));
        GpuBodies gpu(s);
        const GLsizeiptr bytes = GLsizeiptr(count * sizeof(glm::vec4));
        cs::Buffer energies("test energies", bytes, cs::BufferUse::Computed);
        cs::Buffer momenta("test momenta", bytes, cs::BufferUse::Computed);
        cs::Buffer totals("test totals", 2 * sizeof(glm::vec4), cs::BufferUse::ReadBack);
        const cs::UniformBlock<Gravity> gravity = gravityBlock(diagnostics, GLuint(count), physics);
        diagnostics.use();
        gravity.bind(0);
        glUniform1f(diagnostics.uniform("closeKick"), closeKick);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, gpu.positions().id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, gpu.velocities().id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, energies.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, momenta.id());
        const glm::uvec3 groups = diagnostics.groupsFor(count);
        glDispatchCompute(groups.x, groups.y, groups.z);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // the sums read the per-body values
        sums.use();
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, energies.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, momenta.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, totals.id());
        glDispatchCompute(1, 1, 1);
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);  // the download reads the sums
        glm::vec4 gpuTotals[2];
        totals.download(gpuTotals, sizeof gpuTotals);

        std::vector<glm::dvec4> x(count);
        for (int i = 0; i < count; ++i) x[i] = glm::dvec4(s.positions[i]);
        std::vector<glm::dvec3> a;
        std::vector<double> magnitude;
        cpuAccelerations(x, physics, a, magnitude);
        double kinetic = 0, potential = 0, massSum = 0, speedSum = 0;
        glm::dvec3 momentum(0.0);
        for (int i = 0; i < count; ++i) {
            const glm::dvec3 v = glm::dvec3(s.velocities[i]) + a[i] * double(closeKick);
            kinetic += 0.5 * x[i].w * glm::dot(v, v);
            momentum += x[i].w * v;
            speedSum += x[i].w * glm::length(v);
            massSum += x[i].w;
            for (int j = i + 1; j < count; ++j) {
                const glm::dvec3 r = glm::dvec3(x[j]) - glm::dvec3(x[i]);
                potential -= physics.G * x[i].w * x[j].w /
                             std::sqrt(glm::dot(r, r) + double(physics.softeningSqr));
            }
        }
        EXPECT_NEAR(gpuTotals[0].x, kinetic, 2e-5 * kinetic) << "kinetic, N=" << count;
        EXPECT_NEAR(gpuTotals[0].y, potential, 2e-5 * std::abs(potential) + 1e-12)
            << "potential, N=" << count;
        EXPECT_NEAR(gpuTotals[0].z, massSum, 1e-6 * massSum) << "mass, N=" << count;
        for (int c = 0; c < 3; ++c)
            EXPECT_NEAR(gpuTotals[1][c], momentum[c], 2e-5 * speedSum)
                << "momentum " << c << ", N=" << count;
        EXPECT_NEAR(gpuTotals[1].w, speedSum, 2e-5 * speedSum) << "sum m|v|, N=" << count;
    }
}

}  // namespace
