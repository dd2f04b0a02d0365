// compaction: the voxels of a 3D field that pass a test, packed into a list on the GPU by a
// histopyramid (Ziegler et al., VMV 2006; sums or running sums per cell), a scan or an atomic
// counter. The GPU writes the count as the commands that size the next pass and the draw, so
// the CPU never waits to learn it. See README.md.
//
// The frame: update() here runs every pass in order; only the atlas' pass is in atlas.cpp.
//   metaballs.comp (no --input)  the field             SHADER_STORAGE  (both read the block
//   classify.comp                a flag per voxel      SHADER_STORAGE   Volume, below)
//   cs::GpuCompact::run          the kept indices and the commands; a tool: its contract is
//                                in src/compute/compact.h (the README walks through it)
//                                COMMAND | SHADER_STORAGE | VERTEX_ATTRIB_ARRAY | BUFFER_UPDATE
//   voxels.comp, indirect        each kept one's place VERTEX_ATTRIB_ARRAY
//   atlas.comp (atlas.cpp)       the pyramid's levels  TEXTURE_FETCH (histopyramid methods)
//   cs::TaggedRead               the count for the overlay and its settings, frames later
//   render(): cubes.vert/.frag (cubes.cpp: their layout), glDrawArraysIndirect, same commands
#include <imgui.h>

#include <algorithm>
#include <glm/gtc/type_ptr.hpp>
#include <string>
#include <vector>

#include "app/sample.h"
#include "app/slices.h"
#include "atlas.h"
#include "bench.h"
#include "camera.h"
#include "compute/compact.h"
#include "cubes.h"
#include "gl/fenced_read.h"
#include "gl/info.h"
#include "gl/uniform_block.h"
#include "util/error.h"
#include "volume.h"

// The uniform block metaballs.comp and classify.comp read (std140, binding 0), mirrored here:
// UniformBlock::check compares it with both programs' blocks as linked.
struct Volume {
    glm::ivec3 size;        // voxels along x, y, z
    float time;             // the metaballs' seconds
    float threshold;        // the parameter's storage
    std::uint32_t surface;  // select=surface (1) or above (0)
};

class Compaction : public cs::Sample {
public:
    Compaction()
        : Sample("compaction",
                 "stream compaction: histopyramids, scan and atomics, with indirect dispatch") {}

private:
    int& nx = compaction::declareEdge(params, "nx", "x", [this] { return std::int64_t(ny) * nz; });
    int& ny = compaction::declareEdge(params, "ny", "y", [this] { return std::int64_t(nx) * nz; });
    int& nz = compaction::declareEdge(params, "nz", "z", [this] { return std::int64_t(nx) * ny; });
    cs::UniformBlock<Volume> volume{"Volume",
                                    {CS_BLOCK_MEMBER(Volume, size), CS_BLOCK_MEMBER(Volume, time),
                                     CS_BLOCK_MEMBER(Volume, surface)}};
    float& threshold = params
                           .add("threshold", volume.values.threshold, 1.0f, {-1e30f, 1e30f},
                                "a voxel is active at or above it")
                           .sliderRange(compaction::thresholdSlider);
    std::string& select = params.choice("select", "surface", {"above", "surface"},
                                        "every active voxel, or those with a neighbour below");
    std::string& method = params.choice("method", "histopyramid",
                                        {compaction::kMethodNames[0], compaction::kMethodNames[1],
                                         compaction::kMethodNames[2], compaction::kMethodNames[3]},
                                        "how the active voxels are packed");
    bool& atlas =
        params.add("atlas", true, "show the histopyramid's levels")
            .activeWhen(
                [this] { return method == "histopyramid" || method == "histopyramid_vec4"; },
                "unless method=histopyramid or histopyramid_vec4: only they build levels");
    bool& animate = params.add("animate", true, "move the metaballs")
                        .activeWhen([this] { return options().input.empty(); },
                                    "with --input: the volume comes from the file");
    int& benchMaxEdge = flags
                            .choice("bench-max-edge", 256, {64, 128, 256, 512},
                                    "--bench sweeps volumes of 64^3, 128^3, ... up to this")
                            .activeWhen([this] { return options().bench; }, "without --bench");

    cs::Buffer field, activeFlags, indices, result, order, cube;
    cs::Program metaballs, classify, voxels, cubes;
    cs::VertexArray cubeLayout;
    std::vector<cs::GpuCompact> compactions;  // one per method, as in kMethods
    cs::Slices allocating;  // the volume's four buffers, after a change of size (startVolume)
    compaction::Atlas levelsView;
    // The overlay's count, a frame or more late, tagged with the settings it was counted with.
    cs::TaggedRead<Volume> shownCount;
    double time = 0.0;

    void update(double dt) override {
        if (params.changed({&nx, &ny, &nz})) startVolume(headless());
        for (; allocating.more(); allocating.next()) allocateVolume(allocating.at());
        if (allocating.running()) return;  // nothing to compute until the volume is whole
        const bool resized = volume.values.size != glm::ivec3(size());  // the block's is old
        const bool generated = options().input.empty();
        const bool moving = generated && animate;  // the metaballs' time runs
        if (moving) time += dt;
        if (moving) compaction::turn(camera(), dt);  // until the user moves it
        // The block goes up before its first use and when a value in it changed, the time
        // every frame the metaballs move.
        volume.values.size = glm::ivec3(size());
        volume.values.time = float(time);
        volume.values.surface = select == "surface" ? 1u : 0u;
        if (!volume.buffer() || resized || params.changed({&threshold, &select}) || moving)
            volume.upload();

        if (generated) {
            auto pass = gpuPass("metaballs");
            metaballs.use();
            volume.bind(0);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, field.id());
            const glm::uvec3 groups = metaballs.groupsFor(nx, ny, nz);
            glDispatchCompute(groups.x, groups.y, groups.z);
            // The classification reads the field.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
        {
            auto pass = gpuPass("classify");
            classify.use();
            volume.bind(0);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, field.id());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, activeFlags.id());
            const glm::uvec3 groups = classify.groupsFor(nx, ny, nz);
            glDispatchCompute(groups.x, groups.y, groups.z);
            // The compaction reads the flags.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
        GLint voxelsLocal[3];
        voxels.workGroupSize(voxelsLocal);
        {
            auto pass = gpuPass("compact");
            // Sized for the next pass's work groups and for 36 vertices (a cube) per voxel.
            compact().run(activeFlags, elements(), indices, result, {GLuint(voxelsLocal[0]), 36});
            // Four later uses of what it wrote: the voxel pass is dispatched from `result` and
            // the draw drawn from it (COMMAND: the GL reads commands from a buffer only after
            // this bit); the voxel pass reads the count (SHADER_STORAGE); the draw reads the
            // indices as instance attributes (VERTEX_ATTRIB_ARRAY); the overlay's copy of the
            // count and --output read them with buffer copies (BUFFER_UPDATE).
            glMemoryBarrier(GL_COMMAND_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT |
                            GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
        }
        {
            auto pass = gpuPass("voxels");
            voxels.use();
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, order.id());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 7, result.id());
            // As many work groups as the count needs, read by the GL from the buffer the
            // compaction wrote: the CPU never learns the count.
            glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, result.id());
            glDispatchComputeIndirect(GLintptr(offsetof(cs::CompactResult, dispatch)));
            glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
            // The draw reads the order as an instance attribute.
            glMemoryBarrier(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT);
        }
        if (showAtlas()) {
            auto pass = gpuPass("atlas");
            levelsView.build(*compact().pyramid(), activeFlags);
        }
        // The overlay's count: a copy now, read once its fence has signalled, frames later,
        // and this frame's settings with it, so that it is shown with the ones it belongs to.
        shownCount.poll();
        shownCount.request(result, offsetof(cs::CompactResult, count), volume.values);
    }

    glm::uvec3 size() const { return {nx, ny, nz}; }
    std::uint64_t elements() const { return std::uint64_t(nx) * ny * nz; }
    cs::GpuCompact& compact() { return compactions[compaction::methodIndex(method)]; }
    bool showAtlas() const {
        return atlas && compactions[compaction::methodIndex(method)].pyramid();
    }
    std::uint32_t keptShown() const {
        return shownCount.known() ? shownCount.value<std::uint32_t>() : 0;
    }

    // A rebuilt program keeps no uniform the atlas set.
    void shadersReloaded() override { levelsView.forgetLayout(); }

    void setup() override {
        metaballs = cs::Program::compute("compaction/metaballs.comp");
        classify = cs::Program::compute("compaction/classify.comp");
        voxels = cs::Program::compute("compaction/voxels.comp");
        cubes = cs::Program::graphics("compaction/cubes.vert", "compaction/cubes.frag");
        volume.check(metaballs, params);
        volume.check(classify, params);
        for (cs::CompactMethod m : compaction::kMethods) compactions.emplace_back(m);
        shownCount = cs::TaggedRead<Volume>("kept count", sizeof(std::uint32_t));
        cube = compaction::cubeBuffer();
        camera().setHome(compaction::kHomePose);
        useCamera();  // a left drag orbits, the wheel zooms, Home goes back (and turns again)
        startVolume(/*allAtOnce=*/true);  // the first update() allocates it
    }

    // Everything sized by the volume: four 32-bit values per voxel, the most any one needs.
    // Checked before anything is allocated; then a buffer a slice (cs::Slices), since at
    // 2048 x 128 x 128 each is 128 MiB, which a CPU renderer zeroes for about half a second:
    // the window redraws between them, and says how far it is. Headless, all four at once.
    void startVolume(bool allAtOnce) {
        if (elements() > cs::kMaxCompactElements)
            throw cs::Error(compaction::volumeName(size()) + " has more than 2^31 voxels");
        const auto bytes = GLsizeiptr(elements() * 4);
        cs::requireLimit(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, bytes,
                         compaction::volumeName(size()) + " (4 bytes per voxel in one block)");
        classify.groupsFor(nx, ny, nz);  // throws, naming the limit, past what a dispatch takes
        shownCount.reset();              // a count of the old volume is not one of this one
        allocating.start(4, allAtOnce);
    }
    void allocateVolume(std::uint64_t buffer) {
        const auto bytes = GLsizeiptr(elements() * 4);
        if (buffer == 0) {
            std::vector<float> values;
            if (!options().input.empty()) values = compaction::readVolume(options().input, size());
            field = cs::Buffer("field", bytes, cs::BufferUse::Computed, values.data());
        }
        if (buffer == 1) activeFlags = cs::Buffer("active flags", bytes, cs::BufferUse::Computed);
        if (buffer == 2) indices = cs::Buffer("compacted indices", bytes, cs::BufferUse::Computed);
        if (buffer < 3) return;
        order = cs::Buffer("compacted order", bytes, cs::BufferUse::Computed);
        result =
            cs::Buffer("compaction result", sizeof(cs::CompactResult), cs::BufferUse::Computed);
        cubeLayout = compaction::cubeLayout(cube, indices, order);
    }

    // The cubes above, the atlas in a strip along the bottom when it is shown.
    void render() override {
        if (allocating.running()) return;  // the learner sees how far (ui())
        cs::Rect area = freeArea();
        if (showAtlas()) area = levelsView.drawStrip(area, width(), height());
        const glm::ivec3 computed = volume.values.size;  // paused, a new size waits for update()
        // Metaballs fill the unit cube (more voxels along x refine x); --input's voxels are cubes.
        const glm::vec3 box =
            options().input.empty()
                ? glm::vec3(1.0f)
                : glm::vec3(computed) / float(std::max({computed.x, computed.y, computed.z}));
        // The cubes' viewport: the area above the strip, which the camera fits (camera.h).
        glViewport(GLint(area.x), GLint(area.y), GLsizei(area.width), GLsizei(area.height));
        const float aspect = area.width / std::max(area.height, 1.0f);
        compaction::fitCamera(camera(), box, aspect, options().input.empty());
        glEnable(GL_DEPTH_TEST);
        cubes.use();
        glUniform3i(cubes.uniform("size"), computed.x, computed.y, computed.z);
        glUniform3fv(cubes.uniform("box"), 1, glm::value_ptr(box));
        glUniformMatrix4fv(cubes.uniform("viewProjection"), 1, GL_FALSE,
                           glm::value_ptr(camera().projection(aspect) * camera().view()));
        glBindVertexArray(cubeLayout.id());
        // 36 vertices, one instance per kept voxel: the GL reads both from `result`.
        glBindBuffer(GL_DRAW_INDIRECT_BUFFER, result.id());
        glDrawArraysIndirect(GL_TRIANGLES,
                             reinterpret_cast<const void*>(offsetof(cs::CompactResult, draw)));
        glBindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
        glBindVertexArray(0);
        glDisable(GL_DEPTH_TEST);
        bindFrameTarget();  // its whole viewport again
    }

    void ui() override {
        ImGui::Separator();
        if (allocating.running())
            showBusy("allocating " + compaction::volumeName(size()) + ": buffer " +
                     std::to_string(allocating.at() + 1) + " of 4");
        if (shownCount.known()) {
            const Volume& counted = shownCount.tag();  // the block's values of its frame
            const double of = double(counted.size.x) * counted.size.y * counted.size.z;
            ImGui::Text("kept %u of %.0f voxels (%.3f%%)", keptShown(), of,
                        100.0 * keptShown() / of);
            ImGui::Text("  at threshold=%g select=%s", counted.threshold,
                        counted.surface ? "surface" : "above");
            if (options().input.empty()) ImGui::Text("  the metaballs at %.3f s", counted.time);
        } else
            ImGui::TextUnformatted("kept: not read back yet (never waited for)");
        ImGui::TextUnformatted(cs::isOrdered(compact().method())
                                   ? "order: ascending index (blue first, orange last)"
                                   : "order: whichever invocation came first (atomic)");
        compaction::Atlas::legend(showAtlas(), atlas);
    }

    // --output: the indices, ascending whatever the method: the atomic method's are sorted
    // here, on the CPU. A read-back after the last frame, so this once it may wait.
    void finish() override {
        if (options().output.empty()) return;
        if (allocating.running())  // closed before the volume was whole: nothing was counted
            throw cs::Error("the window closed while " + compaction::volumeName(size()) +
                            " was being allocated: no --output written");
        cs::CompactResult r;
        result.download(&r, sizeof r);
        std::vector<std::uint32_t> kept(r.count);
        if (r.count) indices.download(kept.data(), GLsizeiptr(kept.size() * 4));
        queueOutput(options().output,
                    compaction::indexFile(std::move(kept), cs::isOrdered(compact().method())));
    }

    // The frames' compaction against the bytes its method must move, then the sweep.
    std::vector<cs::BenchFigure> benchFigures(const cs::Calibration& calibration) override {
        return compaction::benchFigures(
            method, elements(), keptShown(), benchMedianMs("compact"), calibration,
            compaction::benchSweep(benchMaxEdge, seed(), timingMethod()));
    }
};

CS_SAMPLE_MAIN(Compaction)
