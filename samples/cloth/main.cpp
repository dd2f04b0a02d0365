// cloth: the thesis' mass-spring cloth (points, each tied to up to twelve neighbours) falling
// onto a sphere and the ground, made correct and stable: explicit springs gathered per point
// into a second buffer or scattered per spring by graph colouring, and XPBD with substeps,
// coloured or by Jacobi; drawn from the simulation's buffers, dragged by the mouse. README.md.
//
// The frame: update() → step() → gpuStep() here, each solver's substep in passes.cpp.
//   `substeps` times, the solver's substep, with a SHADER_STORAGE barrier after every pass:
//     springs, gather     springs_gather.comp into the other buffers, which then swap
//     springs, colouring  springs_scatter.comp per colour (12) or, racing, once (naive_scatter);
//                         race_check.comp (while the overlay shows it); springs_integrate.comp
//     xpbd                xpbd_predict.comp; xpbd_coloured.comp per colour (12), or
//                         xpbd_jacobi.comp into the other buffer (then swapped); xpbd_finalize
//   normals.comp, then VERTEX_ATTRIB_ARRAY | SHADER_STORAGE | BUFFER_UPDATE for render()'s draw
//   measure() (the overlay's): diagnostics.comp, SHADER_STORAGE, cs::GpuReduce, fenced reads
#include <utility>

#include "app/sample.h"
#include "bench.h"
#include "cloth.h"
#include "compute/reduce.h"
#include "gl/fenced_read.h"
#include "gl/program.h"
#include "overlay.h"
#include "passes.h"
#include "renderer.h"
#include "state.h"
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
    bool& naiveScatter = params
                             .add("naive_scatter", false,
                                  "springs without colouring: scatter with no colours, racing "
                                  "(wrong on purpose)")
                             .activeWhen([this] { return solver == "springs" && !colouring; },
                                         "unless solver=springs and colouring=false");
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
    int& benchMax = flags
                        .add("bench-max", 256, {8, 4096},
                             "largest grid edge of the --bench sweep (default 256 on a CPU "
                             "renderer, else 1024)")
                        .activeWhen([this] { return options().bench; }, "without --bench");

    // The state: positions and velocities twice, rest lengths, normals, force sums, substep
    // starts (state.h), and the programs of each solver's passes (passes.h).
    cloth::Sides sides;  // the GPU's state, and compute=cpu's
    cloth::GpuCloth& gpu = sides.gpu;
    cloth::SpringPasses springs;
    cloth::XpbdPasses xpbd;
    cs::Program computeNormals;
    int columns = 0, rows = 0;
    std::vector<cloth::Point> initial;  // what reset returns to
    long long stepsDone = 0;

    // The overlay's figures, read a frame or more late (overlay.h), and the drawing.
    cs::Program diagnose;
    cs::GpuReduce reduce{cs::ElementType::Vec4};
    cloth::Figures figures;
    bool watchRace = false, lostCounted = false;
    bool resetPressed = false;  // the overlay's button; update() does the GL work
    double cpuStepMs = 0.0;
    cloth::Renderer renderer;
    // The camera, fitted to the free area (view.h); a drag on the cloth pulls it, else orbits.
    cloth::MouseGrab grab;
    cloth::View view() { return cloth::fitView(camera(), window(), width(), height(), freeArea()); }
    bool wantsDrag(double x, double y) override { return grab.press(x, y, view(), sides); }
    std::vector<std::pair<std::string, std::string>> mouseHelp() const override {
        return {{"left drag on the cloth", "pull it"}};
    }

    void update(double) override {
        if (params.changed({&gridWidth, &gridHeight})) reload();
        // A change that may cure a blow-up (overlay.cpp) restarts a cloth that blew up.
        const bool cure = params.changed(
            {&solver, &colouring, &naiveScatter, &substeps, &dt, &stiffness, &damping});
        if (std::exchange(resetPressed, false) || (cure && sides.blownUp())) load(initial);
        if (params.changed(&compute)) sides.stepOn(compute == "cpu");
        if (params.changed(&pins)) sides.pin(pins, initial, grab.held());
        if (cure) figures.forgetLost();  // the race's counts, read again for the new settings
        if (window()) grab.update(view(), sides);
        watchRace = !options().noUi && !options().bench;  // while the overlay shows the figures
        if (!flags.given(&stepLimit) || stepsDone < stepLimit) step();  // --steps: no more
        if (watchRace) measure();
    }

    void step() {
        ++stepsDone;
        if (compute == "cpu") {
            cpuStepMs = sides.cpuStep(physics());
            auto pass = gpuPass("upload");
            gpu.upload(sides.cpu);  // for the draw
            return;
        }
        auto pass = gpuPass(cloth::variantName(physics()).c_str());
        gpuStep(physics());
    }

    // `substeps` of the solver's substeps, then the normals, for the draw and the next air.
    void gpuStep(const cloth::Physics& p) {
        setUniforms(p);
        // The state at the bindings every pass declares (state.h), once: a pass that swaps two
        // buffers binds them again (passes.cpp); the race check and measure() borrow 7 and 2.
        gpu.bind();
        for (int s = 0; s < p.substeps; ++s) {
            if (p.solver == cloth::Solver::Xpbd) {
                cloth::xpbdSubstep(gpu, xpbd, p.colouring);
            } else if (p.colouring || p.naiveScatter) {
                // The overlay shows what the scatter's race lost in the first substep.
                const bool countLost = watchRace && s == 0;
                cloth::scatterSubstep(gpu, springs, p.colouring,
                                      countLost ? &figures.lost : nullptr);
                lostCounted = lostCounted || countLost;
            } else {
                cloth::gatherSubstep(gpu, springs);
            }
        }
        computeNormals.use();
        glUniform2i(computeNormals.uniform("size"), columns, rows);
        const glm::uvec3 groups = computeNormals.groupsFor(columns, rows);
        glDispatchCompute(groups.x, groups.y, groups.z);
        // The draw reads positions and normals as vertex attributes (VERTEX_ATTRIB_ARRAY),
        // the next step's passes as storage (SHADER_STORAGE); picking and --output download
        // the positions, and the pins and the mouse overwrite points (BUFFER_UPDATE).
        glMemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT |
                        GL_BUFFER_UPDATE_BARRIER_BIT);
    }

    // The overlay's energy, stretch and blow-up summed on the GPU, and the race's losses.
    void measure() {
        {
            auto pass = gpuPass("diagnostics");
            cloth::setUniforms(diagnose, physics(), columns, rows);
            // The state too: no step need have run this frame (compute=cpu, --steps done).
            gpu.bind();
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, figures.perPoint.id());  // borrowed
            diagnose.use();
            glUniform2i(diagnose.uniform("size"), columns, rows);
            const glm::uvec3 groups = diagnose.groupsFor(columns, rows);
            glDispatchCompute(groups.x, groups.y, groups.z);
            // The reduction's shader reads the per-point values.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            reduce.sum(figures.perPoint, std::uint64_t(columns) * rows, figures.totals);
        }
        // The totals came by a copy, the counts through a BUFFER_UPDATE barrier (passes.cpp).
        figures.read(std::exchange(lostCounted, false));
    }

    void setup() override {
        auto kernel = [](const char* f) { return cs::Program::compute(std::string("cloth/") + f); };
        springs = {kernel("springs_gather.comp"), kernel("springs_scatter.comp"),
                   kernel("springs_integrate.comp"), kernel("race_check.comp")};
        xpbd = {kernel("xpbd_predict.comp"), kernel("xpbd_coloured.comp"),
                kernel("xpbd_jacobi.comp"), kernel("xpbd_finalize.comp")};
        computeNormals = kernel("normals.comp");
        diagnose = kernel("diagnostics.comp");
        useCamera();
        figures.setup();
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
        // Up front, not at the first step: the widest dispatch, the racing scatter's, must fit
        // this GL (and sides.load() checks the largest buffer).
        springs.scatter.groupsFor(6 * std::uint64_t(gridWidth), gridHeight);
        columns = gridWidth;
        rows = gridHeight;
        sides.load(columns, rows, points, compute == "cpu");
        figures.resize(points.size());
        renderer.setGrid(columns, rows);
        stepsDone = 0;
        grab.forget();
        sides.pin(pins, initial, grab.held());
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

    // The numbers of cloth.glsl, once per step for every pass of the step.
    void setUniforms(const cloth::Physics& p) const {
        for (const cs::Program* program :
             {&springs.gather, &springs.scatter, &springs.integrate, &springs.raceCheck,
              &xpbd.predict, &xpbd.coloured, &xpbd.jacobi, &xpbd.finalize, &computeNormals})
            cloth::setUniforms(*program, p, columns, rows);
    }

    void render() override {
        renderer.draw(view().viewProjection, height(), physics(), gpu.positions(), gpu.normals());
    }

    void ui() override {
        const bool racing = compute == "gpu" && solver == "springs" && (colouring || naiveScatter);
        resetPressed = figures.draw(
            {columns, rows, stepsDone, double(stepsDone) * dt, compute == "cpu" ? cpuStepMs : -1.0,
             racing ? (colouring ? "coloured" : "naive") : nullptr, window() != nullptr});
    }

    void finish() override {
        // --steps K: whatever the frames did not run yet, so that exactly K steps are done.
        if (flags.given(&stepLimit))
            while (stepsDone < stepLimit) step();
        if (options().output.empty() && !flags.given(&stepLimit)) return;
        const std::vector<cloth::Point> points = sides.readPositions();
        cloth::requireFinite(points, columns, stepsDone);  // explicit springs may blow up
        if (!options().output.empty()) queueOutput(options().output, cloth::encodePoints(points));
    }

    // The roofline: the bytes a variant must move per point and substep if every pass reads and
    // writes what it touches once (neighbours from caches). A vec4 is 16, a rest length 4.
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
        auto loadGrid = [&](const std::vector<cloth::Point>& points, int w, int h) {
            gridWidth = w;
            gridHeight = h;
            pins = "none";
            load(initial = points);
        };
        auto step = [&](const cloth::Physics& p) { gpuStep(p); };
        // The frames' own steps first, where they ran one of the sweep's variants on the GPU.
        const double framesMs =
            compute == "gpu" && !naiveScatter ? benchMedianMs(cloth::variantName(physics())) : -1;
        compute = "gpu";  // the sweeps load grids of their own, on the GPU
        watchRace = false;
        const cloth::Sweep sweep{physics(),      flags.given(&benchMax) ? benchMax : 0,
                                 kMostStiffness, bytesPerPoint,
                                 loadGrid,       step,
                                 timingMethod(), {columns, rows, framesMs}};
        return cloth::runSweep(sweep, calibration);
    }
};

CS_SAMPLE_MAIN(Cloth)
