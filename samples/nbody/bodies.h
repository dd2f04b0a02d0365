#pragma once
// The CPU side of the nbody sample: the body record and the parameters as the shaders see
// them, the state file, the initial conditions, how to frame them in the view, and the
// single-threaded all-pairs reference the benchmark compares with. Nothing here touches
// OpenGL; main.cpp uploads what these make.
#include <cstddef>
#include <cstdint>
#include <glm/glm.hpp>
#include <string>
#include <vector>

namespace nbody {

// One body, as the state file stores it and as the shaders see it: two std430 vec4s.
// On the GPU the two halves live in separate buffers (positions, velocities), because the
// force loop reads only positions; every byte it fetches is then one it needs.
struct Body {
    glm::vec4 positionMass;  // xyz = position, w = mass
    glm::vec4 velocity;      // xyz = velocity, w = unused (0)
};
static_assert(sizeof(glm::vec4) == 16, "a std430 vec4 is 16 bytes");
static_assert(sizeof(Body) == 32 && offsetof(Body, positionMass) == 0 &&
                  offsetof(Body, velocity) == 16,
              "Body must match the state file: pos.xyz, mass, vel.xyz, pad");

// The parameters of every gravity pass: the C++ mirror of the std140 block Gravity in
// shaders/nbody/gravity.glsl. softening and gravity are the sample's parameters themselves
// (Params::add with storage); main.cpp writes the count.
struct Gravity {
    std::uint32_t count;
    float softening, gravity;
};

// Each body's halves, the positions and the velocities, as the GPU holds them.
struct Halves {
    std::vector<glm::vec4> positions, velocities;
};
Halves split(const std::vector<Body>& bodies);
std::vector<Body> join(const Halves& halves);

// The state file: N records of 8 float32 little-endian (pos.xyz, mass, vel.xyz, pad),
// 32 bytes per body, nothing else. Throws cs::Error naming the file when its size is not
// a positive multiple of 32 or a value is not finite or a mass is negative, and as soon as it
// holds more than `mostBodies` (a device or a FIFO is read no further).
std::vector<Body> readState(const std::string& path, std::uint64_t mostBodies);
// The bytes of the same format.
std::string encodeState(const std::vector<Body>& bodies);
// Whether every value of the body, the unused one included, is a finite number.
bool isFinite(const Body& body);
// Throws cs::Error naming the first of `bodies` that is no longer a finite number after
// `steps` steps: its motion overflowed float.
void requireFinite(const std::vector<Body>& bodies, long long steps);

// Initial conditions, all with total mass `mass`, in a frame where the centre of mass is
// at rest at the origin, seeded so that the same seed gives the same bodies everywhere.
//   "sphere":  uniform ball of radius 1, Gaussian velocities at virial equilibrium
//   "plummer": Plummer sphere (Aarseth, Henon & Wielen 1974), scale 3 pi / 16: with G = M = 1
//              these are Henon's standard units, total energy -1/4
//   "disks":   two disk galaxies (bulge + exponential disk) on a collision course
std::vector<Body> makeBodies(const std::string& kind, int count, float mass, float G,
                             float softeningSqr, std::uint64_t seed);

// How the sample shows the bodies: the radius of a sphere around the origin that holds most of
// them, for the camera to fit (1.48 times their median distance from the origin), and a speed
// to colour against (twice the RMS speed).
struct View {
    float radius = 1.0f, speedScale = 1.0f;
};
View viewOf(const std::vector<Body>& bodies);

// Plain single-threaded all-pairs accelerations (without G) on bodies [0, rows) from all
// bodies, in float, with the shaders' arithmetic and 20-FLOP count: the benchmark's CPU
// reference.
void cpuPulls(const std::vector<glm::vec4>& positions, size_t rows, float softeningSqr,
              std::vector<glm::vec3>& pulls);

}  // namespace nbody
