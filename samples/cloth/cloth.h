#pragma once
// The CPU side of the cloth sample: the grid and its springs, the point file, and the
// single-threaded solver that runs the very steps the shaders run (compute=cpu), in the same
// order and in float: the reference of the tests and the CPU side of the --bench figure.
// Nothing here touches OpenGL; main.cpp uploads what these functions make.
#include <cstddef>
#include <glm/glm.hpp>
#include <string>
#include <vector>

namespace cloth {

// One point as the shaders and the point file see it: xyz = position, w = inverse mass
// (0 = pinned: it never moves). A std430 vec4.
using Point = glm::vec4;
static_assert(sizeof(Point) == 16, "a point is one std430 vec4: x, y, z, inverse mass");

// The six springs a point owns run to the neighbours at these grid offsets (x, y); the other
// six of its up to twelve springs are owned by the neighbours at minus these offsets.
//   0, 1: structural (+1 along x, +1 along y)   2, 3: shear (the two diagonals)
//   4, 5: bend (+2 along x, +2 along y)
constexpr int kDirections = 6;
constexpr int kOffsets[kDirections][2] = {{1, 0}, {0, 1}, {1, 1}, {1, -1}, {2, 0}, {0, 2}};
// Each direction's springs fall into two colours by where they start (colourStart), and no
// two springs of one colour share a point: 12 colours, the least any colouring can use,
// since an inner point has 12 springs that all need different colours.
constexpr int kColours = 2 * kDirections;

// Springs of a complete 12-neighbour width x height grid, each counted once:
//   structural H(W-1) + W(H-1), shear 2(W-1)(H-1), bend H(W-2) + W(H-2)
//   = 6WH - 5W - 5H + 2, that is 6n^2 - 10n + 2 for n x n (23,938 for 64 x 64).
long long springCount(int width, int height);
// The springs that end at point (x, y): how many of its twelve neighbours exist.
int springsAt(int x, int y, int width, int height);

// The extent of the dispatch for one colour: one invocation per spring start of the colour's
// parity, half the columns (half the rows for directions 1 and 5), rounded up. Mirrors
// colourExtent() in shaders/cloth/cloth.glsl, where the shader skips the overhang.
inline glm::ivec2 colourExtent(int colour, int width, int height) {
    const int k = colour / 2;
    return k == 1 || k == 5 ? glm::ivec2(width, (height + 1) / 2)
                            : glm::ivec2((width + 1) / 2, height);
}
// The start point of the spring that invocation `id` of a colour's dispatch takes (the spring
// may run off the grid: the shader skips it). Mirrors colourStart() in cloth.glsl.
glm::ivec2 colourStart(glm::ivec2 id, int colour);

// Points keep this far from the sphere and the ground, so that the flat triangles between
// them do not cut into the sphere that is drawn (a 3 cm chord sags 0.3 mm on a 0.5 m sphere).
constexpr float kThickness = 0.005f;
// Jacobi with averaging moves each point by this many times the mean of its constraints'
// corrections (over-relaxation, as in Macklin et al. 2014; 1 converges slowly, 2 may
// not converge at all).
constexpr float kJacobiWeight = 1.5f;
// The Coulomb coefficient of the sphere and the ground.
constexpr float kFriction = 0.5f;

// The numbers every pass reads: the C++ mirror of the std140 uniform block Physics in
// shaders/cloth/cloth.glsl, member for member (cs::UniformBlock checks the offsets against
// the linked programs'). The parameters live here: main.cpp declares them with these members
// as storage, so each value has its declaration, its member and its GLSL member. grid and h
// the sample writes; the last three are the constants above.
struct Physics {
    glm::ivec2 grid{0};  // points along x and y
    float h = 0.0f;      // seconds per substep: dt / substeps
    float stiffness = 0.0f;
    float damping = 0.0f;
    float drag = 0.0f;
    float gravity = 0.0f;
    float wind = 0.0f;
    float friction = kFriction;
    float sphereX = 0.0f;
    float sphereY = 0.0f;
    float sphereZ = 0.0f;
    float sphereRadius = 0.0f;
    float ground = 0.0f;
    float thickness = kThickness;
    float jacobiWeight = kJacobiWeight;
    glm::vec3 sphereCentre() const { return {sphereX, sphereY, sphereZ}; }
};
static_assert(sizeof(Physics) == 64 && offsetof(Physics, h) == 8 &&
                  offsetof(Physics, sphereX) == 36 && offsetof(Physics, jacobiWeight) == 60,
              "std140: an ivec2, then 14 floats, with no padding");

enum class Solver { Springs, Xpbd };

// How a step runs: the solver, its variant, and its substeps (Physics::h is dt / substeps).
struct Method {
    Solver solver;
    bool colouring;     // springs: coloured scatter, else gather; xpbd: coloured, else Jacobi
    bool naiveScatter;  // springs without colouring: the racing scatter, not gather
    int substeps;
};

// The default cloth: width x height points with unit masses (inverse mass 1), square cells,
// 2 m along its longer side, flat and level 0.6 m up, centred over the origin. Grid x runs
// along +x, grid y along -z, so the normal (see computeNormals) points up.
std::vector<Point> makeCloth(int width, int height);

// The point file: width * height points, row-major (row y = 0 first), each x, y, z and inverse
// mass as little-endian float32, 16 bytes, nothing else. readPoints throws cs::Error naming
// the file when its size is not width * height * 16 or a value is not finite or an inverse
// mass is negative.
std::vector<Point> readPoints(const std::string& path, int width, int height);
std::string encodePoints(const std::vector<Point>& points);
// The first of `points` whose position is no longer a finite number (the springs blew up),
// or points.size() where all are.
std::size_t firstNonFinite(const std::vector<Point>& points);
// Throws cs::Error naming the first of `points` (rows of `width`) whose position is no longer
// a finite number after `steps` steps: the springs blew up.
void requireFinite(const std::vector<Point>& points, int width, long long steps);

// The cloth's surface for drawing: two triangles per grid cell, (i, i+1, i+1+W) and
// (i, i+1+W, i+W), both counter-clockwise in the grid's x, y.
std::vector<unsigned> triangles(int width, int height);

// The rest length of every spring, from the points as they are (a cloth starts at rest):
// kDirections arrays of width * height floats, direction-major (index k * count + point);
// 0 where a spring would leave the grid.
std::vector<float> restLengths(const std::vector<Point>& points, int width, int height);

// Per point, the sum of the cross products of the edges to its neighbours in turn (+x, +y,
// -x, -y), normalised: for a flat grid it points to the side from which +x turns to +y
// counter-clockwise, the side that sees the triangles (i, i+1, i+1+W) counter-clockwise.
void computeNormals(const std::vector<Point>& points, int width, int height,
                    std::vector<glm::vec4>& normals);

// The whole solver on one CPU thread, step for step as the shaders do it.
class CpuCloth {
public:
    CpuCloth() = default;
    CpuCloth(int width, int height, std::vector<Point> points);
    // One step: `method.substeps` substeps of its solver, each `physics.h` long, then the
    // normals.
    void step(const Physics& physics, const Method& method);
    // One point's position and inverse mass, at rest (the pins and the mouse).
    void setPoint(int i, Point point) {
        positions[size_t(i)] = point;
        velocities[size_t(i)] = glm::vec4(0.0f);
    }

    int width = 0, height = 0;
    std::vector<Point> positions;
    std::vector<glm::vec4> velocities, normals;  // xyz; w = 0
    std::vector<float> rest;                     // restLengths()

private:
    void springsGather(const Physics& p);
    void springsScatter(const Physics& p, bool byColour);
    void xpbdColoured(const Physics& p);
    void xpbdJacobi(const Physics& p);
    void xpbdPredict(const Physics& p);
    void xpbdFinalize(const Physics& p);
    bool inGrid(int x, int y) const { return x >= 0 && y >= 0 && x < width && y < height; }
    // Calls f(neighbour, rest length) for each spring at point (x, y), in the shaders' order:
    // per direction, the spring ahead (kept with this point), then the one behind (kept
    // with the neighbour).
    template <typename F>
    void forEachSpringAt(int x, int y, F f) const {
        const size_t count = positions.size(), i = size_t(y) * width + x;
        for (int k = 0; k < kDirections; ++k)
            for (int side = 1; side >= -1; side -= 2) {
                const int nx = x + side * kOffsets[k][0], ny = y + side * kOffsets[k][1];
                if (!inGrid(nx, ny)) continue;
                const size_t j = size_t(ny) * width + nx;
                f(j, rest[k * count + (side > 0 ? i : j)]);
            }
    }

    std::vector<Point> scratch_;                // gather and Jacobi write here, then swap
    std::vector<glm::vec4> scratchVelocities_;  // gather's
    std::vector<glm::vec4> forces_;             // scatter's, w = springs applied
    std::vector<glm::vec4> previous_;           // xpbd: positions at the substep's start
};

}  // namespace cloth
