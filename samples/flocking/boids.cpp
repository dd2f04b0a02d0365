#include "boids.h"

#include <cmath>
#include <cstring>
#include <random>

#include "util/error.h"
#include "util/file.h"

// The state file's bytes are the buffer's own: float32, little-endian, as on every CPU that
// runs this code. A big-endian machine would have to swap the bytes.
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "the flocking state file is little-endian: add a byte swap for this machine"
#endif

namespace flocking {
namespace {

bool isFinite(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

}  // namespace

std::vector<Boid> readBoids(const std::string& path) {
    const std::string bytes = cs::readFile(path);
    if (bytes.empty()) throw cs::Error(cs::printable(path) + ": empty state file (no boids)");
    if (bytes.size() % sizeof(Boid) != 0)
        throw cs::Error(cs::printable(path) + ": " + std::to_string(bytes.size()) +
                        " bytes is not a whole number of 32-byte boids "
                        "(px py pz 0 vx vy vz 0 as float32)");
    std::vector<Boid> boids(bytes.size() / sizeof(Boid));
    std::memcpy(boids.data(), bytes.data(), bytes.size());
    for (size_t i = 0; i < boids.size(); ++i) {
        if (!isFinite(boids[i].position) || !isFinite(boids[i].velocity))
            throw cs::Error(cs::printable(path) + ": boid " + std::to_string(i) +
                            " has a value that is not a finite number");
        boids[i].unused0 = boids[i].unused1 = 0.0f;
    }
    return boids;
}

std::string encodeBoids(const std::vector<Boid>& boids) {
    std::string bytes(boids.size() * sizeof(Boid), '\0');
    for (size_t i = 0; i < boids.size(); ++i) {
        Boid record = boids[i];
        record.unused0 = record.unused1 = 0.0f;
        std::memcpy(&bytes[i * sizeof(Boid)], &record, sizeof record);
    }
    return bytes;
}

std::vector<Boid> makeFlock(int count, std::uint32_t seed) {
    // mt19937's sequence is fixed by the standard; the distributions are not, so the floats
    // are made here: 24 random bits to [0, 1), then to [-1, 1).
    std::mt19937 random(seed);
    auto signedUnit = [&] { return float(random() >> 8) * 0x1p-23f - 1.0f; };
    const float radius = 5.0f * std::cbrt(float(count));
    std::vector<Boid> boids(static_cast<size_t>(count));
    for (Boid& boid : boids) {
        glm::vec3 inBall;
        do inBall = glm::vec3(signedUnit(), signedUnit(), signedUnit());
        while (glm::dot(inBall, inBall) > 1.0f);  // a point of the cube that lies in the ball
        boid.position = radius * inBall;
        boid.velocity = glm::vec3(signedUnit(), signedUnit(), signedUnit());
    }
    return boids;
}

std::vector<glm::vec4> positionsOf(const std::vector<Boid>& boids) {
    std::vector<glm::vec4> positions(boids.size());
    for (size_t i = 0; i < boids.size(); ++i) {
        const glm::vec3 x = boids[i].position;
        positions[i] = glm::vec4(x, glm::dot(x, x));
    }
    return positions;
}

glm::vec3 goalAt(double t, glm::vec3 reach) {
    const glm::dvec3 path(std::sin(0.34 * t), std::cos(0.29 * t),
                          std::sin(0.12 * t) * std::cos(0.5 * t));
    return glm::vec3(path * glm::dvec3(reach));
}

}  // namespace flocking
