#pragma once
// The CPU side of the flocking sample: the records the shaders read and write, the step's
// parameter block, the state file, the generated flock and the goal's path. Nothing here
// touches OpenGL; main.cpp uploads what these functions make.
#include <cstddef>
#include <cstdint>
#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "gl/uniform_block.h"

namespace flocking {

// One member of the flock, as the shaders see it (shaders/flocking/boid.glsl):
//   struct Boid { vec3 position; vec3 velocity; };
// std430 aligns a vec3 to 16 bytes, so the velocity starts at byte 16 and a Boid takes 32,
// with 4 unused bytes after each vec3. The state file holds exactly these bytes.
struct Boid {
    glm::vec3 position;
    float unused0 = 0.0f;
    glm::vec3 velocity;
    float unused1 = 0.0f;
};
static_assert(sizeof(glm::vec3) == 12, "glm::vec3 must be three packed floats");
static_assert(sizeof(Boid) == 32 && offsetof(Boid, position) == 0 && offsetof(Boid, velocity) == 16,
              "Boid must match std430's struct { vec3 position; vec3 velocity; }");

// A paper plane's axes, which the step writes for the draw (boid.glsl's Frame): three vec3s,
// each at its own 16 bytes.
struct Frame {
    glm::vec3 side;
    float unused0;
    glm::vec3 up;
    float unused1;
    glm::vec3 forward;
    float unused2;
};
static_assert(sizeof(Frame) == 48 && offsetof(Frame, side) == 0 && offsetof(Frame, up) == 16 &&
                  offsetof(Frame, forward) == 32,
              "Frame must match std430's struct { vec3 side; vec3 up; vec3 forward; }");

// step.glsl's Step block (std140), the update's parameters: each is a parameter too (main.cpp
// declares it with its member as storage, named as the member), but for count.
struct Step {
    float radius, separation_distance;
    float separation_weight, alignment_weight, goal_weight, cohesion_weight;
    float dt, max_speed, smoothing;
    std::uint32_t count;
};
static_assert(sizeof(Step) == 40 && offsetof(Step, count) == 36,
              "Step must match std140's block: ten 4-byte scalars, packed");

// grid.glsl's Cells block (std140), which the grid's bin pass and update read: derived from
// the parameters, no parameter of its own (passes.cpp writes it when it changes).
struct Cells {
    float inverseCellEdge = 0.0f;
    std::uint32_t tableSize = 0;
};

// The state file: N records of 8 float32, little-endian: px py pz 0 vx vy vz 0, the Boid's
// own bytes. readBoids throws cs::Error naming the file when it is empty (N = 0), when its
// size is not a multiple of 32, or when a position or velocity is not finite; the unused
// slots are ignored (and written as 0); and as soon as it holds more than `mostBoids` (a device
// or a FIFO is read no further).
std::vector<Boid> readBoids(const std::string& path, std::uint64_t mostBoids);
std::string encodeBoids(const std::vector<Boid>& boids);

// A flock of `count` members, the same for the same seed on every platform: positions
// uniform in a ball of radius 5 * cbrt(count) around the origin (about one member per 8^3,
// so a larger flock fills a larger ball at the same density), velocities uniform in
// [-1, 1]^3.
std::vector<Boid> makeFlock(int count, std::uint32_t seed);

// The positions as the grid's reduction (rule 4) and the view read them: xyz, and |xyz|² in
// w, for the flock's spread (plane.vert).
std::vector<glm::vec4> positionsOf(const std::vector<Boid>& boids);

// The goal at simulated time t seconds, for a path of the given reach along each axis:
// (sin 0.34t, cos 0.29t, sin 0.12t cos 0.5t) * reach.
glm::vec3 goalAt(double t, glm::vec3 reach);

}  // namespace flocking
