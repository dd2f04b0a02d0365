// barriers: races, barriers, atomics and the memory model, shown rather than told. Each
// experiment runs many times on the GPU and is checked against the CPU, in a racy and a
// correct variant; the window maps every wrong element of every run. See README.md.
//
// The frame: update() runs the experiments again only after a change (a parameter, R, the
// "run again" button); every other frame draws the error map the last runs left. Each run of
// each chosen experiment, bound, dispatched and read back here:
//   shift_*     shift.comp, with or without barrier() (WITH_BARRIER)
//   counter_*   counter.comp: +=, atomicAdd on a buffer, or an atomic counter (MODE)
//   handoff_*   handoff_write.comp, then glMemoryBarrier(SHADER_STORAGE) or none,
//               then handoff_read.comp
//   publish_*   publish.comp, incoherent or coherent with memoryBarrierBuffer() (COHERENT)
//   atomics     atomics.comp: the eight atomic functions
// then glMemoryBarrier(BUFFER_UPDATE), the read-back, and the CPU's check (checks.cpp).
// render(): the error map, a texture filled on the CPU (report.cpp) when the results change.
#include <imgui.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "app/draw.h"
#include "app/sample.h"
#include "app/slices.h"
#include "barriers.h"
#include "bench/calibration.h"
#include "gl/program.h"
#include "util/error.h"

namespace {

constexpr std::uint32_t kCanary = 0xC0FFEE;  // the word before the counter; nobody writes it
constexpr int kBitWords = 64;                // atomics.comp's bit sets: 2048 bits each
constexpr int kPollLimit = 1 << 16;          // polls before a publish consumer gives up

}  // namespace

class Barriers : public cs::Sample {
public:
    Barriers() : Sample("barriers", "races, barriers, atomics and the memory model, checked") {}

private:
    std::string& experiment = params.choice("experiment", "all", barriers::experimentChoices(),
                                            "which experiment runs, or all of them");
    int& runs = params.add("runs", 20, {1, 100000}, "GPU runs of each experiment");
    int& groupSize =
        params.choice("group_size", 256, {64, 128, 256, 512, 1024}, "invocations per work group");
    int& groups = params.add("groups", 16, {2, 4096},
                             "work groups per dispatch (publish: one producer, the rest consume)");

    cs::Program shift[2], counter[3], handoffWrite, handoffRead, publish[2], atomics;
    cs::Buffer shifted, tickets, counterWords, handed, received, data, flag, seen;
    cs::Buffer totals, bits, owners, returned;
    std::vector<barriers::Named> outcomes;  // of the last runs, in the order they ran
    bool runAgain = true;
    cs::Slices work;  // the runs of the chosen experiments, one after another, in slices
    cs::Texture2D map;
    cs::Rect mapRect;
    cs::TextureDrawer drawer;

    // Every dispatch is `groups` work groups of `groupSize` invocations, one per element.
    std::uint32_t count() const { return std::uint32_t(groups * groupSize); }
    std::uint32_t buckets() const { return std::max(count() / 4, 1u); }

    void update(double) override {
        if (params.changed({&groupSize, &groups})) build();
        if (params.changed({&experiment, &runs})) runAgain = true;
        // Only after a change: the runs read their results back, and the CPU waits for them.
        if (std::exchange(runAgain, false)) {
            outcomes.clear();
            work.start(barriers::chosen(experiment).size() * std::uint64_t(runs), headless());
        }
        if (work.running()) runExperiments();
        updateMap();
    }

    // In a window, about 0.1 s of runs a frame (cs::Slices): 100,000 runs take minutes on a
    // CPU renderer, and the window redraws meanwhile, shows how far they are, and takes Esc or
    // "cancel". Headless, every run at once.
    void runExperiments() {
        const std::vector<std::size_t> chosen = barriers::chosen(experiment);
        for (; work.more(); work.next()) {
            const std::size_t e = chosen[work.at() / std::uint64_t(runs)];
            const int run = int(work.at() % std::uint64_t(runs));
            const std::string& name = barriers::kExperiments[e];
            if (run == 0)
                outcomes.push_back(barriers::startOutcome(name, std::uint32_t(groupSize)));
            const std::uint32_t token = barriers::tokenFor(seed(), e, run);
            {
                auto pass = gpuPass("experiments");
                dispatch(name, token);
            }
            // The check reads back what the shaders wrote (BUFFER_UPDATE).
            glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
            check(outcomes.back(), token);
        }
        map.reset();  // redrawn with the results so far: no band of an earlier run stays
    }

    // ---- The experiments: dispatches, and the barriers between them (or not) ----

    void dispatch(const std::string& name, std::uint32_t token) {
        if (name.rfind("shift", 0) == 0) return runShift(name == "shift_with_barrier", token);
        if (name == "counter_plain") return runCounter(0);
        if (name == "counter_atomic") return runCounter(1);
        if (name == "counter_atomic_counter") return runCounter(2);
        if (name.rfind("handoff", 0) == 0)
            return runHandoff(name == "handoff_with_glMemoryBarrier", token);
        if (name.rfind("publish", 0) == 0) return runPublish(name == "publish_coherent", token);
        runAtomics(token);
    }

    void runShift(bool withBarrier, std::uint32_t token) {
        shift[withBarrier].use();
        glUniform1ui(shift[withBarrier].uniform("token"), token);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, shifted.id());
        glDispatchCompute(GLuint(groups), 1, 1);
    }

    void runCounter(int mode) {
        const std::uint32_t start[2] = {kCanary, 0};  // byte offset 0: canary, 4: counter
        counterWords.upload(start, sizeof start);
        counter[mode].use();
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, tickets.id());
        // The same two words, as a storage buffer or as the atomic counter buffer whose
        // binding point 0 counter.comp's atomic_uint names (its offset 4 is in the shader).
        glBindBufferBase(mode == 2 ? GL_ATOMIC_COUNTER_BUFFER : GL_SHADER_STORAGE_BUFFER,
                         mode == 2 ? 0 : 1, counterWords.id());
        glDispatchCompute(GLuint(groups), 1, 1);
    }

    void runHandoff(bool withBarrier, std::uint32_t token) {
        handoffWrite.use();
        glUniform1ui(handoffWrite.uniform("count"), count());
        glUniform1ui(handoffWrite.uniform("token"), token);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, handed.id());
        glDispatchCompute(GLuint(groups), 1, 1);
        // handoff_read.comp reads `handed` as a storage buffer: SHADER_STORAGE. Without it,
        // nothing promises that the first dispatch's writes are visible to the second.
        if (withBarrier) glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        handoffRead.use();
        glUniform1ui(handoffRead.uniform("count"), count());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, handed.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, received.id());
        glDispatchCompute(GLuint(groups), 1, 1);
    }

    void runPublish(bool coherent, std::uint32_t token) {
        const std::uint32_t down = 0;
        flag.upload(&down, 4);  // the data keeps the last run's words: stale, if read too early
        publish[coherent].use();
        glUniform1ui(publish[coherent].uniform("token"), token);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, data.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, flag.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, seen.id());
        glDispatchCompute(GLuint(groups), 1, 1);
    }

    void runAtomics(std::uint32_t token) {
        const barriers::AtomicsResult start = barriers::atomicsStart(count(), kBitWords, buckets());
        totals.upload(&start.totals, sizeof start.totals);
        bits.upload(start.bits.data(), GLsizeiptr(start.bits.size() * 4));
        owners.upload(start.owners.data(), GLsizeiptr(start.owners.size() * 4));
        atomics.use();
        glUniform1ui(atomics.uniform("count"), count());
        glUniform1ui(atomics.uniform("buckets"), buckets());
        glUniform1ui(atomics.uniform("token"), token);
        const cs::Buffer* bindings[] = {&totals, &bits, &owners, &returned};
        for (GLuint b = 0; b < 4; ++b)
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, b, bindings[b]->id());
        glDispatchCompute(GLuint(groups), 1, 1);
    }

    // ---- The CPU's check of one run (checks.cpp), on what the run left, read back ----

    template <typename T>
    static std::vector<T> download(const cs::Buffer& buffer, std::size_t n) {
        std::vector<T> values(n);
        buffer.download(values.data(), GLsizeiptr(n * sizeof(T)));
        return values;
    }

    void check(barriers::Named& outcome, std::uint32_t token) {
        const std::string& name = outcome.name;
        const std::size_t n = count();
        const auto words = [&](const cs::Buffer& b, std::size_t k) {
            return download<std::uint32_t>(b, k);
        };
        if (name.rfind("shift", 0) == 0) {
            outcome.tally.add(
                barriers::checkShift(words(shifted, n), token, std::uint32_t(groupSize)));
        } else if (name.rfind("counter", 0) == 0) {
            const auto counted = words(counterWords, 2);
            outcome.tally.add(
                barriers::checkTickets(words(tickets, n), counted[1], counted[0], kCanary));
        } else if (name.rfind("handoff", 0) == 0) {
            outcome.tally.add(barriers::checkHandoff(words(received, n), token));
        } else if (name.rfind("publish", 0) == 0) {
            outcome.tally.add(
                barriers::checkPublish(download<glm::uvec2>(seen, n - std::size_t(groupSize)),
                                       token, std::uint32_t(groupSize)));
        } else {
            barriers::AtomicsResult result;
            totals.download(&result.totals, sizeof result.totals);
            result.bits = words(bits, 3 * kBitWords);
            result.owners = words(owners, buckets());
            result.returned = download<glm::uvec2>(returned, n);
            outcome.addParts(barriers::checkAtomics(result, token, kBitWords));
        }
    }

    // ---- Resources ----

    void checkOptions() override {
        if (!options().input.empty())
            throw cs::UsageError("barriers runs its own experiments and takes no --input");
    }

    void setup() override { build(); }
    void shadersReloaded() override { runAgain = true; }

    // The group size is compiled into every shader, and every buffer holds an element per
    // invocation: both change together.
    void build() {
        const auto compile = [&](const char* file, cs::ShaderDefines defines) {
            defines.emplace_back("GROUP_SIZE", std::to_string(groupSize));
            return cs::Program::compute(std::string("barriers/") + file, defines);
        };
        for (int b = 0; b < 2; ++b) {
            shift[b] = compile("shift.comp", {{"WITH_BARRIER", std::to_string(b)}});
            publish[b] = compile("publish.comp", {{"COHERENT", std::to_string(b)},
                                                  {"POLL_LIMIT", std::to_string(kPollLimit)}});
        }
        for (int mode = 0; mode < 3; ++mode)
            counter[mode] = compile("counter.comp", {{"MODE", std::to_string(mode)}});
        handoffWrite = compile("handoff_write.comp", {});
        handoffRead = compile("handoff_read.comp", {});
        atomics = compile("atomics.comp", {{"BIT_WORDS", std::to_string(kBitWords)}});

        const auto words = [](const char* name, std::size_t n) {
            return cs::Buffer(name, GLsizeiptr(n * 4), cs::BufferUse::Computed);
        };
        const std::size_t n = count(), consumers = n - groupSize;
        shifted = words("shifted", n);
        tickets = words("tickets", n);
        counterWords = words("canary and counter", 2);
        handed = words("handed", n);
        received = words("received", n);
        data = words("published data", std::size_t(groupSize));
        flag = words("published flag", 1);
        seen = words("seen by consumers", 2 * consumers);
        totals = words("atomic totals", sizeof(barriers::Totals) / 4);
        bits = words("atomic bit sets", 3 * kBitWords);
        owners = words("bucket owners", buckets());
        returned = words("atomics returned", 2 * n);
        runAgain = true;
    }

    // ---- Showing the results ----

    // The error map fills what the overlay leaves free, a pixel of the texture per pixel.
    void updateMap() {
        mapRect = barriers::mapArea(freeArea());
        const int w = std::max(int(mapRect.width), 1), h = std::max(int(mapRect.height), 1);
        if (map && map.width() == w && map.height() == h) return;
        map = cs::Texture2D("error map", w, h, GL_RGBA8);
        map.upload(GL_RGBA, GL_UNSIGNED_BYTE, barriers::errorMap(outcomes, w, h).data());
    }

    void render() override { drawer.draw(map, mapRect, width(), height()); }

    void ui() override {
        ImGui::Separator();
        if (work.running() && ImGui::Button("cancel")) work.cancel();        // the runs so far stay
        if (!work.running() && ImGui::Button("run again")) runAgain = true;  // update() runs
        ImGui::SameLine();
        ImGui::Text("%d runs each, %u invocations per dispatch", runs, count());
        if (work.running()) barriers::progressBar(work.at(), work.total());
        barriers::resultsTable(outcomes);
        barriers::mapLegend(outcomes);
        barriers::bandTitles(outcomes, mapRect, height());
    }

    void finish() override {
        if (!options().output.empty())
            queueOutput(options().output, barriers::reportJson(outcomes));
    }

    // What being right costs: each correct variant's time over its racy one's (report.cpp).
    std::vector<cs::BenchFigure> benchFigures(const cs::Calibration&) override {
        return barriers::rightOverRacy([&](const std::string& name) {
            return cs::medianGpuMs([&] { dispatch(name, 1u); }, timingMethod(), 9);
        });
    }
};

CS_SAMPLE_MAIN(Barriers)
