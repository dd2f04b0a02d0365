// flocking: the boids of OpenGL SuperBible (6th ed., ch. 10, Listings 10.9-10.16), exactly:
// four rules over all pairs, tiled through shared memory, drawn as instanced paper planes
// straight from the simulation's buffers. Then past the book: a neighbour grid, rebuilt each
// step by a counting sort, so that a member looks only at the 27 cells around it. README.md.
// The frame: update() → step(), each pass here but the grid's, written out in passes.cpp.
//   glMemoryBarrier(VERTEX_ATTRIB_ARRAY)  the draw fetches what the last step wrote
//   update     all_pairs.comp (step.glsl) reads the Step block (uniform buffer 0, written
//              when it changes) and the goal, and sums rule 4's centre in its own loop, as
//              the book does. SHADER_STORAGE | UNIFORM | BUFFER_UPDATE: the next step reads
//              the state, the draw the centre's sums. In a window, a step too long for one
//              frame runs in parts, a share of the work groups a frame
//   health     (passes.cpp) health.comp, diagnostics: the first step that went inf or NaN
//   render()   plane.vert, plane.frag: the planes, instanced, from the half the step read
// search=grid: grid.comp for all_pairs.comp, after four passes (the grid's in passes.cpp):
//   centre     cs::GpuReduce (a tool: contract in src/compute/reduce.h), a copy, no barrier
//   bin, scan  cells.comp, SHADER_STORAGE; cs::GpuBinSort's count and scan (a tool: contract
//              in src/compute/bin_sort.h) | scatter: its scatter; reorder.comp, SHADER_STORAGE
//   occupancy  (overlay on) occupancy.comp, BUFFER_UPDATE, FencedRead
// A new flock: orient.comp, VERTEX_ATTRIB_ARRAY. finish(): BUFFER_UPDATE, then read-backs.
#include <cmath>
#include <glm/gtc/type_ptr.hpp>
#include <numeric>
#include <utility>

#include "app/sample.h"
#include "bench.h"
#include "boids.h"
#include "compute/reduce.h"
#include "gl/info.h"
#include "gl/program.h"
#include "gl/uniform_block.h"
#include "overlay.h"
#include "passes.h"
#include "planes.h"
#include "util/error.h"

class Flocking : public cs::Sample {
public:
    Flocking() : Sample("flocking", "boids: the book's all-pairs flock, and a neighbour grid") {}

private:
    int& boidCount = params.add("count", 16384, {1, 1 << 20}, "boids in the generated flock")
                         .activeWhen([this] { return options().input.empty(); },
                                     "with --input: the flock comes from the file")
                         .interactiveAt(2048)  // all pairs: 64 times less work
                         .costGrowsAs([this](double n) { return search == "grid" ? n : n * n; });
    std::string& search = params.choice("search", "all_pairs", {"all_pairs", "grid"},
                                        "whom a boid visits: every member (the book), or "
                                        "those in the 27 grid cells around it (radius > 0)");
    // The rules' parameters live in the Step block's mirror (boids.h), uploaded on a change.
    cs::UniformBlock<flocking::Step> stepBlock{"Step", {CS_BLOCK_MEMBER(flocking::Step, count)}};
    flocking::Step& s = stepBlock.values;
    float& radius = params.add("radius", s.radius, 0.0f, {0.0f, 1000.0f},
                               "reach of rule 2; 0: every member (the book); grid needs > 0");
    float& separationDistance = params.add("separation_distance", s.separation_distance,
                                           std::sqrt(50.0f), {0.0f, 1000.0f}, "reach of rule 1");
    float& separationWeight = params.add("separation_weight", s.separation_weight, 0.18f,
                                         {0.0f, 1.0f}, "rule 1: away from close members");
    float& alignmentWeight = params.add("alignment_weight", s.alignment_weight, 0.05f, {0.0f, 1.0f},
                                        "rule 2: towards their velocity");
    float& goalWeight =
        params.add("goal_weight", s.goal_weight, 0.17f, {0.0f, 1.0f}, "rule 3: towards the goal");
    float& cohesionWeight = params.add("cohesion_weight", s.cohesion_weight, 0.02f, {0.0f, 1.0f},
                                       "rule 4: towards the flock's centre");
    float& dt =
        params.add("dt", s.dt, 0.5f, {0.01f, 2.0f}, "integration factor of a step (not seconds)");
    float& maxSpeed = params.add("max_speed", s.max_speed, 10.0f, {0.1f, 100.0f}, "speed limit");
    float& smoothing = params.add("smoothing", s.smoothing, 0.4f, {0.0f, 1.0f},
                                  "how much of the new velocity a step keeps");
    float& goalX = params.add("goal_x", 15.0f, {0.0f, 1000.0f}, "reach of the goal's path in x");
    float& goalY = params.add("goal_y", 15.0f, {0.0f, 1000.0f}, "reach of the goal's path in y");
    float& goalZ = params.add("goal_z", 180.0f, {0.0f, 1000.0f}, "reach of the goal's path in z");
    float& planeSize = params.add("plane_size", 5.0f, {0.1f, 50.0f}, "size of a paper plane");
    float& zoom = params.add("zoom", 1.0f, {0.1f, 20.0f}, "view zoom");

    int& stepLimit = flags.add("steps", 0, {0, 1 << 30},
                               "run exactly K steps in all, however the frames split them");
    int& benchMax = flags
                        .add("bench-max", 1 << 20, {1, 1 << 20},
                             "largest flock of the --bench sweep (4096, 16384, ... up to it; a "
                             "search stops where its next step would take over 5 s)")
                        .activeWhen([this] { return options().bench; }, "without --bench");

    // The flock, double-buffered: a step reads half [current] and writes half [1 - current],
    // then the halves swap. Each half holds the members, the planes' frames that the step
    // builds for the draw, and the positions once more as vec4s for the grid's reduction.
    cs::Buffer boids[2], frames[2], positions[2];
    cs::Buffer centreSum;  // the input positions' sums (a vec4), for rule 4 and the view
    int current = 0;
    int shown = 0;            // the half the draw shows: the one the frame's step read
    int part = 0, parts = 1;  // in a window, a long step runs in parts across frames (update)
    GLuint count = 0;
    long long stepsDone = 0;
    cs::GpuReduce reduce{cs::ElementType::Vec4};  // search=grid: rule 4's centre
    cs::Program allPairs, gridUpdate, orient;
    flocking::Grid grid;      // search=grid: the members sorted by cell, rebuilt every step
    flocking::Health health;  // beside the lesson: the first step that went inf or NaN
    flocking::Planes planes;
    bool compareRequested = false;  // the overlay's button; update() runs the steps
    flocking::Comparison compared;

    bool useGrid() const { return search == "grid"; }
    // The update's pass name: what the GPU table shows, and what partsFor reads the time of.
    static const char* updatePass(bool grid) { return grid ? "update grid" : "update all_pairs"; }
    // Where the goal is before the next step: the book runs one step per 60 Hz frame.
    glm::vec3 goal() const { return flocking::goalAt(stepsDone / 60.0, {goalX, goalY, goalZ}); }

    void update(double) override {
        if (params.changed({&boidCount})) load(flocking::makeFlock(boidCount, seed()));
        flocking::keepGridWorking(params, search, radius);  // overlay.h: grid gets a radius
        const bool reachChanged = params.changed({&search, &radius, &separationDistance});
        if (reachChanged) grid.forgetOccupancy();
        const bool rulesChanged = params.changed({&separationWeight, &alignmentWeight, &goalWeight,
                                                  &cohesionWeight, &dt, &maxSpeed, &smoothing});
        if (rulesChanged || reachChanged) {
            stepBlock.upload();
            part = 0;  // a step in parts starts again: one set of rules (and cells) throughout
        }
        // The draw shows the half this frame's step reads, as the book does, so it never waits
        // for the step. What the last step wrote is fetched as vertex attributes.
        glMemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT);
        shown = current;
        // Before the step: the trial steps write the half the step then overwrites.
        if (part == 0 && std::exchange(compareRequested, false))
            compared =
                flocking::compareSearches([&](bool g) { passes(g, false); }, count, timingMethod());
        if (flags.given(&stepLimit) && stepsDone >= stepLimit) return;  // --steps K: K in all
        // In a window, a step too long for one frame runs in parts, a share of the work groups
        // a frame (about 0.1 s each), so that the window redraws and takes Esc meanwhile.
        const int groups = int(allPairs.groupsFor(count).x);  // grid.comp's are as wide
        if (part == 0) parts = partsFor(updatePass(useGrid()), groups);
        step();
        while (paused() && part != 0) step();  // paused, N runs a whole step
        if (useGrid() && !options().noUi && !options().bench) {
            auto pass = gpuPass("occupancy");  // for the overlay, read a frame or more late
            grid.countOccupancy();
        }
    }

    void step() {
        passes(useGrid(), true, part, parts);
        if (++part < parts) return;  // the step's other parts in the next frames
        part = 0;
        current = 1 - current;
        ++stepsDone;
    }

    // One step's passes in frame order, from [current] into [1 - current] (part `share` of
    // `of`). A frame's step times each pass (`timed`); the sweep and comparison whole steps.
    void passes(bool gridSearch, bool timed, int share = 0, int of = 1) {
        auto pass = [&](const char* name, auto run) {
            if (!timed) return run();
            auto scope = gpuPass(name);
            run();
        };
        if (gridSearch && share == 0) {
            // Rule 4's centre, which the grid does not visit every member for: the reduction
            // copies its sum into centreSum, so no reader needs a barrier.
            pass("centre", [&] { reduce.sum(positions[current], count, centreSum); });
            pass("bin", [&] { grid.bin(boids[current], count, radius, separationDistance); });
            pass("scan", [&] { grid.scan(); });
            pass("scatter", [&] { grid.scatter(boids[current], count); });
        }
        pass(updatePass(gridSearch), [&] { updateFlock(gridSearch, share, of); });
        if (share + 1 < of) return;  // the health check reads the whole step
        pass("health", [&] { health.check(boids[1 - current], count, GLuint(stepsDone + 1)); });
    }

    // The update: the rules and the step (step.glsl), over all pairs (all_pairs.comp) or over
    // the grid's neighbours (grid.comp), from [current] into [1 - current] (part `share` of `of`).
    void updateFlock(bool gridSearch, int share, int of) {
        const cs::Program& program = gridSearch ? gridUpdate : allPairs;
        program.use();
        stepBlock.bind(0);
        glUniform3fv(program.uniform("goal"), 1, glm::value_ptr(goal()));  // it moves every step
        // In: the members (grid.comp: in cell order, with the order, the bins' starts and the
        // Cells block). Out: the other half, and the centre's sums (grid.comp reads them).
        const cs::Buffer& members = gridSearch ? grid.sortedBoids() : boids[current];
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, members.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, boids[1 - current].id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, frames[1 - current].id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, positions[1 - current].id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, centreSum.id());
        if (gridSearch) {
            grid.cells().bind(1);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, grid.order().id());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 6, grid.binStarts().id());
        }
        const GLuint groups = program.groupsFor(count).x;
        const GLuint first = groups * share / of;  // the part's share; all for a whole step
        glUniform1ui(program.uniform("firstGroup"), first);
        glDispatchCompute(groups * (share + 1) / of - first, 1, 1);
        // The health check and the next step read the state as storage; the draw reads
        // all_pairs' sums as a uniform block, and a grid step's reduction copies over them.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_UNIFORM_BARRIER_BIT |
                        GL_BUFFER_UPDATE_BARRIER_BIT);
    }

    void checkOptions() override {
        if (useGrid() && radius == 0.0f) throw cs::UsageError(flocking::kGridNeedsRadius);
    }

    void setup() override {
        cs::requireLimit(GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS, 8, "the grid's update (grid.comp)");
        allPairs = cs::Program::compute("flocking/all_pairs.comp");
        gridUpdate = cs::Program::compute("flocking/grid.comp");
        orient = cs::Program::compute("flocking/orient.comp");
        stepBlock.check(allPairs, params);
        stepBlock.check(gridUpdate, params);
        grid.create(gridUpdate);
        health.create();
        planes.create();
        camera().setHome(flocking::kHomePose);
        useCamera(&zoom);  // the wheel scales zoom (larger is closer), Home resets it too
        if (options().input.empty()) return load(flocking::makeFlock(boidCount, seed()));
        // The largest storage block holds each plane's frame, 48 bytes.
        load(flocking::readBoids(options().input,
                                 cs::glInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE) / 48));
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
        planes.newFlock(sum, count);  // their colours, and their size on screen from now on
        const GLsizeiptr n = count;
        for (int b = 0; b < 2; ++b) {
            const std::string half = " " + std::to_string(b);
            boids[b] = cs::Buffer("boids" + half, n * 32, cs::BufferUse::Computed, flock.data());
            frames[b] = cs::Buffer("frames" + half, n * 48, cs::BufferUse::Computed);
            positions[b] =
                cs::Buffer("positions" + half, n * 16, cs::BufferUse::Computed, p.data());
        }
        centreSum = cs::Buffer("sum of the positions", sizeof sum, cs::BufferUse::Computed, &sum);
        health.reset();
        s.count = count;  // the one member of the Step block that no parameter holds
        stepBlock.upload();
        grid.resize(count);
        current = 0;
        shown = 0;
        part = 0;
        stepsDone = 0;
        auto pass = gpuPass("orient");  // the planes' frames, which no step has written yet
        flocking::orientPlanes(orient, boids[0], frames[0], count);
    }

    void render() override {
        camera().pose().distance = flocking::cameraDistance(freeArea(), zoom);  // fitted, / zoom
        planes.draw(boids[shown], frames[shown], centreSum, count, camera(), freeArea(), width(),
                    height(), planeSize);
    }

    void ui() override {
        compareRequested |=
            flocking::drawOverlay({count, options().input, seed(), stepsDone, goal(),
                                   useGrid() ? &grid : nullptr, radius > 0.0f, compared});
    }

    void finish() override {
        // --steps K: what the frames did not run. Else a step left in parts is dropped.
        while (flags.given(&stepLimit) && stepsDone < stepLimit) step();
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);  // the read-backs read the last step
        health.require();                               // a step that overflowed fails the run
        if (options().output.empty()) return;
        std::vector<flocking::Boid> flock(count);
        boids[current].download(flock.data(), GLsizeiptr(count * sizeof(flocking::Boid)));
        queueOutput(options().output, flocking::encodeBoids(flock));
    }

    // Roofline of each search: all_pairs is FLOP-bound, 23 FLOPs per pair (19 in step.glsl's
    // addNeighbour, 4 adding the centre's sums in all_pairs.comp); the grid moves memory. Its
    // bytes, per member unless said, each record read or written once (a cell's members come
    // again from cache, not counted): centre 16 (position) | bin 32 + 4 (record, key), count
    // 4 + 4 (key, arrival), the table's clear 4 per bin | scan 12 per bin (read, read, write) |
    // scatter 16 (key, start, arrival, placed), order 20 (key, two starts, placed, order),
    // reorder 68 (order, record, record) | update 32 + 4 + 8 (record, order, starts) + 96
    // (record, frame, position written) | health 32 (record)
    static double allPairsFlops(double n) { return 23.0 * n * n; }
    static double gridBytes(double n) {
        const double bins = flocking::Grid::tableSizeFor(GLuint(n));
        return n * (16 + 36 + 8 + 16 + 20 + 68 + 140 + 32) + bins * (4 + 12);
    }

    std::vector<cs::BenchFigure> benchFigures(const cs::Calibration& calibration) override {
        // The searches are compared at the same rules: rule 2 within radius, or within 10
        // where radius is 0 (every member), which the grid cannot search.
        if (radius == 0.0f) radius = flocking::kGridRadius;
        return flocking::runSweep({benchMax, 5000.0, allPairsFlops, gridBytes,
                                   [&](int n) { load(flocking::makeFlock(n, 1)); },
                                   [&](bool grid) { passes(grid, false); }, timingMethod()},
                                  calibration);
    }
};

CS_SAMPLE_MAIN(Flocking)
