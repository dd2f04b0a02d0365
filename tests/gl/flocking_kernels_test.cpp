// Two of the flocking sample's kernels on their own, against CPU references: the grid's cell
// keys (cells.comp), exact, for members on and beside cell borders, negative, and far out
// where the grid clamps; and the planes' frames (orient.comp), within a few float ulps.
// The step itself is checked through the sample (tests/samples/flocking_test.cpp).
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <glm/glm.hpp>
#include <limits>
#include <vector>

#include "flocking/boids.h"
#include "gl/program.h"
#include "gl/uniform_block.h"
#include "gl_test.h"

namespace {

using flocking::Boid;
using flocking::Frame;

// Runs `file` once per member, the members at binding 0 and `output` at `binding`; `cells`,
// if given, is grid.glsl's Cells block, checked against the program and bound at 1.
template <typename T>
std::vector<T> runOverBoids(const std::string& file, const std::vector<Boid>& boids, GLuint binding,
                            const flocking::Cells* cells = nullptr) {
    const cs::Program program = cs::Program::compute("flocking/" + file);
    const auto n = GLsizeiptr(boids.size());
    const cs::Buffer input("boids", n * 32, cs::BufferUse::Input, boids.data());
    const cs::Buffer output("output", n * GLsizeiptr(sizeof(T)), cs::BufferUse::Computed);
    cs::UniformBlock<flocking::Cells> block{"Cells",
                                            {CS_BLOCK_MEMBER(flocking::Cells, inverseCellEdge),
                                             CS_BLOCK_MEMBER(flocking::Cells, tableSize)}};
    program.use();
    glUniform1ui(program.uniform("count"), GLuint(n));
    if (cells) {
        block.values = *cells;
        block.check(program, cs::Params());
        block.upload();
        block.bind(1);
    }
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, input.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding, output.id());
    const glm::uvec3 groups = program.groupsFor(boids.size());
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The readback is a buffer read of the shader's writes.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    std::vector<T> result(boids.size());
    output.download(result.data(), output.size());
    return result;
}

Boid at(float x, float y, float z) {
    return {{x, y, z}, 0, {0, 0, 0}, 0};
}

// grid.glsl on the CPU: the same float product (IEEE single, correctly rounded on both
// sides), floor, clamp, and the hash's wrapping uint arithmetic.
std::uint32_t cpuBin(glm::vec3 p, float inverseEdge, std::uint32_t tableSize) {
    std::uint32_t c[3];
    for (int k = 0; k < 3; ++k) {
        const float cell = std::clamp(std::floor(p[k] * inverseEdge), -8192.0f, 8191.0f);
        c[k] = std::uint32_t(std::int32_t(cell));
    }
    return ((c[0] * 73856093u) ^ (c[1] * 19349663u) ^ (c[2] * 83492791u)) & (tableSize - 1);
}

constexpr std::uint32_t kTableSize = 1u << 12;

class FlockingCells : public cs::test::GlTest {};

TEST_F(FlockingCells, KeysEqualCpuOnAndBesideCellBorders) {
    for (float edge : {8.03125f, 7.1f, 0.3f}) {
        const flocking::Cells cells{1.0f / edge, kTableSize};
        std::vector<Boid> boids;
        for (int k = -5; k <= 5; ++k) {
            const float border = float(k) * edge;
            for (float x : {border, std::nextafter(border, -1e30f), std::nextafter(border, 1e30f),
                            border + 0.5f * edge})
                boids.push_back(at(x, -x, 0.5f * x));
        }
        // Far out: clamped into the outermost cells, and the float limit itself.
        for (float far : {8192.0f * edge, 1e6f, 1e30f, 3.4e38f})
            for (float sign : {1.0f, -1.0f}) boids.push_back(at(sign * far, 0.0f, -sign * far));
        boids.push_back(at(-0.0f, 0.0f, -0.0f));
        boids.push_back(at(-1e-38f, 1e-38f, -1e-45f));  // a denormal or two
        const auto keys = runOverBoids<std::uint32_t>("cells.comp", boids, 1, &cells);
        for (size_t i = 0; i < boids.size(); ++i) {
            const glm::vec3 p = boids[i].position;
            // A denormal may be flushed to zero: either way it lies in the cell at 0 or -1.
            if (std::fpclassify(p.x) == FP_SUBNORMAL) continue;
            EXPECT_EQ(keys[i], cpuBin(p, cells.inverseCellEdge, kTableSize))
                << "edge " << edge << ", member at (" << p.x << ", " << p.y << ", " << p.z << ")";
        }
    }
}

// A member half a cell below zero is in cell -1, not 0 (floor, not truncation), and the
// cells on either side of a border get different keys.
TEST_F(FlockingCells, NegativeCoordinatesRoundDown) {
    const flocking::Cells cells{1.0f / 8.0f, kTableSize};
    const std::vector<Boid> boids = {at(-4, 0, 0), at(4, 0, 0), at(-12, 0, 0), at(-8, 0, 0)};
    const auto keys = runOverBoids<std::uint32_t>("cells.comp", boids, 1, &cells);
    EXPECT_NE(keys[0], keys[1]);
    EXPECT_EQ(keys[0], keys[3]);  // -4 and -8 both in cell -1: [-8, 0)
    EXPECT_NE(keys[0], keys[2]);
    EXPECT_EQ(keys[0], cpuBin({-1.0f, 0.0f, 0.0f}, 1.0f, kTableSize));
}

class FlockingFrames : public cs::test::GlTest {};

// Each frame is orthonormal and right-handed, forward along the velocity, the wings level
// (side horizontal); at rest the plane faces +z, and flying straight up or down it takes
// its side from +z. Tolerance: the frame is a few roundings of unit vectors, 2e-6 allows
// some 30 ulps of 1.
//
// The velocities include those that break v / largest on a GPU, where a / b is a * (1 / b)
// and 1 / b flushes to zero for b past 2^126 (3e38, the largest float, 2^127), the
// exponents at both ends of directionOf's range (its ldexp clamps the exponent at 126), a
// largest component just above the 1e-30 cut-off, and small components that the scaling
// makes denormal.
TEST_F(FlockingFrames, FramesAlongTheVelocity) {
    const float largestFloat = std::numeric_limits<float>::max();
    const float twoTo127 = std::ldexp(1.0f, 127);
    const std::vector<glm::vec3> velocities = {{1, 0, 0},
                                               {0, 0, -3},
                                               {0.3f, 0.2f, -0.9f},
                                               {-5, 4, 2},
                                               {1e-3f, 0, 1e-3f},
                                               {0, 0, 0},
                                               {0, 7, 0},
                                               {0, -2, 0},
                                               {1e30f, 1e30f, 0},
                                               {3e38f, 0, -3e38f},
                                               {1e-25f, 0, 0},
                                               {0, 1e-35f, 0},
                                               {largestFloat, -largestFloat, largestFloat},
                                               {-largestFloat, 1.0f, 1e-30f},
                                               {twoTo127, 0, twoTo127},
                                               {0.5f * twoTo127, -twoTo127, 3e37f},
                                               {2e-30f, 0, -1.5e-30f},
                                               {0, 1e20f, 1e-20f}};
    std::vector<Boid> boids;
    for (const glm::vec3& v : velocities) boids.push_back({{1, 2, 3}, 0, v, 0});
    const auto frames = runOverBoids<Frame>("orient.comp", boids, 2);
    const float tolerance = 2e-6f;
    for (size_t i = 0; i < velocities.size(); ++i) {
        const glm::dvec3 v(velocities[i]);
        const double largest = std::max({std::abs(v.x), std::abs(v.y), std::abs(v.z)});
        glm::dvec3 forward = largest < 1e-30 ? glm::dvec3(0, 0, 1) : v / largest;
        forward = glm::normalize(forward);
        glm::dvec3 side = glm::cross(glm::dvec3(0, 1, 0), forward);
        if (glm::dot(side, side) < 1e-6) side = glm::cross(glm::dvec3(0, 0, 1), forward);
        side = glm::normalize(side);
        const glm::dvec3 up = glm::cross(forward, side);
        const Frame& f = frames[i];
        const std::string what = "velocity " + std::to_string(i);
        for (int k = 0; k < 3; ++k) {
            EXPECT_NEAR(f.forward[k], forward[k], tolerance) << what;
            EXPECT_NEAR(f.side[k], side[k], tolerance) << what;
            EXPECT_NEAR(f.up[k], up[k], tolerance) << what;
        }
        EXPECT_NEAR(
            glm::dot(glm::cross(glm::dvec3(f.side), glm::dvec3(f.up)), glm::dvec3(f.forward)), 1.0,
            3 * tolerance)
            << what << ": right-handed";
    }
}

}  // namespace
