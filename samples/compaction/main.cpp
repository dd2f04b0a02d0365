// compaction: the voxels of a 3D field that pass a test, packed into a list on the GPU by a
// histopyramid (Ziegler et al., VMV 2006; sums or running sums per cell), a scan or an atomic
// counter. The GPU writes the count as the commands that size the next pass and the draw, so
// the CPU never waits to learn it. See README.md.
//
// The frame: update() here runs every pass in order; only the atlas' pass is in atlas.cpp.
//   metaballs.comp (no --input)  the field             SHADER_STORAGE
//   classify.comp                a flag per voxel      SHADER_STORAGE
//   cs::GpuCompact (src/compute) the kept indices and the commands
//                                COMMAND | SHADER_STORAGE | VERTEX_ATTRIB_ARRAY | BUFFER_UPDATE
//   voxels.comp, indirect        each kept one's place VERTEX_ATTRIB_ARRAY
//   atlas.comp (atlas.cpp)       the pyramid's levels  TEXTURE_FETCH (histopyramid methods)
//   cs::FencedRead               the count for the overlay, a copy read frames later
//   render(): cubes.vert/.frag, glDrawArraysIndirect from the same commands
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <glm/gtc/type_ptr.hpp>
#include <string>
#include <vector>

#include "app/sample.h"
#include "atlas.h"
#include "bench.h"
#include "camera.h"
#include "compute/compact.h"
#include "compute/histopyramid.h"
#include "gl/fenced_read.h"
#include "gl/info.h"
#include "util/error.h"
#include "volume.h"

class Compaction : public cs::Sample {
public:
    Compaction()
        : Sample("compaction",
                 "stream compaction: histopyramids, scan and atomics, with indirect dispatch") {}

private:
    int& nx = params.add("nx", 128, {1, 4096}, "voxels along x");
    int& ny = params.add("ny", 128, {1, 4096}, "voxels along y");
    int& nz = params.add("nz", 128, {1, 4096}, "voxels along z");
    float& threshold =
        params.add("threshold", 1.0f, {-1e30f, 1e30f}, "a voxel is active at or above it")
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
    compaction::Atlas levelsView;
    cs::FencedRead shownCount;  // the count for the overlay, a frame or more late
    double time = 0.0;

    glm::uvec3 size() const { return {nx, ny, nz}; }
    std::string volumeName() const {
        return "a " + std::to_string(nx) + "x" + std::to_string(ny) + "x" + std::to_string(nz) +
               " volume";
    }
    std::uint64_t elements() const { return std::uint64_t(nx) * ny * nz; }
    cs::GpuCompact& compact() { return compactions[compaction::methodIndex(method)]; }
    bool showAtlas() const {
        return atlas && compactions[compaction::methodIndex(method)].pyramid();
    }
    std::uint32_t keptShown() const {
        return shownCount.known() ? shownCount.value<std::uint32_t>() : 0;
    }

    void update(double dt) override {
        if (params.changed({&nx, &ny, &nz})) createVolume();
        const bool generated = options().input.empty();
        if (generated && animate) time += dt;
        if (generated && animate) compaction::turn(camera(), dt);  // until the user moves it

        if (generated) {
            auto pass = gpuPass("metaballs");
            metaballs.use();
            glUniform3i(metaballs.uniform("size"), nx, ny, nz);
            glUniform1f(metaballs.uniform("time"), float(time));
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, field.id());
            const glm::uvec3 groups = metaballs.groupsFor(nx, ny, nz);
            glDispatchCompute(groups.x, groups.y, groups.z);
            // The classification reads the field.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
        {
            auto pass = gpuPass("classify");
            classify.use();
            glUniform3i(classify.uniform("size"), nx, ny, nz);
            glUniform1f(classify.uniform("threshold"), threshold);
            glUniform1i(classify.uniform("surface"), select == "surface");
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
        // The overlay's count: a copy now, read once its fence has signalled, frames later.
        shownCount.poll();
        shownCount.request(result, offsetof(cs::CompactResult, count));
    }

    void setup() override {
        metaballs = cs::Program::compute("compaction/metaballs.comp");
        classify = cs::Program::compute("compaction/classify.comp");
        voxels = cs::Program::compute("compaction/voxels.comp");
        cubes = cs::Program::graphics("compaction/cubes.vert", "compaction/cubes.frag");
        for (cs::CompactMethod m : compaction::kMethods) compactions.emplace_back(m);
        shownCount = cs::FencedRead("kept count", sizeof(std::uint32_t));
        const auto corners = compaction::cubeTriangles();
        cube = cs::Buffer("cube corners", GLsizeiptr(corners.size() * sizeof(corners[0])),
                          cs::BufferUse::Input, corners.data());
        camera().setHome(compaction::kHomePose);
        useCamera();  // a left drag orbits, the wheel zooms, Home goes back (and turns again)
        createVolume();
    }

    // Everything sized by the volume: four 32-bit values per voxel, the most any one needs.
    void createVolume() {
        if (elements() > cs::kMaxCompactElements)
            throw cs::Error(volumeName() + " has more than 2^31 voxels");
        const auto bytes = GLsizeiptr(elements() * 4);
        cs::requireLimit(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, bytes,
                         volumeName() + " (4 bytes per voxel in one block)");
        classify.groupsFor(nx, ny, nz);  // throws, naming the limit, past what a dispatch takes
        std::vector<float> values;
        if (!options().input.empty()) values = compaction::readVolume(options().input, size());
        field = cs::Buffer("field", bytes, cs::BufferUse::Computed, values.data());
        activeFlags = cs::Buffer("active flags", bytes, cs::BufferUse::Computed);
        indices = cs::Buffer("compacted indices", bytes, cs::BufferUse::Computed);
        order = cs::Buffer("compacted order", bytes, cs::BufferUse::Computed);
        result =
            cs::Buffer("compaction result", sizeof(cs::CompactResult), cs::BufferUse::Computed);
        shownCount.reset();  // a count of the old volume is not one of this one
        buildCubeLayout();
    }

    // Per vertex, a cube corner and its normal (binding 0); per instance (divisor 1), the
    // voxel's index from the compaction (binding 1) and its place in the order (binding 2).
    void buildCubeLayout() {
        cubeLayout = cs::VertexArray("cubes");
        glBindVertexArray(cubeLayout.id());
        glBindVertexBuffer(0, cube.id(), 0, sizeof(compaction::CubeCorner));
        glVertexAttribFormat(0, 3, GL_FLOAT, GL_FALSE, offsetof(compaction::CubeCorner, position));
        glVertexAttribFormat(1, 3, GL_FLOAT, GL_FALSE, offsetof(compaction::CubeCorner, normal));
        glVertexAttribBinding(0, 0);
        glVertexAttribBinding(1, 0);
        glBindVertexBuffer(1, indices.id(), 0, 4);
        glVertexAttribIFormat(2, 1, GL_UNSIGNED_INT, 0);
        glVertexAttribBinding(2, 1);
        glBindVertexBuffer(2, order.id(), 0, 4);
        glVertexAttribFormat(3, 1, GL_UNSIGNED_INT, GL_TRUE, 0);  // unorm32: 0 to 1
        glVertexAttribBinding(3, 2);
        glVertexBindingDivisor(1, 1);
        glVertexBindingDivisor(2, 1);
        for (GLuint attribute = 0; attribute < 4; ++attribute) glEnableVertexAttribArray(attribute);
        glBindVertexArray(0);
    }

    // The cubes above, the atlas in a strip along the bottom when it is shown.
    void render() override {
        cs::Rect area = freeArea();
        if (showAtlas()) area = levelsView.drawStrip(area, width(), height());
        const glm::vec3 box = glm::vec3(size()) / float(std::max({nx, ny, nz}));
        // The cubes' viewport: the area above the strip, which the camera fits (camera.h).
        glViewport(GLint(area.x), GLint(area.y), GLsizei(area.width), GLsizei(area.height));
        const float aspect = area.width / std::max(area.height, 1.0f);
        compaction::fitCamera(camera(), box, aspect, options().input.empty());
        glEnable(GL_DEPTH_TEST);
        cubes.use();
        glUniform3i(cubes.uniform("size"), nx, ny, nz);
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
        if (shownCount.known())
            ImGui::Text("kept %u of %llu voxels (%.3f%%), a frame or more ago", keptShown(),
                        static_cast<unsigned long long>(elements()),
                        100.0 * keptShown() / double(elements()));
        else
            ImGui::TextUnformatted("kept: not read back yet (never waited for)");
        ImGui::TextUnformatted(cs::isOrdered(compact().method())
                                   ? "order: ascending index (blue first, orange last)"
                                   : "order: whichever invocation came first (atomic)");
        if (showAtlas())
            ImGui::TextDisabled("atlas: the base left, levels to the right, the count last");
        else if (atlas)
            ImGui::TextDisabled("atlas: histopyramid methods only");
    }

    // --output: the indices, ascending whatever the method: the atomic method's are sorted
    // here, on the CPU. A read-back after the last frame, so this once it may wait.
    void finish() override {
        if (options().output.empty()) return;
        cs::CompactResult r;
        result.download(&r, sizeof r);
        std::vector<std::uint32_t> kept(r.count);
        if (r.count) indices.download(kept.data(), GLsizeiptr(kept.size() * 4));
        queueOutput(options().output,
                    compaction::indexFile(std::move(kept), cs::isOrdered(compact().method())));
    }

    // The bytes a method must move over the big arrays, for n flags of which `kept` are 1:
    //   scan:               the scan reads the flags and writes the sums (8n: the library's
    //                       single pass), the scatter reads flags and sums (8n) and writes
    //                       the kept indices;
    //   atomic:             reads the flags, writes the kept indices (4n + 4 kept);
    //   histopyramid(_vec4): the build reads each level and writes the next (uint cells, or
    //                       uvec4 cells of which the next level reads only .w), the traversal
    //                       writes the kept indices. Its reads of the pyramid are not counted:
    //                       they hit the caches, more so the denser the output.
    static double compactionBytes(cs::CompactMethod m, double n, double kept) {
        if (m == cs::CompactMethod::Scan) return 16 * n + 4 * kept;
        if (m == cs::CompactMethod::Atomic) return 4 * n + 4 * kept;
        const double cellBytes = m == cs::CompactMethod::HistoPyramidVec4 ? 16 : 4;
        double bytes = 4 * n + 4 * kept;  // the flags read, the indices written
        for (double cells = std::ceil(n / 4);; cells = std::ceil(cells / 4)) {
            bytes += cellBytes * cells + (cells > 1 ? 4 * cells : 0);  // written, read above
            if (cells <= 1) break;
        }
        return bytes;
    }

    std::vector<cs::BenchFigure> benchFigures(const cs::Calibration& calibration) override {
        std::vector<cs::BenchFigure> figures = {
            cs::bandwidthFigure("frames: " + method + " compaction",
                                compactionBytes(compact().method(), elements(), keptShown()),
                                benchMedianMs("compact"), calibration)};
        const auto sweep =
            compaction::sweepFigures(compaction::benchSweep(benchMaxEdge, seed(), timingMethod()),
                                     calibration, compactionBytes);
        figures.insert(figures.end(), sweep.begin(), sweep.end());
        return figures;
    }
};

CS_SAMPLE_MAIN(Compaction)
