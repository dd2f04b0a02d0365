// nbody: all-pairs softened gravity with leapfrog integration, in a naive compute kernel that
// reads every body from the storage buffer and a tiled one that shares each fetch across a
// work group through shared memory (GPU Gems 3 ch. 31). See README.md.
//
// The frame, update() here: every pass in order, each bind, dispatch, barrier. The passes
// read the Gravity block (uniform buffer 0, gravity.glsl; the C++ mirror in bodies.h),
// uploaded when a value changes, and their kicks, a uniform per dispatch.
//   tiled.comp or naive.comp  steps_per_frame times, [current] -> [other], then swapped:
//   (variants: kernels.h)     SHADER_STORAGE | VERTEX_ATTRIB_ARRAY | BUFFER_UPDATE
//   diagnostics.comp          (overlay on; before the steps too, once after a restart: the
//                             baseline) energy and momentum per body: SHADER_STORAGE
//   totals.comp               their sums, one work group: BUFFER_UPDATE; a fenced read
//   render(): bodies.vert/.frag, the positions drawn as point sprites (sprites.cpp), reading
//             the SpriteLook block (uniform buffer 1, sprites.glsl), uploaded every frame
#include <imgui.h>

#include <utility>

#include "app/sample.h"
#include "bench.h"
#include "bodies.h"
#include "gl/fenced_read.h"
#include "gl/info.h"
#include "gl/program.h"
#include "gl/uniform_block.h"
#include "kernels.h"
#include "overlay.h"
#include "sprites.h"

class NBody : public cs::Sample {
public:
    NBody() : Sample("nbody", "all-pairs gravity: naive vs shared-memory tiled compute kernels") {}

private:
    static inline const std::vector<int> kLocalSizes = {32, 64, 128, 256, 512, 1024};

    cs::UniformBlock<nbody::Gravity> gravity{"Gravity", {CS_BLOCK_MEMBER(nbody::Gravity, count)}};
    nbody::Sprites sprites;  // holds brightness, in its block

    std::string& initial = params
                               .choice("initial", std::string("disks"),
                                       {"disks", "plummer", "sphere"}, "initial conditions")
                               .activeWhen([this] { return options().input.empty(); },
                                           "with --input: the bodies come from the file");
    int& bodyCount = params.add("bodies", 4096, {1, 1 << 20}, "number of bodies")
                         .activeWhen([this] { return options().input.empty(); },
                                     "with --input: the bodies come from the file")
                         .interactiveAt(1024)  // all pairs: 16 times less work
                         .costGrowsAs(cs::growth::square);
    std::string& kernel =
        params.choice("kernel", "tiled", nbody::stepKernelNames(), "force kernel");
    int& localSize = params.choice("local_size", 256, kLocalSizes,
                                   "work-group size (= tile size of the tiled kernel)");
    float& dt = params.add("dt", 0.01f, {1e-5f, 0.1f}, "time step");
    int& stepsPerFrame = params.add("steps_per_frame", 1, {1, 64}, "leapfrog steps per frame")
                             .costGrowsAs(cs::growth::linear);
    float& softeningSqr = params.add("softening", gravity.values.softening, 0.0025f, {1e-6f, 1.0f},
                                     "softening eps^2");
    float& G = params.add("gravity", gravity.values.gravity, 1.0f, {1e-3f, 100.0f},
                          "gravitational constant G");
    float& totalMass = params.add("mass", 1.0f, {1e-3f, 1000.0f}, "total mass of the bodies")
                           .activeWhen([this] { return options().input.empty(); },
                                       "with --input: the bodies come from the file");
    bool& diagnostics = params.add("diagnostics", true, "energy and momentum in the overlay");
    float& brightness = params.add("brightness", sprites.look.values.brightness, 0.6f,
                                   {0.01f, 4.0f}, "light per body");
    float& zoom = params.add("zoom", 1.0f, {0.1f, 20.0f}, "view zoom");

    int& stepLimit =
        flags.add("steps", 0, {0, 1 << 30},
                  "run exactly K leapfrog steps in all, however the frames split them");
    std::string& benchSizesText =
        flags
            .text("bench-sizes", "N,N,...",
                  "body counts of the --bench sweep (default 4096,16384,65536; 4096,8192 on a "
                  "CPU renderer)")
            .activeWhen([this] { return options().bench; }, "without --bench");
    std::string& benchKernelsText =
        flags.text("bench-kernels", "K,...", "kernels of the sweep (default all; CPU: naive,tiled)")
            .activeWhen([this] { return options().bench; }, "without --bench");

    // The simulation state, double-buffered: [current] holds step n, the step writes n+1
    // into the other, and the two swap.
    cs::Buffer positions[2], velocities[2];
    int current = 0;
    GLuint count = 0;
    cs::Program step, diagnose, sumTotals;
    std::string stepPass;  // "tiled/256": the overlay lists each variant's time separately
    // The half kick (dt/2) the stored velocities still owe: they lag half a step behind the
    // positions between steps (see step_common.glsl). Zero when they are synchronized.
    float owedKick = 0.0f;
    long long stepsDone = 0;
    double simulatedTime = 0.0;

    nbody::Conservation conservation;  // energy and momentum: their buffers and reads
    nbody::View view;
    std::string source;        // where the bodies came from, for the overlay
    nbody::SweepChoice swept;  // --bench-sizes, --bench-kernels
    nbody::FmaRate fma;        // measured on request in the overlay
    bool restartPressed = false, fmaRatePressed = false;  // the overlay's buttons
    bool stepsLeft() const { return !flags.given(&stepLimit) || stepsDone < stepLimit; }

    void update(double) override {
        // The overlay's buttons only ask: what they ask for issues GL commands, so it runs here.
        const bool restartAsked = std::exchange(restartPressed, false);
        if (params.changed({&initial, &bodyCount, &totalMass}) || restartAsked) restart();
        if (params.changed({&kernel, &localSize})) buildStep();
        // Energy depends on G and eps: measure the drift afresh from here.
        if (params.changed({&G, &softeningSqr})) {
            gravity.upload();
            conservation.forget();
        }
        if (params.changed(&diagnostics)) conservation.forget();         // no drift left standing
        fma.step(std::exchange(fmaRatePressed, false), timingMethod());  // a dispatch a frame

        // Diagnostics only when the overlay shows them, and not while --bench times the step.
        const bool showDiagnostics = diagnostics && !options().noUi && !options().bench;
        if (showDiagnostics && !std::exchange(conservation.baselineAsked, true))
            measureDiagnostics(conservation.baseline);
        for (int s = 0; s < stepsPerFrame && stepsLeft(); ++s) leapfrogStep();
        if (showDiagnostics) measureDiagnostics(conservation.now);
        conservation.baseline.poll();  // the copies whose fence has signalled, never waiting
        conservation.now.poll();
    }

    // Leapfrog, kick-drift-kick: v += a dt/2; x += v dt; v += a(x_new) dt/2. The last half
    // kick of a step and the first of the next use the same a(x), so each step is one
    // dispatch that pays the owed half kick and the new one together.
    void leapfrogStep() {
        auto pass = gpuPass(stepPass.c_str());
        dispatchStep(step, owedKick, 0.5f * dt, dt);
        owedKick = 0.5f * dt;
        ++stepsDone;
        simulatedTime += dt;
    }

    // One dispatch of the step kernel from buffers [current] into [1 - current], then swap.
    void dispatchStep(const cs::Program& program, float closeKick, float openKick, float drift) {
        program.use();
        gravity.bind(0);
        glUniform3f(program.uniform("leapfrog"), closeKick, openKick, drift);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, positions[current].id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, velocities[current].id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, positions[1 - current].id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, velocities[1 - current].id());
        const glm::uvec3 groups = program.groupsFor(count);
        glDispatchCompute(groups.x, groups.y, groups.z);
        // The next step and the diagnostics pass read the new state as storage buffers
        // (SHADER_STORAGE), the draw fetches it as vertex attributes (VERTEX_ATTRIB_ARRAY),
        // which SHADER_STORAGE does not cover, and finish() downloads it (BUFFER_UPDATE).
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT |
                        GL_BUFFER_UPDATE_BARRIER_BIT);
        current = 1 - current;
    }

    // Per-body energy and momentum on the GPU, summed on the GPU into `totals`, and a copy of
    // the sums that `read` reads once its fence has signalled.
    void measureDiagnostics(cs::FencedRead& read) {
        {
            auto pass = gpuPass("diagnostics");
            diagnose.use();
            gravity.bind(0);
            glUniform1f(diagnose.uniform("closeKick"), owedKick);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, positions[current].id());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, velocities[current].id());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, conservation.energies.id());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, conservation.momenta.id());
            const glm::uvec3 groups = diagnose.groupsFor(count);
            glDispatchCompute(groups.x, groups.y, groups.z);
            // The sums read the per-body values just written as storage buffers.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
        auto pass = gpuPass("diagnostics sum");
        sumTotals.use();
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, conservation.energies.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, conservation.momenta.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, conservation.totals.id());
        glDispatchCompute(1, 1, 1);  // one work group sums every body
        // The fenced read copies the totals with glCopyBufferSubData (BUFFER_UPDATE).
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        read.request(conservation.totals);
    }

    void checkOptions() override { swept = nbody::parseSweep(benchSizesText, benchKernelsText); }

    void setup() override {
        sprites.create(params);
        camera().setHome(nbody::kHomePose);
        useCamera(&zoom);  // the wheel scales zoom (larger is closer), Home resets it too
        diagnose = cs::Program::compute("nbody/diagnostics.comp");
        gravity.check(diagnose, params);
        sumTotals = cs::Program::compute("nbody/totals.comp");
        conservation.create();
        buildStep();
        if (!options().input.empty()) {
            source = options().input;
            // Each body's position and velocity go in storage blocks of a vec4 per body.
            load(nbody::readState(options().input,
                                  cs::glInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE) / 16));
        } else {
            restart();
        }
    }

    // The work-group size is compiled into the kernel, so a new size is a new program.
    void buildStep() {
        step = nbody::stepProgram(kernel, localSize);
        gravity.check(step, params);
        stepPass = kernel + "/" + std::to_string(localSize);
    }

    void restart() {
        source = initial + ", seed " + std::to_string(seed());
        load(nbody::makeBodies(initial, bodyCount, totalMass, G, softeningSqr, seed()));
    }

    void load(const std::vector<nbody::Body>& bodies) {
        // Up front, not at the first step: one dispatch must cover every body.
        step.groupsFor(bodies.size());
        count = GLuint(bodies.size());
        gravity.values.count = count;
        gravity.upload();
        const nbody::Halves halves = nbody::split(bodies);
        const GLsizeiptr bytes = GLsizeiptr(count * sizeof(glm::vec4));
        for (int b = 0; b < 2; ++b) {
            positions[b] = cs::Buffer("positions " + std::to_string(b), bytes,
                                      cs::BufferUse::Computed, halves.positions.data());
            velocities[b] = cs::Buffer("velocities " + std::to_string(b), bytes,
                                       cs::BufferUse::Computed, halves.velocities.data());
        }
        conservation.resize(count);
        view = nbody::viewOf(bodies);
        current = 0;
        owedKick = 0.0f;
        stepsDone = 0;
        simulatedTime = 0.0;
        conservation.forget();
    }

    void render() override {
        camera().pose().distance = nbody::cameraDistance(view, freeArea(), zoom);  // fitted, / zoom
        sprites.draw(positions[current], velocities[current], count, camera(), freeArea(), width(),
                     height(), view.speedScale);
    }

    void ui() override {
        const nbody::Pressed pressed = nbody::drawOverlay(
            {count, source, stepsDone, simulatedTime, view.speedScale},
            {stepPass, latestPassMs(stepPass), kFlopsPerInteraction, &fma}, conservation);
        restartPressed = restartPressed || pressed.restart;  // update() does what they ask
        fmaRatePressed = fmaRatePressed || pressed.fmaRate;
    }

    void finish() override {
        // --steps K: whatever the frames did not run yet, so that exactly K steps are done.
        while (flags.given(&stepLimit) && stepsDone < stepLimit) leapfrogStep();
        // A batch run (--steps or --output) reads the state back once, and checks it.
        if (options().output.empty() && !flags.given(&stepLimit)) return;
        if (owedKick != 0.0f) {  // the owed half kick: then v belongs to the time of x
            auto pass = gpuPass("synchronize");
            dispatchStep(step, owedKick, 0.0f, 0.0f);
            owedKick = 0.0f;
        }
        nbody::Halves halves{std::vector<glm::vec4>(count), std::vector<glm::vec4>(count)};
        positions[current].download(halves.positions.data(), positions[current].size());
        velocities[current].download(halves.velocities.data(), velocities[current].size());
        const std::vector<nbody::Body> bodies = nbody::join(halves);
        // Masses or distances near the float limit overflow the force sums to inf, then NaN:
        // a state no --input would take.
        nbody::requireFinite(bodies, stepsDone);
        if (!options().output.empty()) queueOutput(options().output, nbody::encodeState(bodies));
    }

    // The roofline is the FMA rate: an interaction is 20 FLOPs by the usual count (3 for the
    // difference, 6 for the squared distance + eps^2, 4 for the inverse cube, 1 for the mass,
    // 6 for the multiply-add: gravity.glsl), and a step is N^2 interactions.
    static constexpr double kFlopsPerInteraction = 20.0;

    std::vector<cs::BenchFigure> benchFigures(const cs::Calibration& calibration) override {
        std::vector<cs::BenchFigure> figures = {cs::flopsFigure(
            "step " + stepPass + " N=" + std::to_string(count),
            kFlopsPerInteraction * count * count, benchMedianMs(stepPass), calibration)};
        // The same for each kernel of --bench-kernels at every work-group size and N of
        // --bench-sizes; the repeats neither kick nor drift, so that the state stays as it is.
        const std::vector<cs::BenchFigure> sweep = nbody::runSweep(
            {swept, kLocalSizes, kFlopsPerInteraction, softeningSqr,
             [&](const std::vector<nbody::Body>& bodies) { load(bodies); }, nbody::stepProgram,
             [&](const cs::Program& program) { dispatchStep(program, 0.0f, 0.0f, 0.0f); },
             timingMethod()},
            calibration);
        figures.insert(figures.end(), sweep.begin(), sweep.end());
        return figures;
    }
};

CS_SAMPLE_MAIN(NBody)
