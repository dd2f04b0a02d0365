// The cloth sample's shaders against double-precision references written here from the
// physics (not from the sample's own CPU solver): the coloured scatter adds every spring once
// to both ends, one substep of each solver, the normals' winding, and the naive scatter's
// safety. The buffers are driven the way samples/cloth/main.cpp drives them.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <glm/glm.hpp>
#include <random>
#include <string>
#include <vector>

#include "app/params.h"
#include "gl/program.h"
#include "gl/uniform_block.h"
#include "gl_test.h"

namespace {

constexpr int kOffsets[6][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}, {2, 0}, {0, 2}};
const double kUnit = std::ldexp(1.0, -24);  // float's unit roundoff

// The physics as the block Physics holds it: a substep of a 60 Hz step in 16, the thesis' c and d,
// and wind; the sphere and the ground far away (contacts are the process tests' business).
struct Physics {
    double h = 1.0 / 960.0, stiffness = 180000.0, damping = 8.0, drag = 1.0, gravity = 9.81;
    double wind = 10.0, friction = 0.5, jacobiWeight = 1.5, thickness = 0.005;
    glm::dvec3 sphereCentre{0.0, -10.0, 0.0};
    double sphereRadius = 0.5, ground = -20.0;
};

// A cloth away from its rest shape: rest lengths from a flat grid, positions tilted and
// bumped from it, random velocities, unequal inverse masses, and the last row's corners pinned.
struct Cloth {
    int width = 0, height = 0;
    std::vector<glm::vec4> positions, velocities, normals;
    std::vector<float> rest;  // direction-major, as the shaders read them
    int count() const { return width * height; }
    int index(int x, int y) const { return y * width + x; }
    bool inside(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
};

Cloth makeCloth(int width, int height, unsigned seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> unit(-1.0f, 1.0f);
    Cloth c;
    c.width = width;
    c.height = height;
    const float s = 2.0f / float(std::max(width, height) - 1);
    std::vector<glm::vec3> flat;
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const glm::vec3 p(s * x - 1.0f, 0.5f, -s * y);
            flat.push_back(p);
            const float bump = 0.05f * std::sin(3.0f * p.x) * std::cos(4.0f * p.z);
            const float w = (x == 0 || x == width - 1) && y == height - 1
                                ? 0.0f
                                : 0.5f + 0.25f * float((7 * x + 3 * y) % 5);
            c.positions.emplace_back(p.x, p.y + 0.3f * p.x + bump, p.z * 1.02f, w);
            c.velocities.emplace_back(0.2f * unit(random), 0.2f * unit(random), 0.2f * unit(random),
                                      0.0f);
        }
    c.rest.assign(6 * size_t(c.count()), 0.0f);
    for (int k = 0; k < 6; ++k)
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x)
                if (c.inside(x + kOffsets[k][0], y + kOffsets[k][1]))
                    c.rest[size_t(k * c.count() + c.index(x, y))] =
                        glm::length(flat[size_t(c.index(x + kOffsets[k][0], y + kOffsets[k][1]))] -
                                    flat[size_t(c.index(x, y))]);
    // Normals by the documented rule, in double: sum of cross products of the edges to the
    // neighbours in turn, +x, +y, -x, -y.
    const int around[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const glm::dvec3 self(c.positions[size_t(c.index(x, y))]);
            glm::dvec3 n(0.0);
            for (int e = 0; e < 4; ++e) {
                const int* p = around[e];
                const int* q = around[(e + 1) % 4];
                if (c.inside(x + p[0], y + p[1]) && c.inside(x + q[0], y + q[1]))
                    n += glm::cross(
                        glm::dvec3(c.positions[size_t(c.index(x + p[0], y + p[1]))]) - self,
                        glm::dvec3(c.positions[size_t(c.index(x + q[0], y + q[1]))]) - self);
            }
            c.normals.emplace_back(glm::vec3(glm::normalize(n)), 0.0f);
        }
    return c;
}

// The springs at a point: its up to twelve neighbours.
int springsAt(const Cloth& c, int x, int y) {
    int springs = 0;
    for (const auto& o : kOffsets)
        springs += int(c.inside(x + o[0], y + o[1])) + int(c.inside(x - o[0], y - o[1]));
    return springs;
}

// Calls f(a, b, k) for every spring a -> b of direction k, each once.
template <typename F>
void forEachSpring(const Cloth& c, F f) {
    for (int k = 0; k < 6; ++k)
        for (int y = 0; y < c.height; ++y)
            for (int x = 0; x < c.width; ++x)
                if (c.inside(x + kOffsets[k][0], y + kOffsets[k][1]))
                    f(c.index(x, y), c.index(x + kOffsets[k][0], y + kOffsets[k][1]), k);
}

// Hooke's law plus damping along the spring: the force on a, in double.
glm::dvec3 springForce(const Physics& p, const Cloth& c, int a, int b, float restLength) {
    const glm::dvec3 d = glm::dvec3(c.positions[size_t(b)]) - glm::dvec3(c.positions[size_t(a)]);
    const double len = glm::length(d);
    const glm::dvec3 direction = d / len;
    const glm::dvec3 dv = glm::dvec3(c.velocities[size_t(b)]) - glm::dvec3(c.velocities[size_t(a)]);
    return (p.stiffness * (len - restLength) + p.damping * glm::dot(dv, direction)) * direction;
}

// Per point, the spring forces' sum and the bound on a float sum's error: each spring's
// length to 8 ulps (a dot product with or without fused multiply-adds, GLSL's sqrt and
// division each within 3 ulps), times c, plus 20 ulps of the spring's force for the products
// and the sum.
struct Forces {
    std::vector<glm::dvec3> sum;
    std::vector<double> tolerance;
};

Forces referenceForces(const Physics& p, const Cloth& c) {
    Forces f{std::vector<glm::dvec3>(size_t(c.count()), glm::dvec3(0.0)),
             std::vector<double>(size_t(c.count()), 0.0)};
    forEachSpring(c, [&](int a, int b, int k) {
        const glm::dvec3 force = springForce(p, c, a, b, c.rest[size_t(k * c.count() + a)]);
        const double len =
            glm::length(glm::dvec3(c.positions[size_t(b)]) - glm::dvec3(c.positions[size_t(a)]));
        const double error = 8 * kUnit * p.stiffness * len + 20 * kUnit * glm::length(force);
        f.sum[size_t(a)] += force;
        f.sum[size_t(b)] -= force;
        f.tolerance[size_t(a)] += error;
        f.tolerance[size_t(b)] += error;
    });
    return f;
}

glm::dvec3 externalAcceleration(const Physics& p, glm::dvec3 v, glm::dvec3 n) {
    const glm::dvec3 air = glm::dvec3(p.wind, 0.0, 0.0) - v;
    return glm::dvec3(0.0, -p.gravity, 0.0) + p.drag * glm::dot(n, air) * n;
}

// The cloth's buffers on the GPU, bound to the bindings the shaders declare.
class GpuCloth {
public:
    explicit GpuCloth(const Cloth& c) : cloth_(c) {
        const GLsizeiptr bytes = GLsizeiptr(c.count() * sizeof(glm::vec4));
        const std::vector<glm::vec4> zero(size_t(c.count()), glm::vec4(0.0f));
        positions_ =
            cs::Buffer("test positions", bytes, cs::BufferUse::Computed, c.positions.data());
        velocities_ =
            cs::Buffer("test velocities", bytes, cs::BufferUse::Computed, c.velocities.data());
        positionsOut_ = cs::Buffer("test positions out", bytes, cs::BufferUse::Computed);
        velocitiesOut_ = cs::Buffer("test velocities out", bytes, cs::BufferUse::Computed);
        rest_ = cs::Buffer("test rest lengths", GLsizeiptr(c.rest.size() * sizeof(float)),
                           cs::BufferUse::Input, c.rest.data());
        normals_ = cs::Buffer("test normals", bytes, cs::BufferUse::Computed, c.normals.data());
        forces_ = cs::Buffer("test forces", bytes, cs::BufferUse::Computed, zero.data());
        starts_ = cs::Buffer("test starts", bytes, cs::BufferUse::Computed);
        const GLuint ids[] = {positions_.id(),     velocities_.id(), positionsOut_.id(),
                              velocitiesOut_.id(), rest_.id(),       normals_.id(),
                              forces_.id(),        starts_.id()};
        for (GLuint binding = 0; binding < 8; ++binding)
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding, ids[binding]);
    }

    static constexpr int kNoColour = -2;  // for the passes that have no colour uniform

    // Uses `program` with the physics in the block Physics (checked against the program's
    // layout), and dispatches it over `extent`; a colour pass gets its colour as a uniform.
    void run(const cs::Program& program, const Physics& p, glm::ivec2 extent,
             int colour = kNoColour) const {
        program.use();
        block_.values = {{cloth_.width, cloth_.height},
                         float(p.h),
                         float(p.stiffness),
                         float(p.damping),
                         float(p.drag),
                         float(p.gravity),
                         float(p.wind),
                         float(p.friction),
                         float(p.sphereCentre.x),
                         float(p.sphereCentre.y),
                         float(p.sphereCentre.z),
                         float(p.sphereRadius),
                         float(p.ground),
                         float(p.thickness),
                         float(p.jacobiWeight)};
        block_.check(program, noParams_);
        block_.upload();
        block_.bind(0);
        if (colour != kNoColour) glUniform1i(program.uniform("colour"), colour);
        const glm::uvec3 groups = program.groupsFor(GLuint(extent.x), GLuint(extent.y));
        glDispatchCompute(groups.x, groups.y, groups.z);
        // The next pass reads what this one wrote; the downloads read the buffers.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    }
    void overGrid(const cs::Program& program, const Physics& p) const {
        run(program, p, {cloth_.width, cloth_.height});
    }

    std::vector<glm::vec4> read(const cs::Buffer& buffer) const {
        std::vector<glm::vec4> values(size_t(cloth_.count()));
        buffer.download(values.data(), GLsizeiptr(values.size() * sizeof(glm::vec4)));
        return values;
    }
    std::vector<glm::vec4> positions() const { return read(positions_); }
    std::vector<glm::vec4> velocities() const { return read(velocities_); }
    std::vector<glm::vec4> positionsOut() const { return read(positionsOut_); }
    std::vector<glm::vec4> velocitiesOut() const { return read(velocitiesOut_); }
    std::vector<glm::vec4> forces() const { return read(forces_); }
    const cs::Buffer& normals() const { return normals_; }

private:
    // cloth.glsl's block Physics (std140: an ivec2, then 14 floats), member for member.
    struct Block {
        glm::ivec2 grid;
        float h;
        float stiffness;
        float damping;
        float drag;
        float gravity;
        float wind;
        float friction;
        float sphere_x;
        float sphere_y;
        float sphere_z;
        float sphere_radius;
        float ground;
        float thickness;
        float jacobiWeight;
    };
    mutable cs::UniformBlock<Block> block_{
        "Physics",
        {CS_BLOCK_MEMBER(Block, grid), CS_BLOCK_MEMBER(Block, h), CS_BLOCK_MEMBER(Block, stiffness),
         CS_BLOCK_MEMBER(Block, damping), CS_BLOCK_MEMBER(Block, drag),
         CS_BLOCK_MEMBER(Block, gravity), CS_BLOCK_MEMBER(Block, wind),
         CS_BLOCK_MEMBER(Block, friction), CS_BLOCK_MEMBER(Block, sphere_x),
         CS_BLOCK_MEMBER(Block, sphere_y), CS_BLOCK_MEMBER(Block, sphere_z),
         CS_BLOCK_MEMBER(Block, sphere_radius), CS_BLOCK_MEMBER(Block, ground),
         CS_BLOCK_MEMBER(Block, thickness), CS_BLOCK_MEMBER(Block, jacobiWeight)}};
    cs::Params noParams_;  // every member is listed above
    const Cloth& cloth_;
    cs::Buffer positions_, velocities_, positionsOut_, velocitiesOut_, rest_, normals_, forces_,
        starts_;
};

cs::Program clothProgram(const std::string& file) {
    return cs::Program::compute("cloth/" + file);
}

// The colouring as the README states it: colour 2k + p holds direction k's springs whose
// start has parity p along the direction's axis (columns for 0, 2, 3; rows for 1), and for
// the bend springs, pairs of columns (rows for 5) 4m + 2p + {0, 1}.
glm::ivec2 colourExtent(const Cloth& c, int colour) {
    const int k = colour / 2;
    return k == 1 || k == 5 ? glm::ivec2(c.width, (c.height + 1) / 2)
                            : glm::ivec2((c.width + 1) / 2, c.height);
}

int colourOf(int x, int y, int k) {
    if (k == 1) return 2 * k + y % 2;
    if (k == 4) return 2 * k + (x / 2) % 2;
    if (k == 5) return 2 * k + (y / 2) % 2;
    return 2 * k + x % 2;
}

class ClothKernels : public cs::test::GlTest {};

// Every spring adds its force and a count of 1 to both ends, once: the counts are exact (a
// point's w is its number of springs, their total twice the number of springs, 6WH - 5W -
// 5H + 2), the forces within the float bound of referenceForces, on grids whose sides are
// not multiples of the 16 x 16 work groups.
TEST_F(ClothKernels, ColouredScatterAddsEverySpringOnceToBothEnds) {
    const cs::Program scatter = clothProgram("springs_scatter.comp");
    const Physics p;
    for (const auto& [w, h] : {std::pair{2, 2}, {3, 5}, {37, 23}, {17, 40}}) {
        const Cloth c = makeCloth(w, h, unsigned(w * 100 + h));
        GpuCloth gpu(c);
        for (int colour = 0; colour < 12; ++colour)
            gpu.run(scatter, p, colourExtent(c, colour), colour);
        const std::vector<glm::vec4> forces = gpu.forces();
        const Forces reference = referenceForces(p, c);
        double counted = 0;
        int bad = 0;
        for (int y = 0; y < h && bad < 5; ++y)
            for (int x = 0; x < w && bad < 5; ++x) {
                const int i = c.index(x, y);
                counted += forces[size_t(i)].w;
                EXPECT_EQ(forces[size_t(i)].w, float(springsAt(c, x, y)))
                    << w << "x" << h << " point (" << x << ", " << y << ")";
                const double error =
                    glm::length(glm::dvec3(forces[size_t(i)]) - reference.sum[size_t(i)]);
                const bool ok = error <= reference.tolerance[size_t(i)];
                EXPECT_TRUE(ok) << w << "x" << h << " point (" << x << ", " << y << "): off by "
                                << error << ", bound " << reference.tolerance[size_t(i)];
                bad += !ok;
            }
        EXPECT_EQ(counted, 2.0 * (6.0 * w * h - 5.0 * w - 5.0 * h + 2.0)) << w << "x" << h;
    }
}

// Each colour's dispatch alone takes exactly the springs the stated colouring gives it: on
// zeroed sums, every point counts at most one spring, and the counts add up to twice the
// colour's springs. (Two springs of a colour on one point would count 2, or 1 where their
// additions race; either way the total is off.)
TEST_F(ClothKernels, EachColourDispatchTakesItsSpringsOnly) {
    const cs::Program scatter = clothProgram("springs_scatter.comp");
    const Physics p;
    const Cloth c = makeCloth(37, 23, 5);
    for (int colour = 0; colour < 12; ++colour) {
        GpuCloth gpu(c);
        gpu.run(scatter, p, colourExtent(c, colour), colour);
        double ends = 0;
        for (const glm::vec4& f : gpu.forces()) {
            EXPECT_LE(f.w, 1.0f) << "colour " << colour;
            ends += f.w;
        }
        long long springs = 0;
        forEachSpring(c, [&](int a, int, int k) {
            springs += colourOf(a % c.width, a / c.width, k) == colour;
        });
        EXPECT_EQ(ends, 2.0 * double(springs)) << "colour " << colour;
    }
}

// The colouring itself, as stated: no two springs of a colour share a point, and every
// spring has one colour. Exact, on the CPU, for the sizes above and the thesis' 64 x 64.
TEST_F(ClothKernels, NoTwoSpringsOfAColourShareAPoint) {
    for (const auto& [w, h] : {std::pair{2, 2}, {3, 5}, {37, 23}, {64, 64}}) {
        const Cloth c = makeCloth(w, h, 1);
        std::vector<std::vector<int>> touched(12, std::vector<int>(size_t(c.count()), 0));
        long long springs = 0;
        forEachSpring(c, [&](int a, int b, int k) {
            const int colour = colourOf(a % w, a / w, k);
            ++touched[size_t(colour)][size_t(a)];
            ++touched[size_t(colour)][size_t(b)];
            ++springs;
        });
        for (const auto& counts : touched)
            EXPECT_LE(*std::max_element(counts.begin(), counts.end()), 1) << w << "x" << h;
        EXPECT_EQ(springs, 6LL * w * h - 5LL * w - 5LL * h + 2) << w << "x" << h;
    }
    EXPECT_EQ(6 * 64 * 64 - 10 * 64 + 2, 23938);
}

// Without colouring every spring adds in one dispatch and additions get lost; the tests
// cannot say how many (that depends on the GL), only that the pass is safe: it ends, every
// sum is finite, and no sum is larger than its springs could make it.
//
// The bound holds per component, not per vec4: a racing `forces[a] += vec4(f, 1.0)` is a
// 16-byte load and store, which a GPU may split, so one invocation's store can land in some
// components and be overwritten in others, and a load can see components of different
// stores. What does hold is that a 32-bit float is read and written whole, so each component
// on its own is a chain of read-add-writes from 0: the sum, in some order, of the terms of a
// subset of the point's springs, each added at most once, and the subsets may differ between
// components. So for each component k, |sum_k| <= the sum over the point's springs of
// |force_k| (plus float rounding: the tolerance of referenceForces, which bounds the rounding
// of any order of the sum), and the count w is a whole number from 0 to the point's springs.
// Reasoning from "a subset of the forces" as whole vectors would assume that a race loses
// whole vec4 additions. The bound on the sum's length, no more than the sum of its springs'
// force lengths, still holds with torn stores: it follows from the per-component bounds by
// the triangle inequality (for the vectors of the forces' component magnitudes).
TEST_F(ClothKernels, NaiveScatterIsSafe) {
    const cs::Program scatter = clothProgram("springs_scatter.comp");
    const Physics p;
    const Cloth c = makeCloth(37, 23, 7);
    GpuCloth gpu(c);
    gpu.run(scatter, p, {6 * c.width, c.height}, -1);
    const std::vector<glm::vec4> forces = gpu.forces();
    const Forces reference = referenceForces(p, c);
    // Per point, the sum over its springs of each force component's magnitude, and of the
    // forces' lengths.
    std::vector<glm::dvec3> magnitudes(size_t(c.count()), glm::dvec3(0.0));
    std::vector<double> lengths(size_t(c.count()), 0.0);
    forEachSpring(c, [&](int a, int b, int k) {
        const glm::dvec3 f = springForce(p, c, a, b, c.rest[size_t(k * c.count() + a)]);
        magnitudes[size_t(a)] += glm::abs(f);
        magnitudes[size_t(b)] += glm::abs(f);
        lengths[size_t(a)] += glm::length(f);
        lengths[size_t(b)] += glm::length(f);
    });
    long long lost = 0;
    for (int y = 0; y < c.height; ++y)
        for (int x = 0; x < c.width; ++x) {
            const size_t i = size_t(c.index(x, y));
            const glm::vec4 f = forces[i];
            ASSERT_TRUE(std::isfinite(f.x) && std::isfinite(f.y) && std::isfinite(f.z) &&
                        std::isfinite(f.w));
            for (int k = 0; k < 3; ++k)
                EXPECT_LE(std::abs(double(f[k])), magnitudes[i][k] + reference.tolerance[i])
                    << "point (" << x << ", " << y << "), component " << k;
            EXPECT_LE(glm::length(glm::dvec3(f)), lengths[i] + reference.tolerance[i])
                << "point (" << x << ", " << y << ")";
            EXPECT_GE(f.w, 0.0f) << "point (" << x << ", " << y << ")";
            EXPECT_LE(f.w, float(springsAt(c, x, y))) << "point (" << x << ", " << y << ")";
            EXPECT_EQ(f.w, std::floor(f.w)) << "point (" << x << ", " << y << ")";
            lost += springsAt(c, x, y) - int(f.w);
        }
    std::printf("naive scatter on this GL: %lld of %lld spring ends lost\n", lost,
                2 * (6LL * 37 * 23 - 5 * 37 - 5 * 23 + 2));
}

// One substep of semi-implicit Euler, v += h (w F + a), x += h v, against double: the force's
// bound from referenceForces, plus 4 ulps of each sum the float path rounds (v, x, and the
// air's terms).
void expectSubstep(const Cloth& c, const Physics& p, const std::vector<glm::vec4>& x1,
                   const std::vector<glm::vec4>& v1, const char* what) {
    const Forces forces = referenceForces(p, c);
    int bad = 0;
    for (int i = 0; i < c.count() && bad < 5; ++i) {
        const glm::dvec3 x0(c.positions[size_t(i)]), v0(c.velocities[size_t(i)]);
        const double w = c.positions[size_t(i)].w;
        glm::dvec3 v = v0, x = x0;
        if (w > 0) {
            const glm::dvec3 a = externalAcceleration(p, v0, glm::dvec3(c.normals[size_t(i)]));
            v = v0 + p.h * (w * forces.sum[size_t(i)] + a);
            x = x0 + p.h * v;
        } else {
            v = glm::dvec3(0.0);
        }
        const double aScale = p.gravity + p.drag * (p.wind + glm::length(v0));
        const double vTolerance = p.h * (w * forces.tolerance[size_t(i)] + 8 * kUnit * aScale) +
                                  4 * kUnit * (glm::length(v0) + glm::length(v));
        const double xTolerance = p.h * vTolerance + 4 * kUnit * glm::length(x);
        const double xError = glm::length(glm::dvec3(x1[size_t(i)]) - x);
        const double vError = glm::length(glm::dvec3(v1[size_t(i)]) - v);
        const bool ok = xError <= xTolerance && vError <= vTolerance &&
                        x1[size_t(i)].w == c.positions[size_t(i)].w;
        EXPECT_TRUE(ok) << what << " point " << i << ": x off by " << xError << " (bound "
                        << xTolerance << "), v off by " << vError << " (bound " << vTolerance
                        << ")";
        bad += !ok;
    }
}

TEST_F(ClothKernels, GatherSubstepMatchesDouble) {
    const cs::Program gather = clothProgram("springs_gather.comp");
    const Physics p;
    const Cloth c = makeCloth(37, 23, 11);
    GpuCloth gpu(c);
    gpu.overGrid(gather, p);
    expectSubstep(c, p, gpu.positionsOut(), gpu.velocitiesOut(), "gather");
}

TEST_F(ClothKernels, ColouredScatterSubstepMatchesDouble) {
    const cs::Program scatter = clothProgram("springs_scatter.comp");
    const cs::Program integrate = clothProgram("springs_integrate.comp");
    const Physics p;
    const Cloth c = makeCloth(37, 23, 13);
    GpuCloth gpu(c);
    for (int colour = 0; colour < 12; ++colour)
        gpu.run(scatter, p, colourExtent(c, colour), colour);
    gpu.overGrid(integrate, p);
    expectSubstep(c, p, gpu.positions(), gpu.velocities(), "coloured scatter");
    for (const glm::vec4& f : gpu.forces()) EXPECT_EQ(f, glm::vec4(0.0f)) << "sums left zeroed";
}

// XPBD's distance constraint with compliance 1/c and damping d, one iteration (lambda from
// zero), in double: the correction dlambda * (xb - xa)/|xb - xa|.
glm::dvec3 xpbdCorrection(const Physics& p, glm::dvec3 xa, glm::dvec3 sa, double wa, glm::dvec3 xb,
                          glm::dvec3 sb, double wb, double restLength) {
    const glm::dvec3 d = xb - xa;
    const double len = glm::length(d);
    if (wa + wb == 0.0) return glm::dvec3(0.0);
    const glm::dvec3 n = d / len;
    const double compliance = 1.0 / (p.stiffness * p.h * p.h);
    const double gamma = p.damping / (p.stiffness * p.h);
    const double moved = glm::dot(n, (xb - sb) - (xa - sa));
    return (-(len - restLength) - gamma * moved) / ((1.0 + gamma) * (wa + wb) + compliance) * n;
}

// One XPBD substep in double: predict, the constraints (by colour in colour order, or Jacobi
// with averaging), and v = (x - start) / h.
void xpbdReference(const Physics& p, const Cloth& c, bool byColour, std::vector<glm::dvec3>& x,
                   std::vector<glm::dvec3>& v) {
    const size_t n = size_t(c.count());
    std::vector<glm::dvec3> start(n);
    x.resize(n);
    v.resize(n);
    for (size_t i = 0; i < n; ++i) {
        start[i] = glm::dvec3(c.positions[i]);
        v[i] = glm::dvec3(c.velocities[i]);
        if (c.positions[i].w > 0)
            v[i] += p.h * externalAcceleration(p, v[i], glm::dvec3(c.normals[i]));
        x[i] = c.positions[i].w > 0 ? start[i] + p.h * v[i] : start[i];
    }
    auto w = [&](int i) { return double(c.positions[size_t(i)].w); };
    if (byColour) {
        for (int colour = 0; colour < 12; ++colour)
            forEachSpring(c, [&](int a, int b, int k) {
                if (colourOf(a % c.width, a / c.width, k) != colour) return;
                const glm::dvec3 s =
                    xpbdCorrection(p, x[size_t(a)], start[size_t(a)], w(a), x[size_t(b)],
                                   start[size_t(b)], w(b), c.rest[size_t(k * c.count() + a)]);
                x[size_t(a)] -= w(a) * s;
                x[size_t(b)] += w(b) * s;
            });
    } else {
        std::vector<glm::dvec3> sum(n, glm::dvec3(0.0));
        std::vector<int> springs(n, 0);
        forEachSpring(c, [&](int a, int b, int k) {
            const glm::dvec3 s =
                xpbdCorrection(p, x[size_t(a)], start[size_t(a)], w(a), x[size_t(b)],
                               start[size_t(b)], w(b), c.rest[size_t(k * c.count() + a)]);
            sum[size_t(a)] -= w(a) * s;
            sum[size_t(b)] += w(b) * s;
            ++springs[size_t(a)];
            ++springs[size_t(b)];
        });
        for (size_t i = 0; i < n; ++i) x[i] += p.jacobiWeight / springs[i] * sum[i];
    }
    for (size_t i = 0; i < n; ++i) v[i] = w(int(i)) > 0 ? (x[i] - start[i]) / p.h : glm::dvec3(0.0);
}

// Against double: each of up to 12 corrections of a point is a length difference, so each is
// off by at most 8 ulps of the longest spring (as in referenceForces) times jacobiWeight,
// plus 4 ulps of x for the additions; v = (x - start) / h carries x's error over h.
void expectXpbdSubstep(bool byColour) {
    const Physics p;
    const Cloth c = makeCloth(37, 23, byColour ? 17 : 19);
    const cs::Program predict = clothProgram("xpbd_predict.comp");
    const cs::Program solve = clothProgram(byColour ? "xpbd_coloured.comp" : "xpbd_jacobi.comp");
    const cs::Program finalize = clothProgram("xpbd_finalize.comp");
    GpuCloth gpu(c);
    gpu.overGrid(predict, p);
    std::vector<glm::vec4> x1;
    if (byColour) {
        for (int colour = 0; colour < 12; ++colour)
            gpu.run(solve, p, colourExtent(c, colour), colour);
        gpu.overGrid(finalize, p);
        x1 = gpu.positions();
    } else {
        gpu.overGrid(solve, p);  // into positionsOut; finalize reads binding 0
        x1 = gpu.positionsOut();
    }
    std::vector<glm::dvec3> x, v;
    xpbdReference(p, c, byColour, x, v);
    const double longest = *std::max_element(c.rest.begin(), c.rest.end()) * 1.2;
    int bad = 0;
    for (int i = 0; i < c.count() && bad < 5; ++i) {
        const double xTolerance =
            12 * 8 * kUnit * longest * p.jacobiWeight + 4 * kUnit * glm::length(x[size_t(i)]);
        const double xError = glm::length(glm::dvec3(x1[size_t(i)]) - x[size_t(i)]);
        const bool ok = xError <= xTolerance;
        EXPECT_TRUE(ok) << (byColour ? "coloured" : "jacobi") << " point " << i << ": off by "
                        << xError << ", bound " << xTolerance;
        bad += !ok;
    }
    if (!byColour) return;
    const std::vector<glm::vec4> v1 = gpu.velocities();
    for (int i = 0; i < c.count() && bad < 5; ++i) {
        const double vTolerance =
            (12 * 8 * kUnit * longest + 8 * kUnit * glm::length(x[size_t(i)])) / p.h;
        const double vError = glm::length(glm::dvec3(v1[size_t(i)]) - v[size_t(i)]);
        EXPECT_LE(vError, vTolerance) << "coloured point " << i;
        bad += vError > vTolerance;
    }
}

TEST_F(ClothKernels, XpbdColouredSubstepMatchesDouble) {
    expectXpbdSubstep(true);
}
TEST_F(ClothKernels, XpbdJacobiSubstepMatchesDouble) {
    expectXpbdSubstep(false);
}

// The stated winding: for a flat grid, the normal points to the side from which +x turns to
// +y counter-clockwise. makeCloth lays grid y along -z, so that is +y; the mirror image
// (grid y along +z) gives -y; on a cap of the unit sphere laid out the same way, the
// normals point outwards, along the radius.
TEST_F(ClothKernels, NormalsFollowTheStatedWinding) {
    const cs::Program normals = clothProgram("normals.comp");
    const Physics p;
    for (int shape = 0; shape < 3; ++shape) {
        Cloth c = makeCloth(19, 13, 3);
        for (int y = 0; y < c.height; ++y)
            for (int x = 0; x < c.width; ++x) {
                const float u = 0.05f * float(x - 9), v = 0.05f * float(y - 6);
                glm::vec3 q = shape == 0   ? glm::vec3(u, 0.5f, -v)
                              : shape == 1 ? glm::vec3(u, 0.5f, v)
                                           : glm::normalize(glm::vec3(u, 1.0f, -v));
                c.positions[size_t(c.index(x, y))] = glm::vec4(q, 1.0f);
            }
        GpuCloth gpu(c);
        gpu.overGrid(normals, p);
        const std::vector<glm::vec4> n = gpu.read(gpu.normals());
        for (int i = 0; i < c.count(); ++i) {
            const glm::vec3 expected = shape == 0   ? glm::vec3(0, 1, 0)
                                       : shape == 1 ? glm::vec3(0, -1, 0)
                                                    : glm::vec3(c.positions[size_t(i)]);
            // A flat grid's normal is exact but for rounding; on the sphere the fan of four
            // chords tilts it by at most a few hundredths of a radian at the edges.
            EXPECT_GT(glm::dot(glm::vec3(n[size_t(i)]), expected), shape < 2 ? 0.999999f : 0.999f)
                << "shape " << shape << " point " << i;
        }
    }
}

}  // namespace
