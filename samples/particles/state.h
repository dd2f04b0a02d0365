#pragma once
// One particle as the shaders and the state file (--input, --output) see it, and the file's
// reading: the state file is count x 32 bytes of Particle, nothing else.
#include <cstddef>
#include <glm/glm.hpp>
#include <string>
#include <vector>

namespace particles {

// std430 lays out two vec4s back to back.
struct Particle {
    glm::vec4 position;  // xyz, and w = age in seconds (negative: waiting to be emitted)
    glm::vec4 velocity;  // xyz; w unused
};
static_assert(sizeof(Particle) == 32 && offsetof(Particle, velocity) == 16,
              "Particle must match the std430 layout in shaders/particles/step.comp");

// The particles of the state file at `path`, read no further than `mostBytes` (a device or a
// FIFO ends there). Throws cs::Error naming the file when it is empty, is not a whole number
// of particles or holds a value that is not a finite number (velocity.w, padding, excepted).
std::vector<Particle> readState(const std::string& path, std::size_t mostBytes);

// The most particles this GL runs at `localSize`: what one storage block binds, and what one
// dispatch covers (at most 2^24, the count's declared end). The count's slider ends there, so
// that a drag never ends in a value the GL refuses.
int mostParticles(int localSize);

}  // namespace particles
