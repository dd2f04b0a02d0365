// cloth: the thesis' mass-spring cloth falling onto a sphere and the ground, made correct and
// stable, drawn from the simulation's buffers, dragged by the mouse. README.md.
// The frame: update() → step() → gpuStep(); each pass binds what it reads, then dispatches.
//   `substeps` times, passes.cpp's scatterSubstep(), a SHADER_STORAGE barrier after each pass:
//     springs_scatter.comp once per colour (12): each spring's force into both ends' sums;
//     race_check.comp (first substep, while the overlay shows it): what a race lost;
//     springs_integrate.comp: every point moves by its sum.
//     (naive_scatter: one racing scatter; colouring=false or solver=xpbd: passes.cpp too)
//   normals.comp, then VERTEX_ATTRIB_ARRAY | SHADER_STORAGE | BUFFER_UPDATE for render()'s draw
//   measure() (the overlay's): diagnostics.comp, SHADER_STORAGE, then cs::GpuReduce, a tool:
//     contract in src/compute/reduce.h; the sums reach the overlay through fenced reads.
//   render(): renderer.cpp draws the sphere and ground (scene.frag), the cloth and its pins.
// Every pass reads the block Physics (cloth.glsl; cloth.h) at uniform point 0, uploaded when a
// parameter in it changes. Storage points, each pass binding its own (10 buffers, 8 points):
//   0 positions   1 velocities   2 other positions (gather, Jacobi) | per point (diagnostics)
//   3 other velocities (gather)  4 rest lengths   5 normals   6 force sums (scatter)
//   7 substep starts (xpbd) | the race's losses (race check)
#include <cstdint>
#include <utility>

#include "app/sample.h"
#include "bench.h"
#include "compute/reduce.h"
#include "overlay.h"
#include "passes.h"
#include "renderer.h"
#include "view.h"

// The stiffest springs offered: stable with XPBD; explicit springs need ~75x their substeps.
constexpr float kMostStiffness = 1e9f;

class Cloth : public cs::Sample {
public:
    Cloth() : Sample("cloth", "mass-spring and XPBD cloth: gather, graph colouring, Jacobi") {}

private:
    // The block every pass reads (cloth.h), where the physical parameters below live.
    cs::UniformBlock<cloth::Physics> physics{
        "Physics",
        {CS_BLOCK_MEMBER(cloth::Physics, grid), CS_BLOCK_MEMBER(cloth::Physics, h),
         CS_BLOCK_MEMBER(cloth::Physics, friction), CS_BLOCK_MEMBER(cloth::Physics, thickness),
         CS_BLOCK_MEMBER(cloth::Physics, jacobiWeight)}};
    cloth::Physics& p = physics.values;  // the block's numbers, as the CPU writes them

    int& gridWidth = params.add("width", 64, {2, 1024}, "points along x (with --input: the file's)")
                         .costGrowsAs(cs::growth::linear)
                         .interactiveAt(64);  // the defaults: 40 ms frames on llvmpipe
    int& gridHeight =
        params.add("height", 64, {2, 1024}, "points along y (with --input: the file's)")
            .costGrowsAs(cs::growth::linear)
            .interactiveAt(64);
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
    int& substeps = params.add("substeps", 16, {1, 256}, "substeps per step")
                        .costGrowsAs(cs::growth::linear)
                        .interactiveAt(16);
    float& dt = params.add("dt", 1.0f / 60.0f, {1e-4f, 0.05f}, "seconds per step (a frame)");
    float& stiffness = params.add("stiffness", p.stiffness, 180000.0f, {1.0f, kMostStiffness},
                                  "c, N/m, every spring");
    float& damping =
        params.add("damping", p.damping, 8.0f, {0.0f, 1000.0f}, "d, N s/m, along each spring");
    float& drag = params.add("drag", p.drag, 1.0f, {0.0f, 20.0f}, "air drag along the normal, 1/s");
    float& gravity = params.add("gravity", p.gravity, 9.81f, {0.0f, 50.0f}, "m/s^2, downwards");
    float& wind = params.add("wind", p.wind, 0.0f, {0.0f, 50.0f}, "m/s, along +x");
    float& sphereRadius = params.add("sphere_radius", p.sphereRadius, 0.5f, {0.05f, 0.9f}, "m");
    float& sphereX = params.add("sphere_x", p.sphereX, 0.0f, {-3.0f, 3.0f}, "sphere centre, m");
    float& sphereY = params.add("sphere_y", p.sphereY, 0.0f, {-3.0f, 3.0f}, "sphere centre, m");
    float& sphereZ = params.add("sphere_z", p.sphereZ, 0.0f, {-3.0f, 3.0f}, "sphere centre, m");
    float& ground = params.add("ground", p.ground, -0.5f, {-5.0f, 0.9f},
                               "ground plane height, m (< 1: the cloth's)");
    std::string& pins = params.choice("pins", std::string("none"), {"none", "two", "four"},
                                      "corners held still: none, the last row's two, all four");
    std::string& compute = params.choice("compute", std::string("gpu"), {"gpu", "cpu"},
                                         "where the steps run (cpu: the same solver, one thread)");

    int& stepLimit = flags.add("steps", 0, {0, 1 << 30},
                               "run exactly K steps in all, however the frames split them");
    int& benchMax = cloth::declareBenchMax(flags, [this] { return options().bench; });

    cloth::Sides sides;  // the state (state.h): the GPU's, and compute=cpu's
    cloth::GpuCloth& gpu = sides.gpu;
    cloth::SpringPasses springs;
    cs::Program computeNormals;
    cloth::OtherPasses others;          // the other solvers' (passes.h)
    std::vector<cloth::Point> initial;  // what reset returns to
    long long stepsDone = 0;

    // The overlay's figures, read a frame or more late (overlay.h), and the drawing.
    cs::Program diagnose;
    cs::GpuReduce reduce{cs::ElementType::Vec4};
    cloth::Figures figures;
    bool watchRace() const { return !options().noUi && !options().bench; }  // shown in the overlay
    bool lostCounted = false;   // this frame's first substep counted it
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
        if (cure || params.changed({&drag, &gravity, &wind, &sphereRadius, &sphereX, &sphereY,
                                    &sphereZ, &ground}))
            uploadPhysics();
        if (std::exchange(resetPressed, false) || (cure && sides.blownUp())) load(initial);
        if (params.changed(&compute)) sides.stepOn(compute == "cpu");
        if (params.changed(&pins)) figures.pinnedInPlace = sides.pin(pins, initial, grab.held());
        if (cure) figures.forgetLost();  // the race's counts, read again for the new settings
        if (window()) grab.update(view(), sides);
        if (!flags.given(&stepLimit) || stepsDone < stepLimit) step();  // --steps: no more
        if (watchRace()) measure();
    }

    // The block goes up whole, with the grid and the substep it derives from the parameters.
    void uploadPhysics() {
        p.grid = {gpu.columns(), gpu.rows()};
        p.h = dt / float(substeps);
        physics.upload();
    }

    cloth::Method method() const {
        const auto chosen = solver == "xpbd" ? cloth::Solver::Xpbd : cloth::Solver::Springs;
        return {chosen, colouring, naiveScatter, substeps};
    }

    void step() {
        ++stepsDone;
        if (compute == "cpu") {
            cpuStepMs = sides.cpuStep(p, method());
            auto pass = gpuPass("upload");
            gpu.upload(sides.cpu);  // for the draw
            return;
        }
        auto pass = gpuPass(cloth::variantName(method()).c_str());
        gpuStep(method());
    }

    // `substeps` of the solver's substeps, then the normals, for the draw and the next air.
    void gpuStep(const cloth::Method& m) {
        for (int s = 0; s < m.substeps; ++s) {
            if (m.solver == cloth::Solver::Xpbd) {
                cloth::xpbdSubstep(gpu, others, physics, m.colouring);
            } else if (m.colouring || m.naiveScatter) {
                // The overlay shows what the scatter's race lost in the first substep.
                const cs::Buffer* lost = watchRace() && s == 0 ? &figures.lost : nullptr;
                cloth::scatterSubstep(gpu, springs, physics, m.colouring, lost);
                lostCounted = lostCounted || lost != nullptr;
            } else {
                cloth::gatherSubstep(gpu, others, physics);
            }
        }
        computeNormals.use();
        physics.bind(0);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, gpu.positions().id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, gpu.normals().id());
        const glm::uvec3 groups = computeNormals.groupsFor(gpu.columns(), gpu.rows());
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
            diagnose.use();
            physics.bind(0);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, gpu.positions().id());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, gpu.velocities().id());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, figures.perPoint.id());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, gpu.restLengths().id());
            const glm::uvec3 groups = diagnose.groupsFor(gpu.columns(), gpu.rows());
            glDispatchCompute(groups.x, groups.y, groups.z);
            // The reduction's shader reads the per-point values.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            reduce.sum(figures.perPoint, std::uint64_t(gpu.columns()) * gpu.rows(), figures.totals);
        }
        // Copies behind fences, read once done (the counts' BUFFER_UPDATE barrier: passes.cpp).
        figures.totalsRead.request(figures.totals);
        if (std::exchange(lostCounted, false)) figures.lostRead.request(figures.lost);
        figures.totalsRead.poll();
        figures.lostRead.poll();
    }

    void setup() override {
        // Each program that reads the block checks its C++ mirror against the block as linked.
        auto kernel = [&](const char* file) {
            cs::Program program = cs::Program::compute(std::string("cloth/") + file);
            physics.check(program, params);
            return program;
        };
        springs = {kernel("springs_scatter.comp"), kernel("race_check.comp"),
                   kernel("springs_integrate.comp")};
        computeNormals = kernel("normals.comp");
        others = {kernel("springs_gather.comp"), kernel("xpbd_predict.comp"),
                  kernel("xpbd_coloured.comp"), kernel("xpbd_jacobi.comp"),
                  kernel("xpbd_finalize.comp")};
        diagnose = kernel("diagnostics.comp");
        useCamera();
        figures.setup();
        renderer.setup();
        physics.check(renderer.scene(), params);
        reload();
    }

    // The cloth from --input, or the default one, at width x height.
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
        sides.load(gridWidth, gridHeight, points, compute == "cpu");
        uploadPhysics();  // the new grid
        figures.resize(points.size());
        renderer.setGrid(gridWidth, gridHeight);
        stepsDone = 0;
        grab.forget();
        sides.pin(pins, initial, grab.held());
    }

    void render() override {
        renderer.draw(view().viewProjection, height(), physics, gpu.positions(), gpu.normals());
    }

    void ui() override {
        const bool racing = compute == "gpu" && solver == "springs" && (colouring || naiveScatter);
        const char* race = racing ? (colouring ? "coloured" : "naive") : nullptr;
        resetPressed =
            figures.draw({gpu.columns(), gpu.rows(), stepsDone, double(stepsDone) * dt,
                          compute == "cpu" ? cpuStepMs : -1.0, race, window() != nullptr});
        warn(figures.blowUpNote(race));  // where the learner looks first: below the parameters
    }

    void finish() override {
        // --steps K: whatever the frames did not run yet, so that exactly K steps are done.
        while (flags.given(&stepLimit) && stepsDone < stepLimit) step();
        if (options().output.empty() && !flags.given(&stepLimit)) return;
        const std::vector<cloth::Point> points = sides.readPositions();
        cloth::requireFinite(points, gpu.columns(), stepsDone);  // explicit springs may blow up
        if (!options().output.empty()) queueOutput(options().output, cloth::encodePoints(points));
    }

    // The roofline: the bytes a variant must move per point and substep if every pass reads and
    // writes what it touches once (neighbours from caches). A vec4 is 16, a rest length 4;
    // XPBD's predict moves 96 and its finalize 64.
    static double bytesPerPoint(const cloth::Variant& v) {
        if (v.solver == cloth::Solver::Springs)
            return v.colouring ? 12 * 64 + 24 + 112  // a colour: x, v in, sum in, out; integrate
                               : 48 + 24 + 32;       // x, v, normal and rest lengths in; x, v out
        return v.colouring ? 96 + 12 * 48 + 24 + 64  // a colour: x in and out, start in
                           : 96 + (32 + 24 + 16) + 64;  // Jacobi: x, start in, x out
    }

    std::vector<cs::BenchFigure> benchFigures(const cs::Calibration& calibration) override {
        // The frames' own steps first, where they ran one of the sweep's variants on the GPU.
        const double framesMs =
            compute == "gpu" && !naiveScatter ? benchMedianMs(cloth::variantName(method())) : -1;
        compute = "gpu";  // the sweeps load grids of their own, on the GPU
        const int largest = flags.given(&benchMax) ? benchMax : 0;
        cloth::Sweep sweep{p, method(), dt, &physics, largest, kMostStiffness, bytesPerPoint};
        sweep.loadGrid = [&](const std::vector<cloth::Point>& points, int w, int h) {
            gridWidth = w;
            gridHeight = h;
            pins = "none";
            load(initial = points);
        };
        sweep.step = [&](const cloth::Method& m) { gpuStep(m); };
        sweep.timing = timingMethod();
        sweep.frames = {gpu.columns(), gpu.rows(), framesMs};
        return cloth::runSweep(sweep, calibration);
    }
};

CS_SAMPLE_MAIN(Cloth)
