// flocking: the boids of OpenGL SuperBible (6th ed., ch. 10, Listings 10.9-10.16), exactly:
// four rules over all pairs, tiled through shared memory, drawn as instanced paper planes
// straight from the simulation's buffers. Then past the book: a neighbour grid, rebuilt each
// step by a counting sort on the framework's scan, so that a member looks only at the 27
// cells around it. See README.md.
#include <imgui.h>

#include <cmath>
#include <glm/gtc/type_ptr.hpp>
#include <limits>
#include <numeric>

#include "app/sample.h"
#include "bench.h"
#include "boids.h"
#include "compute/reduce.h"
#include "dispatch.h"
#include "gl/info.h"
#include "gl/program.h"
#include "grid.h"
#include "overlay.h"
#include "planes.h"
#include "util/error.h"

namespace {

// step.glsl's Health block before any step has gone non-finite.
constexpr GLuint kNoStep = 0xFFFFFFFFu;

}  // namespace

class Flocking : public cs::Sample {
public:
    Flocking() : Sample("flocking", "boids: the book's all-pairs flock, and a neighbour grid") {}

private:
    int& boidCount = params.add("count", 16384, {1, 1 << 20}, "boids in the generated flock")
                         .activeWhen([this] { return options().input.empty(); },
                                     "with --input: the flock comes from the file");
    std::string& search = params.choice("search", "all_pairs", {"all_pairs", "grid"},
                                        "whom a boid visits: every member (the book), or the "
                                        "members in the 27 grid cells around it");
    float& radius = params.add("radius", 0.0f, {0.0f, 1000.0f},
                               "reach of rule 2; 0: every member (the book); grid needs > 0");
    float& separationDistance =
        params.add("separation_distance", std::sqrt(50.0f), {0.0f, 1000.0f}, "reach of rule 1");
    float& separationWeight =
        params.add("separation_weight", 0.18f, {0.0f, 1.0f}, "rule 1: away from close members");
    float& alignmentWeight =
        params.add("alignment_weight", 0.05f, {0.0f, 1.0f}, "rule 2: towards their velocity");
    float& goalWeight = params.add("goal_weight", 0.17f, {0.0f, 1.0f}, "rule 3: towards the goal");
    float& cohesionWeight =
        params.add("cohesion_weight", 0.02f, {0.0f, 1.0f}, "rule 4: towards the flock's centre");
    float& dt = params.add("dt", 0.5f, {0.01f, 2.0f}, "integration factor of a step (not seconds)");
    float& maxSpeed = params.add("max_speed", 10.0f, {0.1f, 100.0f}, "speed limit");
    float& smoothing =
        params.add("smoothing", 0.4f, {0.0f, 1.0f}, "how much of the new velocity a step keeps");
    float& goalX = params.add("goal_x", 15.0f, {0.0f, 1000.0f}, "reach of the goal's path in x");
    float& goalY = params.add("goal_y", 15.0f, {0.0f, 1000.0f}, "reach of the goal's path in y");
    float& goalZ = params.add("goal_z", 180.0f, {0.0f, 1000.0f}, "reach of the goal's path in z");
    float& planeSize = params.add("plane_size", 5.0f, {0.1f, 50.0f}, "size of a paper plane");
    float& zoom = params.add("zoom", 1.0f, {0.1f, 20.0f}, "view zoom");

    int& stepLimit = flags.add("steps", 0, {0, 1 << 30},
                               "run exactly K steps in all, however the frames split them");
    int& benchLargest = flags
                            .add("bench-max", 1 << 20, {1, 1 << 20},
                                 "largest flock of the --bench sweep (4096, 16384, ... up to "
                                 "it; a search stops where its next step would take over 5 s)")
                            .activeWhen([this] { return options().bench; }, "without --bench");

    // The flock, double-buffered: a step reads half [current] and writes half [1 - current],
    // then the halves swap. Each half holds the members, the planes' frames that the step
    // builds for the draw, and the positions once more as vec4s for the reduction (rule 4).
    cs::Buffer boids[2], frames[2], positions[2];
    cs::Buffer centreSum;  // rule 4: the positions' sum, from the reduction (a vec4)
    cs::Buffer health;     // the first step that produced a non-finite value, or kNoStep
    cs::Buffer colours;    // one vec3 per plane, made once
    int current = 0;
    int shown = 0;  // the half the draw shows: the one the frame's step read
    GLuint count = 0;
    long long stepsDone = 0;
    std::string source;  // where the flock came from, for the overlay
    cs::GpuReduce reduce{cs::ElementType::Vec4};
    cs::Program allPairs, gridUpdate, orient;
    flocking::Grid grid;  // search=grid: the members sorted by cell, rebuilt every step

    flocking::Planes planes;
    bool compareRequested = false;
    double compared[2] = {0, 0};  // ms of one all_pairs and one grid step, at comparedCount
    GLuint comparedCount = 0;

    bool useGrid() const { return search == "grid"; }
    bool stepsLeft() const { return !flags.given(&stepLimit) || stepsDone < stepLimit; }
    static constexpr const char* kGridNeedsRadius =
        "search=grid needs radius > 0: the reach of rule 2 sizes the cells (e.g. radius=10)";

    void checkOptions() override {
        if (useGrid() && radius == 0.0f) throw cs::UsageError(kGridNeedsRadius);
    }

    void setup() override {
        cs::requireLimit(GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS, 8, "the grid's update (grid.comp)");
        allPairs = cs::Program::compute("flocking/all_pairs.comp");
        gridUpdate = cs::Program::compute("flocking/grid.comp");
        orient = cs::Program::compute("flocking/orient.comp");
        grid.create();
        planes.create();
        if (!options().input.empty()) {
            source = options().input;
            // The largest storage block holds each plane's frame, 48 bytes.
            load(flocking::readBoids(options().input,
                                     cs::glInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE) / 48));
        } else {
            restart();
        }
    }

    void restart() {
        source = "generated, seed " + std::to_string(seed());
        load(flocking::makeFlock(boidCount, seed()));
    }

    void load(const std::vector<flocking::Boid>& flock) {
        // Up front: one dispatch must cover every member, one storage block hold every frame.
        allPairs.groupsFor(flock.size());
        cs::requireLimit(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, std::int64_t(flock.size()) * 48,
                         std::to_string(flock.size()) + " planes' frames (48 bytes each)");
        count = GLuint(flock.size());
        const std::vector<glm::vec4> p = flocking::positionsOf(flock);
        // Until the first step sums them on the GPU (for the view).
        const glm::vec4 sum = std::accumulate(p.begin(), p.end(), glm::vec4(0.0f));
        const GLsizeiptr n = count;
        for (int b = 0; b < 2; ++b) {
            const std::string half = " " + std::to_string(b);
            boids[b] = cs::Buffer("boids" + half, n * 32, cs::BufferUse::Computed, flock.data());
            frames[b] = cs::Buffer("frames" + half, n * 48, cs::BufferUse::Computed);
            positions[b] =
                cs::Buffer("positions" + half, n * 16, cs::BufferUse::Computed, p.data());
        }
        centreSum = cs::Buffer("sum of the positions", sizeof sum, cs::BufferUse::Computed, &sum);
        health =
            cs::Buffer("first non-finite step", sizeof kNoStep, cs::BufferUse::Computed, &kNoStep);
        colours = cs::Buffer("plane colours", n * 12, cs::BufferUse::Input,
                             flocking::paperColours(int(count)).data());
        grid.resize(count);
        current = shown = 0;
        stepsDone = 0;
        {
            auto pass = gpuPass("orient");
            flocking::dispatchOver(orient, count, {{0, boids[0]}, {2, frames[0]}});
            // The draw fetches the frames as vertex attributes.
            glMemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT);
        }
    }

    void update(double) override {
        if (params.changed({&boidCount})) restart();
        if (useGrid() && radius == 0.0f) throw cs::Error(kGridNeedsRadius);
        // The draw shows the state this frame's step reads, as the book does, so the draw
        // never waits for the step, which writes the other half. The barrier orders what the
        // draw fetches as vertex attributes (the members and frames the last step wrote)
        // before the draw; issued here, before this step, it does not make the draw wait for
        // this one.
        glMemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT);
        shown = current;
        // Before the step: the trial steps write the half the step then overwrites.
        if (compareRequested) compareSearches();
        if (!stepsLeft()) return;
        step();
        if (useGrid() && !options().noUi && !options().bench) measureOccupancy();
    }

    // One step, each pass timed on its own: the state in [current] becomes [1 - current].
    void step() {
        {
            auto pass = gpuPass("centre");
            centre();
        }
        if (useGrid()) {
            {
                auto pass = gpuPass("bin");
                grid.bin(boids[current], count, radius, separationDistance);
            }
            {
                auto pass = gpuPass("scan");
                grid.scan();
            }
            {
                auto pass = gpuPass("scatter");
                grid.scatter(boids[current], count);
            }
        }
        {
            auto pass = gpuPass(useGrid() ? "update grid" : "update all_pairs");
            updateFlock(useGrid());
        }
        current = 1 - current;
        ++stepsDone;
    }

    // The same passes untimed, without the swap: from [current] into the other half, which
    // the next real step overwrites. For timing whole steps (the sweep, the comparison).
    void trialStep(bool gridSearch) {
        centre();
        if (gridSearch) {
            grid.bin(boids[current], count, radius, separationDistance);
            grid.scan();
            grid.scatter(boids[current], count);
        }
        updateFlock(gridSearch);
    }

    // Rule 4's centre is the mean of all members: the framework's reduction sums the
    // positions on the GPU. The sum reaches centreSum through glCopyBufferSubData, not a
    // shader write, so neither the update nor the draw (which centres the view on it) needs
    // a barrier to read it.
    void centre() { reduce.sum(positions[current], count, centreSum); }

    // The rules and the step (step.glsl), over all pairs or over the grid's neighbours.
    void updateFlock(bool gridSearch) {
        const cs::Program& program = gridSearch ? gridUpdate : allPairs;
        program.use();
        glUniform1ui(program.uniform("stepNumber"), GLuint(stepsDone + 1));
        glUniform1f(program.uniform("separationSq"), separationDistance * separationDistance);
        glUniform1f(program.uniform("reachSq"),
                    radius > 0.0f ? radius * radius : std::numeric_limits<float>::max());
        glUniform1f(program.uniform("separationWeight"), separationWeight);
        glUniform1f(program.uniform("alignmentWeight"), alignmentWeight);
        glUniform1f(program.uniform("goalWeight"), goalWeight);
        glUniform1f(program.uniform("cohesionWeight"), cohesionWeight);
        // t is the simulated time before the step: the book runs one step per 60 Hz frame.
        const glm::vec3 goal = flocking::goalAt(double(stepsDone) / 60.0, {goalX, goalY, goalZ});
        glUniform3fv(program.uniform("goal"), 1, glm::value_ptr(goal));
        glUniform1f(program.uniform("dt"), dt);
        glUniform1f(program.uniform("maxSpeed"), maxSpeed);
        glUniform1f(program.uniform("smoothing"), smoothing);
        if (gridSearch) grid.setUniforms(program);
        flocking::dispatchOver(program, count,
                               {{0, gridSearch ? grid.sortedBoids() : boids[current]},
                                {1, boids[1 - current]},
                                {2, frames[1 - current]},
                                {3, positions[1 - current]},
                                {4, centreSum},
                                {5, grid.order()},
                                {6, grid.binStarts()},
                                {7, health}});
        // The next step reads the members and positions as storage (the grid's bin pass, the
        // reduction, the update). The draw's and --output's barriers come before their reads.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }

    // For the overlay: the bins in use and the fullest, read back (8 bytes, waiting for the
    // GPU) once a frame while the overlay shows them.
    void measureOccupancy() {
        {
            auto pass = gpuPass("occupancy");
            grid.countOccupancy();
        }
        grid.readOccupancy();
    }

    // One untimed step of each search from the current state, each timed as a whole.
    void compareSearches() {
        compareRequested = false;
        for (bool gridSearch : {false, true})
            compared[gridSearch] =
                cs::medianGpuMs([&] { trialStep(gridSearch); }, timingMethod(), 1);
        comparedCount = count;
    }

    void render() override {
        planes.draw(boids[shown], frames[shown], colours, centreSum, count,
                    flocking::viewProjection(width(), height(), freeArea(), zoom), planeSize);
    }

    void ui() override {
        ImGui::Separator();
        ImGui::Text("%u boids (%s)", count, source.c_str());
        const glm::vec3 goal = flocking::goalAt(double(stepsDone) / 60.0, {goalX, goalY, goalZ});
        ImGui::Text("step %lld, t = %.2f s, goal (%.0f, %.0f, %.0f)", stepsDone, stepsDone / 60.0,
                    goal.x, goal.y, goal.z);
        if (useGrid() && grid.binsInUse() > 0) flocking::gridOccupancy(grid, count);
        if (radius > 0.0f && ImGui::Button("compare searches")) compareRequested = true;
        if (radius == 0.0f) ImGui::TextDisabled("compare searches: set radius > 0 for the grid");
        if (comparedCount == count && compared[1] > 0) flocking::searchComparison(compared);
    }

    void finish() override {
        // --steps K: whatever the frames did not run yet, so that exactly K steps are done.
        if (flags.given(&stepLimit))
            while (stepsDone < stepLimit) step();
        // The read-backs below read what the last step's shaders wrote.
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        GLuint firstNonFinite = kNoStep;
        health.download(&firstNonFinite, sizeof firstNonFinite);
        if (firstNonFinite != kNoStep)
            throw cs::Error("step " + std::to_string(firstNonFinite) +
                            " produced a value that is not a finite number: the flock's "
                            "positions or velocities overflowed float");
        if (options().output.empty()) return;
        std::vector<flocking::Boid> flock(count);
        boids[current].download(flock.data(), GLsizeiptr(count * sizeof(flocking::Boid)));
        queueOutput(options().output, flocking::encodeBoids(flock));
    }

    // Roofline of each search: all_pairs is FLOP-bound, 19 FLOPs per pair (step.glsl,
    // addNeighbour); the grid moves memory. Its bytes, per member unless said, each record
    // read or written once (a cell's members come again from cache, not counted):
    //   centre 16 (position) | bin 32 + 4 (record, key), count 4 + 4 (key, arrival), the
    //   table's clear 4 per bin | scan 12 per bin (read, read, write) | scatter 16 (key,
    //   start, arrival, placed), order 20 (key, two starts, placed, order), reorder 68 (order,
    //   record, record) | update 32 + 4 + 8 (record, order, starts) + 96 (record, frame,
    //   position written)
    static double allPairsFlops(double n) { return 19.0 * n * n; }
    static double gridBytes(double n) {
        const double bins = flocking::Grid::tableSizeFor(GLuint(n));
        return n * (16 + 36 + 8 + 16 + 20 + 68 + 140) + bins * (4 + 12);
    }

    std::vector<cs::BenchFigure> benchFigures(const cs::Calibration& calibration) override {
        // The searches are compared at the same rules: rule 2 within radius, or within 10
        // where radius is 0 (every member), which the grid cannot search.
        if (radius == 0.0f) radius = 10.0f;
        const flocking::Sweep sweep{benchLargest,
                                    5000.0,
                                    allPairsFlops,
                                    gridBytes,
                                    [&](int n) { load(flocking::makeFlock(n, 1)); },
                                    [&](bool grid) { trialStep(grid); },
                                    timingMethod()};
        return flocking::runSweep(sweep, calibration);
    }
};

CS_SAMPLE_MAIN(Flocking)
