#include "state.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>

#include "gl/info.h"
#include "util/error.h"
#include "util/file.h"

namespace particles {

std::vector<Particle> readState(const std::string& path, std::size_t mostBytes) {
    const std::string bytes = cs::readFile(
        path, {mostBytes, "the most one storage block holds: GL_MAX_SHADER_STORAGE_BLOCK_SIZE"});
    if (bytes.empty()) throw cs::Error(cs::printable(path) + ": empty state file, no particles");
    if (bytes.size() % sizeof(Particle) != 0)
        throw cs::Error(cs::printable(path) + ": " + std::to_string(bytes.size()) +
                        " bytes is not a whole number of 32-byte particles");
    std::vector<Particle> state(bytes.size() / sizeof(Particle));
    std::memcpy(state.data(), bytes.data(), bytes.size());
    // Position, age and velocity must be numbers; velocity.w is padding, never read.
    auto finite = [](const glm::vec4& v, int components) {
        for (int c = 0; c < components; ++c)
            if (!std::isfinite(v[c])) return false;
        return true;
    };
    for (size_t i = 0; i < state.size(); ++i)
        if (!finite(state[i].position, 4) || !finite(state[i].velocity, 3))
            throw cs::Error(cs::printable(path) + ": particle " + std::to_string(i) +
                            " has a value that is not a finite number");
    return state;
}

int mostParticles(int localSize) {
    const std::int64_t bound = std::min<std::int64_t>(
        cs::glInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE) / std::int64_t(sizeof(Particle)),
        std::int64_t(cs::glInteger(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 0)) * localSize);
    return int(std::min<std::int64_t>(bound, 1 << 24));
}

}  // namespace particles
