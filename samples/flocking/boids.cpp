#include "boids.h"

#include <algorithm>
#include <cmath>
#include <random>

#include "util/error.h"
#include "util/file.h"
#include "util/float_bytes.h"

namespace flocking {
namespace {

bool isFinite(const glm::vec3& v) {
    return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z);
}

}  // namespace

std::vector<Boid> readBoids(const std::string& path, std::uint64_t mostBoids) {
    const std::string bytes = cs::readFile(
        path, {std::size_t(std::min<std::uint64_t>(mostBoids, cs::kMaxReadBytes) * sizeof(Boid)),
               std::to_string(mostBoids) + " boids, the most one storage block holds"});
    if (bytes.empty()) throw cs::Error(cs::printable(path) + ": empty state file (no boids)");
    if (bytes.size() % sizeof(Boid) != 0)
        throw cs::Error(cs::printable(path) + ": " + std::to_string(bytes.size()) +
                        " bytes is not a whole number of 32-byte boids "
                        "(px py pz 0 vx vy vz 0 as float32)");
    std::vector<Boid> boids(bytes.size() / sizeof(Boid));
    const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
    for (size_t i = 0; i < boids.size(); ++i) {
        for (int k = 0; k < 3; ++k) {
            boids[i].position[k] = cs::readFloatLe(data + 32 * i + 4 * k);
            boids[i].velocity[k] = cs::readFloatLe(data + 32 * i + 16 + 4 * k);
        }
        if (!isFinite(boids[i].position) || !isFinite(boids[i].velocity))
            throw cs::Error(cs::printable(path) + ": boid " + std::to_string(i) +
                            " has a value that is not a finite number");
    }
    return boids;
}

std::string encodeBoids(const std::vector<Boid>& boids) {
    std::string bytes(boids.size() * sizeof(Boid), '\0');
    for (size_t i = 0; i < boids.size(); ++i)
        for (int k = 0; k < 3; ++k) {
            cs::writeFloatLe(boids[i].position[k], &bytes[32 * i + 4 * k]);
            cs::writeFloatLe(boids[i].velocity[k], &bytes[32 * i + 16 + 4 * k]);
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
