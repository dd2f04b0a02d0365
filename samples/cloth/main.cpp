// cloth: the thesis' mass-spring cloth (a grid of points, each tied to up to twelve
// neighbours) falling onto a sphere and the ground, made correct and stable: explicit springs
// gathered per point into a second buffer, or scattered per spring by graph colouring, and
// XPBD distance constraints with substeps, coloured or by Jacobi. The cloth is drawn straight
// from the simulation's buffers, and the mouse drags it by a point. See README.md.
#include <imgui.h>

#include <chrono>
#include <utility>

#include "app/sample.h"
#include "bench.h"
#include "cloth.h"
#include "compute/reduce.h"
#include "gl/info.h"
#include "gl/program.h"
#include "overlay.h"
#include "renderer.h"
#include "solvers.h"
#include "state.h"
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

    // The state: positions and velocities twice, rest lengths, normals, force sums, substep
    // starts (state.h), and the passes of each solver (solvers.h).
    cloth::GpuCloth gpu;
    cloth::SpringPasses springs;
    cloth::XpbdPasses xpbd;
    cs::Program computeNormals;
    int columns = 0, rows = 0;
    std::vector<cloth::Point> initial;  // what reset returns to
    cloth::CpuCloth cpu;                // compute=cpu
    long long stepsDone = 0;

    // The overlay's figures, and the drawing.
    cs::Program diagnose;
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
        springs = {kernel("springs_gather.comp"), kernel("springs_scatter.comp"),
                   kernel("springs_integrate.comp"), kernel("race_check.comp")};
        xpbd = {kernel("xpbd_predict.comp"), kernel("xpbd_coloured.comp"),
                kernel("xpbd_jacobi.comp"), kernel("xpbd_finalize.comp")};
        computeNormals = kernel("normals.comp");
        diagnose = kernel("diagnostics.comp");
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
        springs.scatter.groupsFor(6 * std::uint64_t(gridWidth), gridHeight);
        cs::requireLimit(GL_MAX_SHADER_STORAGE_BLOCK_SIZE,
                         std::int64_t(points.size() * cloth::kDirections * sizeof(float)),
                         "the rest lengths of " + std::to_string(gridWidth) + " x " +
                             std::to_string(gridHeight) + " points");
        columns = gridWidth;
        rows = gridHeight;
        cpu = cloth::CpuCloth(columns, rows, points);
        gpu.load(cpu);
        perPoint =
            cs::Buffer("diagnostics per point", GLsizeiptr(points.size() * sizeof(glm::vec4)),
                       cs::BufferUse::Computed);
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
        if (compute == "cpu")
            cpu.setPoint(i, point);
        else
            gpu.setPoint(i, point);
    }
    std::vector<cloth::Point> readPositions() const {
        return compute == "cpu" ? cpu.positions : gpu.readPositions();
    }

    // Pinned corners get inverse mass 0; unpinned ones get back the one they started with.
    void applyPins() {
        for (const auto& [i, point] :
             cloth::pinnedCorners(pins, initial, readPositions(), columns, grab.held()))
            setPoint(i, point);
    }

    bool stepsLeft() const { return !flags.given(&stepLimit) || stepsDone < stepLimit; }

    void update(double) override {
        if (params.changed({&gridWidth, &gridHeight})) reload();
        if (std::exchange(resetPressed, false)) load(initial);
        if (params.changed(&compute)) {
            // The state moves to the side that steps from now on.
            if (compute == "cpu") gpu.download(cpu);
            if (compute == "gpu") gpu.upload(cpu);
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
            gpu.upload(cpu);
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
            if (p.solver == cloth::Solver::Xpbd) {
                cloth::xpbdSubstep(gpu, xpbd, p.colouring);
            } else if (p.colouring || p.naiveScatter) {
                // The overlay shows what the scatter's race lost in the first substep.
                const bool countLost = watchRace && s == 0;
                cloth::scatterSubstep(gpu, springs, p.colouring, countLost ? &lost : nullptr);
                raceMeasured = raceMeasured || countLost;
            } else {
                cloth::gatherSubstep(gpu, springs);
            }
        }
        gpu.bind();
        computeNormals.use();
        gpu.overGrid(computeNormals);
        // The draw reads positions and normals as vertex attributes (VERTEX_ATTRIB_ARRAY),
        // the next step's passes as storage (SHADER_STORAGE); picking and --output download
        // the positions, and the pins and the mouse overwrite points (BUFFER_UPDATE).
        glMemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT |
                        GL_BUFFER_UPDATE_BARRIER_BIT);
    }

    // The numbers of cloth.glsl, once per step for every pass that includes it.
    void setUniforms(const cloth::Physics& p) const {
        for (const cs::Program* program :
             {&springs.gather, &springs.scatter, &springs.integrate, &xpbd.predict, &xpbd.coloured,
              &xpbd.jacobi, &xpbd.finalize, &computeNormals, &diagnose, &springs.raceCheck})
            cloth::setUniforms(*program, p, columns, rows);
    }

    // The overlay's kinetic energy, stretch and blow-up, summed on the GPU, and what the
    // scatter's race lost: a few bytes a frame, read back while the overlay shows them.
    void measure() {
        {
            auto pass = gpuPass("diagnostics");
            setUniforms(physics());
            gpu.bind();
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, perPoint.id());  // see diagnostics.comp
            diagnose.use();
            gpu.overGrid(diagnose);
            // The reduction's shader reads the per-point values.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            reduce.sum(perPoint, std::uint64_t(columns) * rows, totals);
        }
        totals.download(&sums, sizeof sums);  // put there by a copy: no barrier needed
        if (raceMeasured) lost.download(lostCounts, sizeof lostCounts);
    }

    void render() override {
        renderer.draw(cloth::viewProjection(width(), height(), freeArea()), height(), physics(),
                      gpu.positions(), gpu.normals());
    }

    void ui() override {
        ImGui::Separator();
        ImGui::Text("%d x %d points, %lld springs in %d colours", columns, rows,
                    cloth::springCount(columns, rows), cloth::kColours);
        ImGui::Text("step %lld, t = %.2f s", stepsDone, double(stepsDone) * dt);
        cloth::energyAndStretch(sums);
        if (compute == "cpu") ImGui::Text("one CPU thread: %.2f ms a step", cpuStepMs);
        if (raceMeasured && compute == "gpu" && solver == "springs" && (colouring || naiveScatter))
            cloth::lostSpringEnds(colouring ? "coloured" : "naive", lostCounts, columns, rows);
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
        cloth::requireFinite(points, columns, stepsDone);  // explicit springs may blow up
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
        const cloth::Sweep sweep{physics(),
                                 flags.given(&benchMax) ? benchMax : 0,
                                 kMostStiffness,
                                 bytesPerPoint,
                                 [&](const std::vector<cloth::Point>& points, int w, int h) {
                                     gridWidth = w;
                                     gridHeight = h;
                                     pins = "none";
                                     initial = points;
                                     load(initial);
                                 },
                                 [&](const cloth::Physics& p) { gpuStep(p); },
                                 timingMethod()};
        for (const cs::BenchFigure& f : cloth::runSweep(sweep, calibration)) figures.push_back(f);
        return figures;
    }
};

CS_SAMPLE_MAIN(Cloth)
