// cloth: the thesis' mass-spring cloth (a grid of points, each tied to up to twelve
// neighbours) falling onto a sphere and the ground, made correct and stable: explicit springs
// gathered per point into a second buffer, or scattered per spring by graph colouring, and
// XPBD distance constraints with substeps, coloured or by Jacobi. The cloth is drawn straight
// from the simulation's buffers, and the mouse drags it by a point. See README.md.
#include <imgui.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <glm/gtc/type_ptr.hpp>
#include <utility>

#include "app/sample.h"
#include "bench.h"
#include "cloth.h"
#include "compute/reduce.h"
#include "gl/info.h"
#include "gl/program.h"
#include "renderer.h"
#include "util/error.h"
#include "view.h"

// The stiffest springs offered: XPBD stays stable there, while explicit springs would need
// about 75 times the substeps they need at the thesis' 180,000 N/m (h goes as 1/sqrt(c)).
constexpr float kMostStiffness = 1e9f;

class Cloth : public cs::Sample {
public:
    Cloth() : Sample("cloth", "mass-spring and XPBD cloth: gather, graph colouring, Jacobi") {}

private:
    int& gridWidth =
        params.add("width", 64, {2, 1024}, "points along x (with --input: the file's)");
    int& gridHeight =
        params.add("height", 64, {2, 1024}, "points along y (with --input: the file's)");
    std::string& solver = params.choice("solver", std::string("springs"), {"springs", "xpbd"},
                                        "explicit mass-spring, or XPBD distance constraints");
    bool& colouring = params.add("colouring", true,
                                 "springs: scatter by colour, else gather; xpbd: Gauss-Seidel "
                                 "by colour, else Jacobi");
    bool& naiveScatter = params.add("naive_scatter", false,
                                    "springs without colouring: scatter with no colours, racing "
                                    "(wrong on purpose)");
    int& substeps = params.add("substeps", 16, {1, 256}, "substeps per step");
    float& dt = params.add("dt", 1.0f / 60.0f, {1e-4f, 0.05f}, "seconds per step (a frame)");
    float& stiffness =
        params.add("stiffness", 180000.0f, {1.0f, kMostStiffness}, "c, N/m, every spring");
    float& damping = params.add("damping", 8.0f, {0.0f, 1000.0f}, "d, N s/m, along each spring");
    float& drag = params.add("drag", 1.0f, {0.0f, 20.0f}, "air drag along the normal, 1/s");
    float& gravity = params.add("gravity", 9.81f, {0.0f, 50.0f}, "m/s^2, downwards");
    float& wind = params.add("wind", 0.0f, {0.0f, 50.0f}, "m/s, along +x");
    float& sphereRadius = params.add("sphere_radius", 0.5f, {0.05f, 2.0f}, "m");
    float& sphereX = params.add("sphere_x", 0.0f, {-3.0f, 3.0f}, "sphere centre, m");
    float& sphereY = params.add("sphere_y", 0.0f, {-3.0f, 3.0f}, "sphere centre, m");
    float& sphereZ = params.add("sphere_z", 0.0f, {-3.0f, 3.0f}, "sphere centre, m");
    float& ground = params.add("ground", -0.5f, {-5.0f, 5.0f}, "height of the ground plane, m");
    std::string& pins = params.choice("pins", std::string("none"), {"none", "two", "four"},
                                      "corners held still: none, the last row's two, all four");
    std::string& compute = params.choice("compute", std::string("gpu"), {"gpu", "cpu"},
                                         "where the steps run (cpu: the same solver, one thread)");

    int& stepLimit = flags.add("steps", 0, {0, 1 << 30},
                               "run exactly K steps in all, however the frames split them");
    int& benchMax = flags.add("bench-max", 256, {8, 4096},
                              "largest grid edge of the --bench sweep (default 256 on a CPU "
                              "renderer, else 1024)");

    // The state. Gather and Jacobi read [current] and write [1 - current]; the other passes
    // update [current] in place, each point only its own entries.
    cs::Buffer positions[2], velocities[2];
    int currentPositions = 0, currentVelocities = 0;
    cs::Buffer restLengths, normals, forces, starts;
    cs::Program gather, scatter, integrate, predict, coloured, jacobi, finalize, computeNormals;
    int columns = 0, rows = 0;
    std::vector<cloth::Point> initial;  // what reset returns to
    cloth::CpuCloth cpu;                // compute=cpu
    long long stepsDone = 0;

    // The overlay's figures, and the drawing.
    cs::Program diagnose, raceCheck;
    cs::Buffer perPoint, totals, lost;
    cs::GpuReduce reduce{cs::ElementType::Vec4};
    glm::vec4 sums{0.0f};
    GLuint lostCounts[2] = {0, 0};  // points, spring ends
    bool watchRace = false, raceMeasured = false;
    bool resetPressed = false;  // the overlay's button; update() does the GL work
    double cpuStepMs = 0.0;
    cloth::Renderer renderer;
    cloth::MouseGrab grab;

    void checkOptions() override {
        if (flags.given(&benchMax) && !options().bench)
            throw cs::UsageError("--bench-max has no effect without --bench");
    }

    void setup() override {
        auto kernel = [](const char* file) {
            return cs::Program::compute(std::string("cloth/") + file);
        };
        gather = kernel("springs_gather.comp");
        scatter = kernel("springs_scatter.comp");
        integrate = kernel("springs_integrate.comp");
        predict = kernel("xpbd_predict.comp");
        coloured = kernel("xpbd_coloured.comp");
        jacobi = kernel("xpbd_jacobi.comp");
        finalize = kernel("xpbd_finalize.comp");
        computeNormals = kernel("normals.comp");
        diagnose = kernel("diagnostics.comp");
        raceCheck = kernel("race_check.comp");
        totals = cs::Buffer("diagnostics totals", sizeof(glm::vec4), cs::BufferUse::ReadBack);
        lost = cs::Buffer("lost spring ends", sizeof lostCounts, cs::BufferUse::Computed);
        renderer.setup();
        reload();
    }

    // The cloth from --input, or the default one, at columns x rows.
    void reload() {
        initial = options().input.empty()
                      ? cloth::makeCloth(gridWidth, gridHeight)
                      : cloth::readPoints(options().input, gridWidth, gridHeight);
        load(initial);
    }

    void load(const std::vector<cloth::Point>& points) {
        // Up front, not at the first step: the widest dispatch, the racing scatter's, and the
        // largest buffer, the rest lengths, must fit this GL.
        scatter.groupsFor(6 * std::uint64_t(gridWidth), gridHeight);
        cs::requireLimit(GL_MAX_SHADER_STORAGE_BLOCK_SIZE,
                         std::int64_t(points.size() * cloth::kDirections * sizeof(float)),
                         "the rest lengths of " + std::to_string(gridWidth) + " x " +
                             std::to_string(gridHeight) + " points");
        columns = gridWidth;
        rows = gridHeight;
        const size_t count = points.size();
        const GLsizeiptr bytes = GLsizeiptr(count * sizeof(glm::vec4));
        const std::vector<glm::vec4> zero(count, glm::vec4(0.0f));
        for (int b = 0; b < 2; ++b) {
            positions[b] = cs::Buffer("positions " + std::to_string(b), bytes,
                                      cs::BufferUse::Computed, points.data());
            velocities[b] = cs::Buffer("velocities " + std::to_string(b), bytes,
                                       cs::BufferUse::Computed, zero.data());
        }
        currentPositions = currentVelocities = 0;
        cpu = cloth::CpuCloth(columns, rows, points);
        restLengths = cs::Buffer("rest lengths", GLsizeiptr(cpu.rest.size() * sizeof(float)),
                                 cs::BufferUse::Input, cpu.rest.data());
        normals = cs::Buffer("normals", bytes, cs::BufferUse::Computed, cpu.normals.data());
        forces = cs::Buffer("forces", bytes, cs::BufferUse::Computed, zero.data());
        starts = cs::Buffer("substep starts", bytes, cs::BufferUse::Computed);
        perPoint = cs::Buffer("diagnostics per point", bytes, cs::BufferUse::Computed);
        renderer.setGrid(columns, rows);
        stepsDone = 0;
        grab.forget();
        applyPins();
    }

    cloth::Physics physics() const {
        cloth::Physics p;
        p.solver = solver == "xpbd" ? cloth::Solver::Xpbd : cloth::Solver::Springs;
        p.colouring = colouring;
        p.naiveScatter = naiveScatter;
        p.substeps = substeps;
        p.dt = dt;
        p.stiffness = stiffness;
        p.damping = damping;
        p.drag = drag;
        p.gravity = gravity;
        p.wind = wind;
        p.sphereCentre = {sphereX, sphereY, sphereZ};
        p.sphereRadius = sphereRadius;
        p.ground = ground;
        return p;
    }

    // One point's position and inverse mass, on whichever side steps: the pins and the mouse.
    void setPoint(int i, glm::vec4 point) {
        if (compute == "cpu") {
            cpu.positions[size_t(i)] = point;
            cpu.velocities[size_t(i)] = glm::vec4(0.0f);
            return;
        }
        // Ordered after the last pass's writes by its GL_BUFFER_UPDATE_BARRIER_BIT.
        positions[currentPositions].upload(&point, sizeof point, GLintptr(i * sizeof point));
        const glm::vec4 still(0.0f);
        velocities[currentVelocities].upload(&still, sizeof still, GLintptr(i * sizeof still));
    }

    std::vector<cloth::Point> readPositions() const {
        if (compute == "cpu") return cpu.positions;
        std::vector<cloth::Point> points(size_t(columns) * rows);
        positions[currentPositions].download(points.data(),
                                             GLsizeiptr(points.size() * sizeof(cloth::Point)));
        return points;
    }

    // Pinned corners get inverse mass 0; unpinned ones get back the one they started with.
    void applyPins() {
        const std::vector<cloth::Point> now = readPositions();
        const int last = columns * rows - 1;
        const int corners[4] = {last - columns + 1, last, 0, columns - 1};  // last row first
        for (int c = 0; c < 4; ++c) {
            const bool pinned = pins == "four" || (pins == "two" && c < 2);
            const int i = corners[c];
            if (i == grab.held()) continue;
            setPoint(i, glm::vec4(glm::vec3(now[size_t(i)]), pinned ? 0.0f : initial[size_t(i)].w));
        }
    }

    bool stepsLeft() const { return !flags.given(&stepLimit) || stepsDone < stepLimit; }

    void update(double) override {
        if (params.changed({&gridWidth, &gridHeight})) reload();
        if (std::exchange(resetPressed, false)) load(initial);
        if (params.changed(&compute)) {
            // The state moves to the side that steps from now on.
            if (compute == "cpu") downloadToCpu();
            if (compute == "gpu") uploadCpuState();
        }
        if (params.changed(&pins)) applyPins();
        if (window()) {
            grab.update(
                window(), cloth::viewProjection(width(), height(), freeArea()), width(), height(),
                !ImGui::GetIO().WantCaptureMouse, [&] { return readPositions(); },
                [&](int i, glm::vec4 point) { setPoint(i, point); });
        }
        // The overlay's figures: read back a few bytes a frame while it shows them.
        watchRace = !options().noUi && !options().bench;
        if (stepsLeft()) step();
        if (watchRace) measure();
    }

    // The variant's name, for its pass time in the overlay and in --bench.
    std::string stepPass() const {
        if (solver == "xpbd") return colouring ? "xpbd coloured" : "xpbd jacobi";
        if (colouring) return "springs coloured";
        return naiveScatter ? "springs naive" : "springs gather";
    }

    void step() {
        ++stepsDone;
        if (compute == "cpu") {
            const auto start = std::chrono::steady_clock::now();
            cpu.step(physics());
            cpuStepMs =
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                    .count();
            auto pass = gpuPass("upload");
            uploadCpuState();
            return;
        }
        auto pass = gpuPass(stepPass().c_str());
        gpuStep(physics());
    }

    // `substeps` substeps of the solver, then the normals: the draw and the next step's air
    // need them.
    void gpuStep(const cloth::Physics& p) {
        setUniforms(p);
        for (int s = 0; s < p.substeps; ++s) {
            if (p.solver == cloth::Solver::Xpbd)
                xpbdSubstep(p.colouring);
            else if (p.colouring || p.naiveScatter)
                scatterSubstep(p.colouring, watchRace && s == 0);
            else
                gatherSubstep();
        }
        bindState();
        computeNormals.use();
        overGrid(computeNormals);
        // The draw reads positions and normals as vertex attributes (VERTEX_ATTRIB_ARRAY),
        // the next step's passes as storage (SHADER_STORAGE); picking and --output download
        // the positions, and the pins and the mouse overwrite points (BUFFER_UPDATE).
        glMemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT |
                        GL_BUFFER_UPDATE_BARRIER_BIT);
    }

    void gatherSubstep() {
        bindState();
        gather.use();
        overGrid(gather);
        // The next substep reads these positions and velocities as storage.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        currentPositions = 1 - currentPositions;
        currentVelocities = 1 - currentVelocities;
    }

    void scatterSubstep(bool byColour, bool checkRace) {
        bindState();
        scatter.use();
        if (byColour) {
            for (int c = 0; c < cloth::kColours; ++c) {
                const glm::ivec2 extent = cloth::colourExtent(c, columns, rows);
                glUniform1i(scatter.uniform("colour"), c);
                dispatch(scatter, extent);
                // The next colour adds to the sums this one wrote (storage reads and writes).
                glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            }
        } else {
            glUniform1i(scatter.uniform("colour"), -1);
            dispatch(scatter, {6 * columns, rows});
            // The integration reads the sums (whatever the race left of them).
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
        if (checkRace) {
            const GLuint zero[2] = {0, 0};
            lost.upload(zero, sizeof zero);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 7, lost.id());  // see race_check.comp
            raceCheck.use();
            overGrid(raceCheck);
            // The integration zeroes the sums this pass reads: SHADER_STORAGE orders the two
            // dispatches. measure() downloads the counts (BUFFER_UPDATE).
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
            raceMeasured = true;
        }
        integrate.use();
        overGrid(integrate);
        // The next substep reads positions and velocities, and adds to the zeroed sums.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }

    void xpbdSubstep(bool byColour) {
        bindState();
        predict.use();
        overGrid(predict);
        // The constraint passes read the predicted positions and the starts.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        if (byColour) {
            coloured.use();
            for (int c = 0; c < cloth::kColours; ++c) {
                glUniform1i(coloured.uniform("colour"), c);
                dispatch(coloured, cloth::colourExtent(c, columns, rows));
                // The next colour starts from the positions this one corrected.
                glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            }
        } else {
            jacobi.use();
            overGrid(jacobi);
            // The finalize pass reads the corrected positions, from the other buffer.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            currentPositions = 1 - currentPositions;
            bindState();
        }
        finalize.use();
        overGrid(finalize);
        // The next substep reads positions and velocities.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }

    // The bindings every pass declares the same way (the GL offers at least 8).
    void bindState() const {
        const GLuint buffers[] = {positions[currentPositions].id(),
                                  velocities[currentVelocities].id(),
                                  positions[1 - currentPositions].id(),
                                  velocities[1 - currentVelocities].id(),
                                  restLengths.id(),
                                  normals.id(),
                                  forces.id(),
                                  starts.id()};
        for (GLuint binding = 0; binding < 8; ++binding)
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, binding, buffers[binding]);
    }

    static void dispatch(const cs::Program& program, glm::ivec2 extent) {
        glUniform2i(program.uniform("size"), extent.x, extent.y);
        const glm::uvec3 groups = program.groupsFor(GLuint(extent.x), GLuint(extent.y));
        glDispatchCompute(groups.x, groups.y, groups.z);
    }
    void overGrid(const cs::Program& program) const { dispatch(program, {columns, rows}); }

    // The numbers of cloth.glsl, once per step for every pass that includes it.
    void setUniforms(const cloth::Physics& p) const {
        for (const cs::Program* program :
             {&gather, &scatter, &integrate, &predict, &coloured, &jacobi, &finalize,
              &computeNormals, &diagnose, &raceCheck}) {
            const GLuint id = program->id();
            glProgramUniform2i(id, program->uniform("grid"), columns, rows);
            glProgramUniform1f(id, program->uniform("h"), p.substep());
            glProgramUniform1f(id, program->uniform("stiffness"), p.stiffness);
            glProgramUniform1f(id, program->uniform("damping"), p.damping);
            glProgramUniform1f(id, program->uniform("drag"), p.drag);
            glProgramUniform1f(id, program->uniform("gravity"), p.gravity);
            glProgramUniform1f(id, program->uniform("wind"), p.wind);
            glProgramUniform1f(id, program->uniform("friction"), p.friction);
            glProgramUniform3fv(id, program->uniform("sphereCentre"), 1,
                                glm::value_ptr(p.sphereCentre));
            glProgramUniform1f(id, program->uniform("sphereRadius"), p.sphereRadius);
            glProgramUniform1f(id, program->uniform("ground"), p.ground);
            glProgramUniform1f(id, program->uniform("thickness"), cloth::kThickness);
            glProgramUniform1f(id, program->uniform("jacobiWeight"), cloth::kJacobiWeight);
        }
    }

    void uploadCpuState() {
        const GLsizeiptr bytes = GLsizeiptr(cpu.positions.size() * sizeof(glm::vec4));
        positions[currentPositions].upload(cpu.positions.data(), bytes);
        velocities[currentVelocities].upload(cpu.velocities.data(), bytes);
        normals.upload(cpu.normals.data(), bytes);
    }

    void downloadToCpu() {
        const GLsizeiptr bytes = GLsizeiptr(cpu.positions.size() * sizeof(glm::vec4));
        positions[currentPositions].download(cpu.positions.data(), bytes);
        velocities[currentVelocities].download(cpu.velocities.data(), bytes);
        normals.download(cpu.normals.data(), bytes);
    }

    // The overlay's kinetic energy, stretch and blow-up, summed on the GPU, and what the
    // scatter's race lost: a few bytes a frame, read back while the overlay shows them.
    void measure() {
        {
            auto pass = gpuPass("diagnostics");
            setUniforms(physics());
            bindState();
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, perPoint.id());  // see diagnostics.comp
            diagnose.use();
            overGrid(diagnose);
            // The reduction's shader reads the per-point values.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            reduce.sum(perPoint, std::uint64_t(columns) * rows, totals);
        }
        totals.download(&sums, sizeof sums);  // put there by a copy: no barrier needed
        if (raceMeasured) lost.download(lostCounts, sizeof lostCounts);
    }

    void render() override {
        renderer.draw(cloth::viewProjection(width(), height(), freeArea()), height(), physics(),
                      positions[currentPositions], normals);
    }

    void ui() override {
        ImGui::Separator();
        ImGui::Text("%d x %d points, %lld springs in %d colours", columns, rows,
                    cloth::springCount(columns, rows), cloth::kColours);
        ImGui::Text("step %lld, t = %.2f s", stepsDone, double(stepsDone) * dt);
        if (sums.w > 0) {
            ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1),
                               "%.0f points are no longer finite: the springs blew up", sums.w);
            ImGui::TextWrapped(
                "(explicit springs need h < 2 / omega: more substeps, less "
                "stiffness, or solver xpbd; then reset)");
        } else {
            ImGui::Text("kinetic energy %.4g J, RMS stretch %.2e", sums.x,
                        sums.z > 0 ? std::sqrt(sums.y / sums.z) : 0.0);
        }
        if (compute == "cpu") ImGui::Text("one CPU thread: %.2f ms a step", cpuStepMs);
        if (raceMeasured && compute == "gpu" && solver == "springs" &&
            (colouring || naiveScatter)) {
            const long long ends = 2 * cloth::springCount(columns, rows);
            ImGui::Text("%s scatter lost %u of %lld spring ends", colouring ? "coloured" : "naive",
                        lostCounts[1], ends);
            ImGui::Text("  at %u of %d points (first substep)", lostCounts[0], columns * rows);
        }
        if (ImGui::Button("reset")) resetPressed = true;
        if (window()) {
            ImGui::SameLine();
            ImGui::TextDisabled("left mouse button: drag a point");
        }
    }

    void finish() override {
        // --steps K: whatever the frames did not run yet, so that exactly K steps are done.
        if (flags.given(&stepLimit))
            while (stepsDone < stepLimit) step();
        if (options().output.empty() && !flags.given(&stepLimit)) return;
        const std::vector<cloth::Point> points = readPositions();
        for (size_t i = 0; i < points.size(); ++i)
            if (!std::isfinite(points[i].x) || !std::isfinite(points[i].y) ||
                !std::isfinite(points[i].z))
                throw cs::Error("after step " + std::to_string(stepsDone) + ", point " +
                                std::to_string(i) + " (" + std::to_string(i % columns) + ", " +
                                std::to_string(i / columns) +
                                ") is no longer a finite number: the springs blew up (more "
                                "substeps, less stiffness, or solver=xpbd)");
        if (!options().output.empty()) queueOutput(options().output, cloth::encodePoints(points));
    }

    // The roofline: the bytes a variant must move per point and substep if every pass reads
    // and writes what it touches once (neighbours come from caches). 16 bytes a vec4, 4 a
    // rest length (6 per point).
    static double bytesPerPoint(const cloth::Variant& v) {
        if (v.solver == cloth::Solver::Springs && !v.colouring)
            return 48 + 24 + 32;  // x, v, normal and rest lengths in; x, v out
        if (v.solver == cloth::Solver::Springs)
            return 12 * 64 + 24 + 112;  // a colour: x, v in, sum in and out; integrate
        if (!v.colouring)
            return 96 + (32 + 24 + 16) + 64;  // predict; Jacobi: x, start in, x out; finalize
        return 96 + 12 * 48 + 24 + 64;        // a colour: x in and out, start in
    }

    std::vector<cs::BenchFigure> benchFigures(const cs::Calibration& calibration) override {
        std::vector<cs::BenchFigure> figures;
        if (compute == "gpu" && !naiveScatter) {
            const cloth::Variant variant{stepPass(), physics().solver, colouring};
            figures.push_back(cloth::throughputFigure(
                stepPass() + " " + std::to_string(columns) + "x" + std::to_string(rows),
                double(columns) * rows * substeps, bytesPerPoint(variant),
                benchMedianMs(stepPass()), calibration));
        }
        // The sweeps load grids of their own, on the GPU.
        compute = "gpu";
        watchRace = false;
        auto gpuMs = [&](const cloth::Physics& p, const std::vector<cloth::Point>& points, int w,
                         int h) {
            gridWidth = w;
            gridHeight = h;
            pins = "none";
            initial = points;
            load(initial);
            auto run = [&] { gpuStep(p); };
            const double ms = cs::medianGpuMs(run, timingMethod(), 1);
            return ms < 200.0 ? cs::medianGpuMs(run, timingMethod(), 5) : ms;
        };
        const bool software = cs::deviceName().find("llvmpipe") != std::string::npos ||
                              cs::deviceName().find("softpipe") != std::string::npos;
        const int largest = flags.given(&benchMax) ? benchMax : software ? 256 : 1024;
        for (const cs::BenchFigure& f :
             cloth::gridSweep(physics(), largest, gpuMs, bytesPerPoint, calibration))
            figures.push_back(f);
        for (const cs::BenchFigure& f :
             cloth::convergenceSweep(physics(), kMostStiffness, largest, gpuMs))
            figures.push_back(f);
        return figures;
    }
};

CS_SAMPLE_MAIN(Cloth)
