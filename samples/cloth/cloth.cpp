#include "cloth.h"

#include <algorithm>
#include <cmath>
#include <utility>

#include "util/error.h"
#include "util/file.h"
#include "util/float_bytes.h"

namespace cloth {
namespace {

// The arithmetic of shaders/cloth/cloth.glsl, function for function, in the same order.

glm::vec3 springForce(const Physics& p, glm::vec3 xa, glm::vec3 va, glm::vec3 xb, glm::vec3 vb,
                      float restLength) {
    const glm::vec3 d = xb - xa;
    const float len = glm::length(d);
    if (len == 0.0f) return glm::vec3(0.0f);
    const glm::vec3 direction = d / len;
    return (p.stiffness * (len - restLength) + p.damping * glm::dot(vb - va, direction)) *
           direction;
}

glm::vec3 externalAcceleration(const Physics& p, glm::vec3 v, glm::vec3 normal) {
    const glm::vec3 air = glm::vec3(p.wind, 0.0f, 0.0f) - v;
    return glm::vec3(0.0f, -p.gravity, 0.0f) + p.drag * glm::dot(normal, air) * normal;
}

glm::vec3 contactVelocity(const Physics& p, glm::vec3 v, glm::vec3 n) {
    const float into = glm::dot(v, n);
    if (into >= 0.0f) return v;
    const glm::vec3 sliding = v - into * n;
    const float speed = glm::length(sliding), stop = -p.friction * into;
    return speed > stop ? sliding * (1.0f - stop / speed) : glm::vec3(0.0f);
}

void collide(const Physics& p, glm::vec3& x, glm::vec3& v) {
    const glm::vec3 centre = p.sphereCentre();
    const float radius = p.sphereRadius + kThickness;
    glm::vec3 r = x - centre;
    const float distance = glm::length(r);
    if (distance < radius) {
        const glm::vec3 n = distance > 0.0f ? r / distance : glm::vec3(0.0f, 1.0f, 0.0f);
        x = centre + n * radius;
        v = contactVelocity(p, v, n);
    }
    const float floorY = p.ground + kThickness;
    if (x.y < floorY) {
        x.y = floorY;
        v = contactVelocity(p, v, glm::vec3(0.0f, 1.0f, 0.0f));
        r = x - centre;
        if (glm::length(r) < radius) {
            const float below = floorY - centre.y;
            const float ring = std::sqrt(std::max(radius * radius - below * below, 0.0f));
            glm::vec2 out(r.x, r.z);
            const float outLength = glm::length(out);
            out = outLength > 0.0f ? out / outLength : glm::vec2(1.0f, 0.0f);
            x.x = centre.x + out.x * ring;
            x.z = centre.z + out.y * ring;
            v = contactVelocity(p, v, (x - centre) / radius);
        }
    }
}

void integrate(const Physics& p, glm::vec3& x, glm::vec3& v, float inverseMass, glm::vec3 force,
               glm::vec3 normal) {
    const float h = p.h;
    v += h * (inverseMass * force + externalAcceleration(p, v, normal));
    x += h * v;
    collide(p, x, v);
}

glm::vec3 xpbdCorrection(const Physics& p, glm::vec3 xa, glm::vec3 pa, float wa, glm::vec3 xb,
                         glm::vec3 pb, float wb, float restLength) {
    const glm::vec3 d = xb - xa;
    const float len = glm::length(d);
    if (len == 0.0f || wa + wb == 0.0f) return glm::vec3(0.0f);
    const glm::vec3 direction = d / len;
    const float h = p.h;
    const float compliance = 1.0f / (p.stiffness * h * h);
    const float gamma = p.damping / (p.stiffness * h);
    const float moved = glm::dot(direction, (xb - pb) - (xa - pa));
    const float dlambda =
        (-(len - restLength) - gamma * moved) / ((1.0f + gamma) * (wa + wb) + compliance);
    return dlambda * direction;
}

}  // namespace

long long springCount(int width, int height) {
    const long long w = width, h = height;
    return 6 * w * h - 5 * w - 5 * h + 2;
}

int springsAt(int x, int y, int width, int height) {
    auto inside = [&](int px, int py) { return px >= 0 && py >= 0 && px < width && py < height; };
    int springs = 0;
    for (const auto& o : kOffsets)
        springs += int(inside(x + o[0], y + o[1])) + int(inside(x - o[0], y - o[1]));
    return springs;
}

glm::ivec2 colourStart(glm::ivec2 id, int colour) {
    const int k = colour / 2, p = colour % 2;
    if (k == 1) return {id.x, 2 * id.y + p};
    if (k == 4) return {4 * (id.x / 2) + 2 * p + id.x % 2, id.y};
    if (k == 5) return {id.x, 4 * (id.y / 2) + 2 * p + id.y % 2};
    return {2 * id.x + p, id.y};
}

std::vector<Point> makeCloth(int width, int height) {
    const float spacing = 2.0f / float(std::max(width, height) - 1);
    std::vector<Point> points(size_t(width) * size_t(height));
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            points[size_t(y) * width + x] =
                Point(spacing * (float(x) - 0.5f * float(width - 1)), 0.6f,
                      -spacing * (float(y) - 0.5f * float(height - 1)), 1.0f);
    return points;
}

std::vector<Point> readPoints(const std::string& path, int width, int height) {
    const size_t count = size_t(width) * size_t(height);
    // A longer file is refused by readFile, as soon as it is longer: "larger than 256 bytes (4 x
    // 4 points of 16 bytes)".
    const std::string grid = std::to_string(width) + " x " + std::to_string(height) + " points";
    const std::string bytes = cs::readFile(path, {count * sizeof(Point), grid + " of 16 bytes"});
    if (bytes.size() != count * sizeof(Point))
        throw cs::Error(cs::printable(path) + ": " + std::to_string(bytes.size()) + " bytes, but " +
                        std::to_string(width) + " x " + std::to_string(height) + " points take " +
                        std::to_string(count * sizeof(Point)) +
                        " (x, y, z, inverse mass as float32)");
    std::vector<Point> points(count);
    const auto* data = reinterpret_cast<const unsigned char*>(bytes.data());
    for (size_t i = 0; i < count; ++i) {
        for (int k = 0; k < 4; ++k) points[i][k] = cs::readFloatLe(data + 16 * i + 4 * k);
        const std::string where = cs::printable(path) + ": point " + std::to_string(i) + " (" +
                                  std::to_string(i % width) + ", " + std::to_string(i / width) +
                                  ")";
        for (int k = 0; k < 4; ++k)
            if (!std::isfinite(points[i][k]))
                throw cs::Error(where + " has a value that is not a finite number");
        if (points[i].w < 0.0f) throw cs::Error(where + " has a negative inverse mass");
    }
    return points;
}

std::string encodePoints(const std::vector<Point>& points) {
    std::string bytes(points.size() * sizeof(Point), '\0');
    for (size_t i = 0; i < points.size(); ++i)
        for (int k = 0; k < 4; ++k) cs::writeFloatLe(points[i][k], &bytes[16 * i + 4 * k]);
    return bytes;
}

std::size_t firstNonFinite(const std::vector<Point>& points) {
    for (size_t i = 0; i < points.size(); ++i)
        if (!std::isfinite(points[i].x) || !std::isfinite(points[i].y) ||
            !std::isfinite(points[i].z))
            return i;
    return points.size();
}

void requireFinite(const std::vector<Point>& points, int width, long long steps) {
    const size_t i = firstNonFinite(points);
    if (i < points.size())
        throw cs::Error("after step " + std::to_string(steps) + ", point " + std::to_string(i) +
                        " (" + std::to_string(i % width) + ", " + std::to_string(i / width) +
                        ") is no longer a finite number: the springs blew up (more "
                        "substeps, less stiffness, or solver=xpbd)");
}

std::vector<unsigned> triangles(int width, int height) {
    std::vector<unsigned> corners;
    for (int y = 0; y + 1 < height; ++y)
        for (int x = 0; x + 1 < width; ++x) {
            const unsigned i = unsigned(y * width + x), up = i + unsigned(width);
            corners.insert(corners.end(), {i, i + 1, up + 1, i, up + 1, up});
        }
    return corners;
}

std::vector<float> restLengths(const std::vector<Point>& points, int width, int height) {
    const size_t count = points.size();
    std::vector<float> rest(kDirections * count, 0.0f);
    for (int k = 0; k < kDirections; ++k)
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x) {
                const int ex = x + kOffsets[k][0], ey = y + kOffsets[k][1];
                if (ex < 0 || ey < 0 || ex >= width || ey >= height) continue;
                const size_t a = size_t(y) * width + x, b = size_t(ey) * width + ex;
                rest[k * count + a] = glm::length(glm::vec3(points[b]) - glm::vec3(points[a]));
            }
    return rest;
}

void computeNormals(const std::vector<Point>& points, int width, int height,
                    std::vector<glm::vec4>& normals) {
    static const int around[4][2] = {{1, 0}, {0, 1}, {-1, 0}, {0, -1}};
    auto inside = [&](int x, int y) { return x >= 0 && y >= 0 && x < width && y < height; };
    auto at = [&](int x, int y) { return glm::vec3(points[size_t(y) * width + x]); };
    normals.assign(points.size(), glm::vec4(0.0f));
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const glm::vec3 self = at(x, y);
            glm::vec3 n(0.0f);
            for (int e = 0; e < 4; ++e) {
                const int* p = around[e];
                const int* q = around[(e + 1) % 4];
                if (inside(x + p[0], y + p[1]) && inside(x + q[0], y + q[1]))
                    n += glm::cross(at(x + p[0], y + p[1]) - self, at(x + q[0], y + q[1]) - self);
            }
            const float len = glm::length(n);
            normals[size_t(y) * width + x] =
                glm::vec4(len > 0.0f ? n / len : glm::vec3(0.0f), 0.0f);
        }
}

CpuCloth::CpuCloth(int width_, int height_, std::vector<Point> points)
    : width(width_), height(height_), positions(std::move(points)) {
    velocities.assign(positions.size(), glm::vec4(0.0f));
    rest = restLengths(positions, width, height);
    computeNormals(positions, width, height, normals);
    forces_.assign(positions.size(), glm::vec4(0.0f));
}

void CpuCloth::step(const Physics& p, const Method& m) {
    for (int s = 0; s < m.substeps; ++s) {
        if (m.solver == Solver::Springs) {
            if (m.colouring || m.naiveScatter)
                springsScatter(p, m.colouring);
            else
                springsGather(p);
        } else {
            xpbdPredict(p);
            if (m.colouring)
                xpbdColoured(p);
            else
                xpbdJacobi(p);
            xpbdFinalize(p);
        }
    }
    computeNormals(positions, width, height, normals);
}

// springs_gather.comp
void CpuCloth::springsGather(const Physics& p) {
    const size_t count = positions.size();
    scratch_.resize(count);
    scratchVelocities_.resize(count);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const size_t i = size_t(y) * width + x;
            const Point self = positions[i];
            glm::vec3 xi(self), v(velocities[i]);
            if (self.w == 0.0f) {
                scratch_[i] = self;
                scratchVelocities_[i] = glm::vec4(0.0f);
                continue;
            }
            glm::vec3 force(0.0f);
            forEachSpringAt(x, y, [&](size_t j, float restLength) {
                force += springForce(p, xi, v, glm::vec3(positions[j]), glm::vec3(velocities[j]),
                                     restLength);
            });
            integrate(p, xi, v, self.w, force, glm::vec3(normals[i]));
            scratch_[i] = Point(xi, self.w);
            scratchVelocities_[i] = glm::vec4(v, 0.0f);
        }
    std::swap(positions, scratch_);
    std::swap(velocities, scratchVelocities_);
}

// springs_scatter.comp for every colour in turn (or, naive, every spring in order: one thread
// has no race), then springs_integrate.comp.
void CpuCloth::springsScatter(const Physics& p, bool byColour) {
    const size_t count = positions.size();
    auto add = [&](glm::ivec2 start, int k) {
        const int ex = start.x + kOffsets[k][0], ey = start.y + kOffsets[k][1];
        if (!inGrid(start.x, start.y) || !inGrid(ex, ey)) return;
        const size_t a = size_t(start.y) * width + start.x, b = size_t(ey) * width + ex;
        const glm::vec3 f =
            springForce(p, glm::vec3(positions[a]), glm::vec3(velocities[a]),
                        glm::vec3(positions[b]), glm::vec3(velocities[b]), rest[k * count + a]);
        forces_[a] += glm::vec4(f, 1.0f);
        forces_[b] += glm::vec4(-f, 1.0f);
    };
    if (byColour) {
        for (int c = 0; c < kColours; ++c) {
            const glm::ivec2 extent = colourExtent(c, width, height);
            for (int y = 0; y < extent.y; ++y)
                for (int x = 0; x < extent.x; ++x) add(colourStart({x, y}, c), c / 2);
        }
    } else {
        for (int y = 0; y < height; ++y)
            for (int x = 0; x < width; ++x)
                for (int k = 0; k < kDirections; ++k) add({x, y}, k);
    }
    for (size_t i = 0; i < count; ++i) {
        glm::vec3 x(positions[i]), v(velocities[i]);
        if (positions[i].w == 0.0f)
            v = glm::vec3(0.0f);
        else
            integrate(p, x, v, positions[i].w, glm::vec3(forces_[i]), glm::vec3(normals[i]));
        positions[i] = Point(x, positions[i].w);
        velocities[i] = glm::vec4(v, 0.0f);
        forces_[i] = glm::vec4(0.0f);
    }
}

// xpbd_predict.comp
void CpuCloth::xpbdPredict(const Physics& p) {
    const float h = p.h;
    previous_ = positions;
    for (size_t i = 0; i < positions.size(); ++i) {
        glm::vec3 v(velocities[i]);
        if (positions[i].w == 0.0f) {
            v = glm::vec3(0.0f);
        } else {
            v += h * externalAcceleration(p, v, glm::vec3(normals[i]));
            positions[i] = Point(glm::vec3(positions[i]) + h * v, positions[i].w);
        }
        velocities[i] = glm::vec4(v, 0.0f);
    }
}

// xpbd_coloured.comp for every colour in turn
void CpuCloth::xpbdColoured(const Physics& p) {
    const size_t count = positions.size();
    for (int c = 0; c < kColours; ++c) {
        const int k = c / 2;
        const glm::ivec2 extent = colourExtent(c, width, height);
        for (int y = 0; y < extent.y; ++y)
            for (int x = 0; x < extent.x; ++x) {
                const glm::ivec2 start = colourStart({x, y}, c);
                const int ex = start.x + kOffsets[k][0], ey = start.y + kOffsets[k][1];
                if (!inGrid(start.x, start.y) || !inGrid(ex, ey)) continue;
                const size_t a = size_t(start.y) * width + start.x, b = size_t(ey) * width + ex;
                const Point pa = positions[a], pb = positions[b];
                const glm::vec3 s =
                    xpbdCorrection(p, glm::vec3(pa), glm::vec3(previous_[a]), pa.w, glm::vec3(pb),
                                   glm::vec3(previous_[b]), pb.w, rest[k * count + a]);
                positions[a] = Point(glm::vec3(pa) - pa.w * s, pa.w);
                positions[b] = Point(glm::vec3(pb) + pb.w * s, pb.w);
            }
    }
}

// xpbd_jacobi.comp
void CpuCloth::xpbdJacobi(const Physics& p) {
    const size_t count = positions.size();
    scratch_.resize(count);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const size_t i = size_t(y) * width + x;
            const Point self = positions[i];
            const glm::vec3 start(previous_[i]);
            glm::vec3 sum(0.0f);
            int springs = 0;
            forEachSpringAt(x, y, [&](size_t j, float restLength) {
                sum -= self.w * xpbdCorrection(p, glm::vec3(self), start, self.w,
                                               glm::vec3(positions[j]), glm::vec3(previous_[j]),
                                               positions[j].w, restLength);
                ++springs;
            });
            scratch_[i] = Point(glm::vec3(self) + (kJacobiWeight / float(springs)) * sum, self.w);
        }
    std::swap(positions, scratch_);
}

// xpbd_finalize.comp
void CpuCloth::xpbdFinalize(const Physics& p) {
    const float h = p.h;
    for (size_t i = 0; i < positions.size(); ++i) {
        if (positions[i].w == 0.0f) {
            velocities[i] = glm::vec4(0.0f);
            continue;
        }
        glm::vec3 x(positions[i]), v = (x - glm::vec3(previous_[i])) / h;
        collide(p, x, v);
        positions[i] = Point(x, positions[i].w);
        velocities[i] = glm::vec4(v, 0.0f);
    }
}

}  // namespace cloth
