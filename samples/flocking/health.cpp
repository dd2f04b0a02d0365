#include "health.h"

#include <string>

#include "util/error.h"

namespace flocking {
namespace {

// health.glsl's Health block before any step has gone non-finite.
constexpr GLuint kNoStep = 0xFFFFFFFFu;

}  // namespace

cs::Buffer healthFlag() {
    return cs::Buffer("first non-finite step", sizeof kNoStep, cs::BufferUse::Computed, &kNoStep);
}

void requireHealthy(const cs::Buffer& flag) {
    GLuint firstNonFinite = kNoStep;
    flag.download(&firstNonFinite, sizeof firstNonFinite);
    if (firstNonFinite != kNoStep)
        throw cs::Error("step " + std::to_string(firstNonFinite) +
                        " produced a value that is not a finite number: the flock's "
                        "positions or velocities overflowed float");
}

}  // namespace flocking
