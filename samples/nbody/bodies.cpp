#include "bodies.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "util/error.h"
#include "util/file.h"
#include "util/float_bytes.h"

namespace nbody {
namespace {

constexpr double kPi = 3.14159265358979323846;

// A small seeded generator whose output is the same on every platform (the standard
// distributions are not): splitmix64, then 53 bits to a double in [0, 1).
class Random {
public:
    explicit Random(std::uint64_t seed) : state_(seed) {}
    double uniform() { return double(next() >> 11) * 0x1.0p-53; }
    double uniform(double lo, double hi) { return lo + (hi - lo) * uniform(); }
    double gaussian() {  // Box-Muller
        const double u = 1.0 - uniform(), v = uniform();
        return std::sqrt(-2.0 * std::log(u)) * std::cos(2.0 * kPi * v);
    }
    glm::dvec3 direction() {  // uniform on the unit sphere
        const double z = uniform(-1.0, 1.0), phi = uniform(0.0, 2.0 * kPi);
        const double s = std::sqrt(1.0 - z * z);
        return {s * std::cos(phi), s * std::sin(phi), z};
    }

private:
    std::uint64_t next() {
        std::uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
        return z ^ (z >> 31);
    }
    std::uint64_t state_;
};

struct Particle {
    glm::dvec3 position, velocity;
};

// Plummer sphere of scale `a` and mass `mass` (Aarseth, Henon & Wielen 1974): the radius
// by inverting the cumulative mass, the speed q * v_escape by von Neumann rejection on
// g(q) = q^2 (1 - q^2)^(7/2), whose maximum is below 0.1. Radii beyond 10 a (1.5% of the
// mass) are drawn again, as is usual, so no body starts far out on its own.
Particle plummerParticle(Random& random, double a, double G, double mass) {
    double r;
    do {
        const double m = random.uniform(1e-10, 1.0);
        r = a / std::sqrt(std::pow(m, -2.0 / 3.0) - 1.0);
    } while (r > 10.0 * a);
    double q, g;
    do {
        q = random.uniform();
        g = random.uniform(0.0, 0.1);
    } while (g > q * q * std::pow(1.0 - q * q, 3.5));
    const double escape = std::sqrt(2.0 * G * mass / a) * std::pow(1.0 + r * r / (a * a), -0.25);
    return {r * random.direction(), q * escape * random.direction()};
}

void sphere(Random& random, std::vector<Particle>& out, double G, double mass) {
    // Virial equilibrium 2K = |W| with W = -3 G M^2 / (5 R): sigma^2 = G M / (5 R) per axis.
    const double sigma = std::sqrt(G * mass / 5.0);
    for (Particle& p : out) {
        p.position = std::cbrt(random.uniform()) * random.direction();
        p.velocity = sigma * glm::dvec3(random.gaussian(), random.gaussian(), random.gaussian());
    }
}

// One disk galaxy of `count` bodies and mass `mass`, centred at the origin, spinning about
// +z: 20% of the bodies in a Plummer bulge, the rest in an exponential disk whose radius
// is drawn from r e^(-r/h) (the sum of two exponentials). Disk bodies move on circular
// orbits for the softened mass inside their radius (treated as spherical: close enough
// to start a disk that holds together), plus a little random motion.
void galaxy(Random& random, Particle* out, int count, double G, double mass, double eps2) {
    const double h = 0.25, rMax = 1.0, bulgeScale = 0.08, bulgeFraction = 0.2;
    const int bulgeCount = int(count * bulgeFraction);
    const double bulgeMass = mass * bulgeCount / count, diskMass = mass - bulgeMass;
    for (int i = 0; i < bulgeCount; ++i) out[i] = plummerParticle(random, bulgeScale, G, bulgeMass);
    auto diskMassWithin = [&](double r) {
        const double norm = 1.0 - (1.0 + rMax / h) * std::exp(-rMax / h);
        return diskMass * (1.0 - (1.0 + r / h) * std::exp(-r / h)) / norm;
    };
    for (int i = bulgeCount; i < count; ++i) {
        double r;
        do r = -h * std::log((1.0 - random.uniform()) * (1.0 - random.uniform()));
        while (r > rMax || r < 0.02);
        const double phi = random.uniform(0.0, 2.0 * kPi);
        const double inside = bulgeMass * std::pow(r * r / (r * r + bulgeScale * bulgeScale), 1.5) +
                              diskMassWithin(r);
        const double speed = std::sqrt(G * inside * r * r / std::pow(r * r + eps2, 1.5));
        const glm::dvec3 radial(std::cos(phi), std::sin(phi), 0.0);
        const glm::dvec3 tangent(-std::sin(phi), std::cos(phi), 0.0);
        const double jitter = 0.08 * speed;
        out[i].position = r * radial + glm::dvec3(0.0, 0.0, 0.02 * random.gaussian());
        out[i].velocity =
            speed * tangent +
            jitter * glm::dvec3(random.gaussian(), random.gaussian(), 0.3 * random.gaussian());
    }
}

// Turns a galaxy by `angle` radians about `axis`, then moves it to `centre` with `velocity`.
void place(Particle* begin, Particle* end, glm::dvec3 axis, double angle, glm::dvec3 centre,
           glm::dvec3 velocity) {
    axis = glm::normalize(axis);
    const double c = std::cos(angle), s = std::sin(angle);
    auto rotate = [&](glm::dvec3 v) {  // Rodrigues' formula
        return v * c + glm::cross(axis, v) * s + axis * glm::dot(axis, v) * (1.0 - c);
    };
    for (Particle* p = begin; p != end; ++p) {
        p->position = rotate(p->position) + centre;
        p->velocity = rotate(p->velocity) + velocity;
    }
}

}  // namespace

Halves split(const std::vector<Body>& bodies) {
    Halves halves;
    for (const Body& body : bodies) {
        halves.positions.push_back(body.positionMass);
        halves.velocities.push_back(body.velocity);
    }
    return halves;
}

std::vector<Body> join(const Halves& halves) {
    std::vector<Body> bodies(halves.positions.size());
    for (size_t i = 0; i < bodies.size(); ++i)
        bodies[i] = {halves.positions[i], halves.velocities[i]};
    return bodies;
}

bool isFinite(const Body& body) {
    for (int k = 0; k < 4; ++k)
        if (!std::isfinite(body.positionMass[k]) || !std::isfinite(body.velocity[k])) return false;
    return true;
}

void requireFinite(const std::vector<Body>& bodies, long long steps) {
    for (size_t i = 0; i < bodies.size(); ++i)
        if (!isFinite(bodies[i]))
            throw cs::Error("after step " + std::to_string(steps) + ", body " + std::to_string(i) +
                            " is no longer a finite number: its motion overflowed float");
}

std::vector<Body> readState(const std::string& path, std::uint64_t mostBodies) {
    const std::string bytes = cs::readFile(
        path, {std::size_t(std::min<std::uint64_t>(mostBodies, cs::kMaxReadBytes) * sizeof(Body)),
               std::to_string(mostBodies) + " bodies, the most one storage block holds"});
    if (bytes.empty()) throw cs::Error(cs::printable(path) + ": empty state file (no bodies)");
    if (bytes.size() % sizeof(Body) != 0)
        throw cs::Error(cs::printable(path) + ": " + std::to_string(bytes.size()) +
                        " bytes is not a whole number of 32-byte bodies "
                        "(pos.xyz, mass, vel.xyz, pad as float32)");
    std::vector<Body> bodies(bytes.size() / sizeof(Body));
    const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
    for (size_t i = 0; i < bodies.size(); ++i) {
        float values[8];
        for (int k = 0; k < 8; ++k) values[k] = cs::readFloatLe(data + 32 * i + 4 * k);
        // The eighth float is the pad: ignored, as the README says, whatever it holds (a NaN
        // there is no value of the body's).
        bodies[i].positionMass = glm::vec4(values[0], values[1], values[2], values[3]);
        bodies[i].velocity = glm::vec4(values[4], values[5], values[6], 0.0f);
        if (!isFinite(bodies[i]))
            throw cs::Error(cs::printable(path) + ": body " + std::to_string(i) +
                            " has a value that is not a finite number");
        if (values[3] < 0.0f)
            throw cs::Error(cs::printable(path) + ": body " + std::to_string(i) +
                            " has a negative mass");
    }
    return bodies;
}

std::string encodeState(const std::vector<Body>& bodies) {
    std::string bytes(bodies.size() * sizeof(Body), '\0');
    for (size_t i = 0; i < bodies.size(); ++i) {
        const glm::vec4 halves[2] = {bodies[i].positionMass, bodies[i].velocity};
        for (int k = 0; k < 8; ++k) cs::writeFloatLe(halves[k / 4][k % 4], &bytes[32 * i + 4 * k]);
    }
    return bytes;
}

std::vector<Body> makeBodies(const std::string& kind, int count, float mass, float G,
                             float softeningSqr, std::uint64_t seed) {
    Random random(seed);
    std::vector<Particle> particles(count);
    if (kind == "sphere") {
        sphere(random, particles, G, mass);
    } else if (kind == "plummer") {
        for (Particle& p : particles) p = plummerParticle(random, 3.0 * kPi / 16.0, G, mass);
    } else {  // "disks"
        // Two equal galaxies, tilted against each other, falling together a little slower
        // than a parabolic orbit would, so they pass close, throw out tails and merge.
        const int first = (count + 1) / 2;
        Particle* middle = particles.data() + first;
        galaxy(random, particles.data(), first, G, mass * first / count, softeningSqr);
        galaxy(random, middle, count - first, G, mass * (count - first) / count, softeningSqr);
        const double approach = 0.35 * std::sqrt(G * mass);
        place(particles.data(), middle, {1, 0, 0}, 0.5, {-1.6, -0.5, 0.0},
              {approach, 0.25 * approach, 0.0});
        place(middle, particles.data() + count, {0.3, 1, 0}, -1.0, {1.6, 0.5, 0.0},
              {-approach, -0.25 * approach, 0.0});
    }
    // Centre of mass at rest at the origin (all bodies have the same mass).
    glm::dvec3 meanPosition(0.0), meanVelocity(0.0);
    for (const Particle& p : particles) meanPosition += p.position, meanVelocity += p.velocity;
    meanPosition /= double(std::max(count, 1));
    meanVelocity /= double(std::max(count, 1));
    std::vector<Body> bodies(count);
    for (int i = 0; i < count; ++i) {
        bodies[i].positionMass =
            glm::vec4(glm::vec3(particles[i].position - meanPosition), float(double(mass) / count));
        bodies[i].velocity = glm::vec4(glm::vec3(particles[i].velocity - meanVelocity), 0.0f);
    }
    return bodies;
}

View viewOf(const std::vector<Body>& bodies) {
    if (bodies.empty()) return {};
    std::vector<float> radii;
    double v2 = 0.0;
    for (const Body& body : bodies) {
        radii.push_back(glm::length(glm::vec3(body.positionMass)));
        v2 += glm::dot(glm::vec3(body.velocity), glm::vec3(body.velocity));
    }
    const size_t middle = radii.size() / 2;
    std::nth_element(radii.begin(), radii.begin() + middle, radii.end());
    // Fitted in a picture wider than tall (45 degrees high), a sphere of this radius puts the
    // top edge 1.6 median distances above the origin, at the origin's depth.
    const float radius = 1.6f * std::cos(glm::radians(22.5f)) * radii[middle];
    return {std::max(radius, 1e-3f),
            float(std::max(2.0 * std::sqrt(v2 / double(bodies.size())), 1e-6))};
}

void cpuPulls(const std::vector<glm::vec4>& positions, size_t rows, float softeningSqr,
              std::vector<glm::vec3>& pulls) {
    const size_t n = positions.size();
    pulls.assign(rows, glm::vec3(0.0f));
    for (size_t i = 0; i < rows; ++i) {
        const glm::vec4 body = positions[i];
        float ax = 0.0f, ay = 0.0f, az = 0.0f;
        for (size_t j = 0; j < n; ++j) {
            const glm::vec4 other = positions[j];
            const float rx = other.x - body.x, ry = other.y - body.y, rz = other.z - body.z;
            const float distSqr = rx * rx + ry * ry + rz * rz + softeningSqr;
            const float invDist = 1.0f / std::sqrt(distSqr);
            const float s = other.w * invDist * invDist * invDist;
            ax += rx * s;
            ay += ry * s;
            az += rz * s;
        }
        pulls[i] = glm::vec3(ax, ay, az);
    }
}

}  // namespace nbody
