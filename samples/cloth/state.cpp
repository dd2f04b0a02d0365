#include "state.h"

#include <chrono>

#include "gl/info.h"

namespace cloth {

void GpuCloth::load(const CpuCloth& cpu) {
    columns_ = cpu.width;
    rows_ = cpu.height;
    const size_t count = cpu.positions.size();
    const GLsizeiptr bytes = GLsizeiptr(count * sizeof(glm::vec4));
    const std::vector<glm::vec4> zero(count, glm::vec4(0.0f));
    for (int b = 0; b < 2; ++b) {
        positions_[b] = cs::Buffer("positions " + std::to_string(b), bytes, cs::BufferUse::Computed,
                                   cpu.positions.data());
        velocities_[b] = cs::Buffer("velocities " + std::to_string(b), bytes,
                                    cs::BufferUse::Computed, zero.data());
    }
    currentPositions_ = currentVelocities_ = 0;
    restLengths_ = cs::Buffer("rest lengths", GLsizeiptr(cpu.rest.size() * sizeof(float)),
                              cs::BufferUse::Input, cpu.rest.data());
    normals_ = cs::Buffer("normals", bytes, cs::BufferUse::Computed, cpu.normals.data());
    forces_ = cs::Buffer("forces", bytes, cs::BufferUse::Computed, zero.data());
    starts_ = cs::Buffer("substep starts", bytes, cs::BufferUse::Computed);
}

void GpuCloth::setPoint(int i, glm::vec4 point) {
    positions_[currentPositions_].upload(&point, sizeof point, GLintptr(i * sizeof point));
    const glm::vec4 still(0.0f);
    velocities_[currentVelocities_].upload(&still, sizeof still, GLintptr(i * sizeof still));
}

std::vector<Point> GpuCloth::readPositions() const {
    std::vector<Point> points(size_t(columns_) * rows_);
    positions_[currentPositions_].download(points.data(),
                                           GLsizeiptr(points.size() * sizeof(Point)));
    return points;
}

void GpuCloth::upload(const CpuCloth& cpu) {
    const GLsizeiptr bytes = GLsizeiptr(cpu.positions.size() * sizeof(glm::vec4));
    positions_[currentPositions_].upload(cpu.positions.data(), bytes);
    velocities_[currentVelocities_].upload(cpu.velocities.data(), bytes);
    normals_.upload(cpu.normals.data(), bytes);
}

void GpuCloth::download(CpuCloth& cpu) const {
    const GLsizeiptr bytes = GLsizeiptr(cpu.positions.size() * sizeof(glm::vec4));
    positions_[currentPositions_].download(cpu.positions.data(), bytes);
    velocities_[currentVelocities_].download(cpu.velocities.data(), bytes);
    normals_.download(cpu.normals.data(), bytes);
}

void Sides::load(int columns, int rows, const std::vector<Point>& points, bool cpuSide) {
    cs::requireLimit(GL_MAX_SHADER_STORAGE_BLOCK_SIZE,
                     std::int64_t(points.size() * kDirections * sizeof(float)),
                     "the rest lengths of " + std::to_string(columns) + " x " +
                         std::to_string(rows) + " points");
    cpu = CpuCloth(columns, rows, points);
    gpu.load(cpu);
    cpuSteps = cpuSide;
}

void Sides::stepOn(bool cpuSide) {
    if (cpuSide && !cpuSteps) gpu.download(cpu);
    if (!cpuSide && cpuSteps) gpu.upload(cpu);
    cpuSteps = cpuSide;
}

double Sides::cpuStep(const Physics& p, const Method& m) {
    const auto start = std::chrono::steady_clock::now();
    cpu.step(p, m);
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
        .count();
}

void Sides::setPoint(int i, glm::vec4 point) {
    if (cpuSteps)
        cpu.setPoint(i, point);
    else
        gpu.setPoint(i, point);
}

std::vector<Point> Sides::readPositions() const {
    return cpuSteps ? cpu.positions : gpu.readPositions();
}

bool Sides::blownUp() const {
    const std::vector<Point> points = readPositions();
    return firstNonFinite(points) < points.size();
}

bool Sides::pin(const std::string& pins, const std::vector<Point>& initial, int held) {
    const std::vector<Point> now = readPositions();
    const int columns = gpu.columns(), last = int(now.size()) - 1;
    const int corners[4] = {last - columns + 1, last, 0, columns - 1};  // last row first
    for (int c = 0; c < 4; ++c) {
        const bool pinned = pins == "four" || (pins == "two" && c < 2);
        const int i = corners[c];
        if (i == held) continue;
        setPoint(i, Point(glm::vec3(now[size_t(i)]), pinned ? 0.0f : initial[size_t(i)].w));
    }
    return pins != "none";
}

}  // namespace cloth
