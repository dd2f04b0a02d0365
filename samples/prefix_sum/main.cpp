// prefix_sum: the scan, step by step. A prefix sum turns 3 1 4 1 5 into 3 4 8 9 14: every
// output is the sum of the inputs up to it. The window plots the input, the state of the
// one-work-group shader after a chosen step (OpenGL SuperBible, 6th ed., Figure 10.5), and
// the result of the chosen algorithm: that shader, or the library's scans of any length, the
// single pass with decoupled look-back or reduce-then-scan. Headless, --input/--output scan
// raw uint32 or float32 files. See README.md.
//
// The frame: update() runs the scans, render() draws three bar plots from their buffers.
//   the result, input -> result, one of:
//     cs::GpuScan          algorithm=library (the single pass) or reduce_then_scan: any length
//     single_group.comp    one work group, all ceil(log2 n) steps in shared memory
//   single_group.comp      again, input -> stepState, stopped after `step` steps: the step view
//   glMemoryBarrier(SHADER_STORAGE | BUFFER_UPDATE): bars.frag reads both buffers, and
//   only after a change both are read back for the labels (and --output)
//   render(): bars.vert, bars.frag, once per plot (plot.cpp): input, step view, result
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "app/sample.h"
#include "bench.h"
#include "compute/scan.h"
#include "gl/info.h"
#include "plot.h"
#include "util/error.h"
#include "values.h"

namespace {

// single_group.comp: one work group of 1024 invocations, two elements each.
constexpr std::uint32_t kSingleGroupCapacity = 2048;

// Steps the single-group shader needs for `count` elements: ceil(log2(count)).
int stepsFor(std::uint32_t count) {
    int steps = 0;
    while ((std::uint64_t(1) << steps) < count) ++steps;
    return steps;
}

const glm::vec3 kInputColor{0.45f, 0.55f, 0.80f}, kResultColor{0.40f, 0.75f, 0.90f};

}  // namespace

class PrefixSum : public cs::Sample {
public:
    PrefixSum()
        : Sample("prefix_sum",
                 "prefix sum: one work group step by step, and a scan of any length") {}

private:
    int& elements =
        params.add("elements", 16, {1, int(kSingleGroupCapacity)}, "length of the generated array")
            .activeWhen([this] { return options().input.empty(); },
                        "with --input: the array comes from the file");
    std::string& type = params.choice("type", "uint", {"uint", "float"},
                                      "element type: uint32 (sums wrap modulo 2^32) or float32");
    std::string& mode = params.choice("mode", "inclusive", {"inclusive", "exclusive"},
                                      "sum up to and including each element, or before it");
    std::string& algorithm = params.choice(
        "algorithm", "library", {"library", "reduce_then_scan", "single_group"},
        "cs::GpuScan's default (the single pass), its reduce-then-scan (both any length), or "
        "single_group.comp (at most 2048 elements)");
    // Until setup() reads an --input, count() is 0 and step acts: the command line, read
    // before, cannot know the input's length, so setup() asks again once it does.
    int& step = params
                    .add("step", 2, {0, 11},
                         "how many steps (k = 0, 1, ...) of single_group.comp have run in the "
                         "middle plot (0: the input)")
                    .activeWhen([this] { return fitsOneGroup(); },
                                "past 2048 elements (--input): the step view is one work group's")
                    // The slider stops at the array's last step; --set takes up to 11.
                    .sliderRange([this] {
                        return cs::Range<int>{0, stepsFor(count())};
                    });

    int& benchMaxLog2 = flags
                            .add("bench-max-log2", 28, {16, 28},
                                 "largest array of the --bench sweep, as a power of 2 (it scans "
                                 "2^16, 2^18, ...; not given, it also stops before a size whose "
                                 "scans would take more than a few seconds)")
                            .activeWhen([this] { return options().bench; }, "without --bench");

    std::vector<std::uint32_t> values;  // the input as 32-bit words: uint32 or float32 bits
    cs::Buffer input, result, stepState;
    cs::GpuScan libraryScan{cs::ElementType::Uint};  // ScanAlgorithm::Auto: the single pass here
    cs::GpuScan reduceThenScan{cs::ElementType::Uint, cs::ScanAlgorithm::ReduceThenScan};
    cs::Program singleGroup;
    // The two results as the labels show them, copied to the CPU when they change.
    std::vector<std::uint32_t> sums, stepValues;
    bool resultsChanged = true;
    prefix_sum::BarPlots plots;
    prefix_sum::Axes axes;             // the plots' value ranges, from the input
    prefix_sum::ValueRange stepRange;  // the step view's, from the input and the step

    bool isFloat() const { return type == "float"; }
    std::uint32_t count() const { return std::uint32_t(values.size()); }
    bool fitsOneGroup() const { return count() <= kSingleGroupCapacity; }
    bool library() const { return algorithm != "single_group" || !fitsOneGroup(); }
    cs::GpuScan& libraryScanChosen() {
        return algorithm == "reduce_then_scan" ? reduceThenScan : libraryScan;
    }
    const char* libraryName() const {
        return algorithm == "reduce_then_scan" ? "reduce-then-scan" : "single pass";
    }
    int shownStep() const { return std::min(step, stepsFor(count())); }
    std::string source() const {
        return options().input.empty() ? "the generated array" : cs::printable(options().input);
    }

    void update(double) override {
        const bool typeChanged = params.changed({&type});
        if (typeChanged) buildPrograms();  // each is compiled for one element type
        if (params.changed({&elements}) || typeChanged) createBuffers();
        if (params.changed({&mode, &algorithm, &step})) resultsChanged = true;

        const bool exclusive = mode == "exclusive";
        if (library()) {
            // One row, out of place: the library's default is the single pass.
            auto pass = gpuPass(libraryName());
            libraryScanChosen().run(input, result, count(), 1,
                                    exclusive ? cs::ScanMode::Exclusive : cs::ScanMode::Inclusive);
        } else {
            auto pass = gpuPass("single-group scan");
            singleGroup.use();
            glUniform1ui(singleGroup.uniform("count"), count());
            glUniform1ui(singleGroup.uniform("stepsToRun"), GLuint(stepsFor(count())));
            glUniform1i(singleGroup.uniform("exclusive"), exclusive);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, input.id());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, result.id());
            glDispatchCompute(1, 1, 1);  // one work group: the whole array is in its shared memory
        }
        if (fitsOneGroup()) {
            // The same shader, stopped after `step` steps, into its own buffer: the middle plot.
            auto pass = gpuPass("step view");
            singleGroup.use();
            glUniform1ui(singleGroup.uniform("count"), count());
            glUniform1ui(singleGroup.uniform("stepsToRun"), GLuint(shownStep()));
            glUniform1i(singleGroup.uniform("exclusive"), 0);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, input.id());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, stepState.id());
            glDispatchCompute(1, 1, 1);
        }
        // The plots read both results as storage buffers in bars.frag (SHADER_STORAGE), and
        // the copies below read them back with glGetBufferSubData (BUFFER_UPDATE).
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);

        // A read-back waits until the GPU has finished, so the labels' copies are taken only
        // when the results change, not every frame. --output writes the same copy.
        if (!resultsChanged) return;
        sums.resize(count());
        result.download(sums.data(), GLsizeiptr(sums.size() * 4));
        // Finite floats scan into an infinity only where a sum passes the largest float
        // (3.4e38): a runtime error naming the element, not a result. An exclusive scan's
        // output i is the sum of the elements before i.
        const std::size_t bad = isFloat() ? prefix_sum::firstNonFinite(sums) : count();
        if (bad < count())
            throw cs::Error(source() + ": the float sum stops being finite at element " +
                            std::to_string(mode == "exclusive" ? bad - 1 : bad) +
                            " (it overflows float)");
        stepValues.resize(fitsOneGroup() ? count() : 0);
        if (!stepValues.empty())
            stepState.download(stepValues.data(), GLsizeiptr(stepValues.size() * 4));
        stepRange = prefix_sum::stepAxis(values, isFloat(), shownStep());
        resultsChanged = false;
    }

    void shadersReloaded() override { resultsChanged = true; }

    void setup() override {
        cs::requireLimit(GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS, 1,
                         "drawing the plots straight from the scans' buffers");
        if (!options().input.empty()) {
            // The scans bind the array as one storage block.
            values = prefix_sum::readValues(options().input,
                                            cs::glInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE) / 4);
            if (algorithm == "single_group" && !fitsOneGroup())
                throw cs::UsageError("algorithm=single_group scans at most 2048 elements; " +
                                     cs::printable(options().input) + " holds " +
                                     std::to_string(count()) + " (use algorithm=library)");
            params.refuseInactive();  // step, now that the input's length is known
        }
        buildPrograms();
        createBuffers();
    }

    void buildPrograms() {
        const cs::ShaderDefines defines = {{"FLOAT_VALUES", isFloat() ? "1" : "0"}};
        singleGroup = cs::Program::compute("prefix_sum/single_group.comp", defines);
        const cs::ElementType elementType =
            isFloat() ? cs::ElementType::Float : cs::ElementType::Uint;
        libraryScan = cs::GpuScan(elementType);
        reduceThenScan = cs::GpuScan(elementType, cs::ScanAlgorithm::ReduceThenScan);
    }

    void createBuffers() {
        if (options().input.empty())
            values = prefix_sum::generateValues(std::uint32_t(elements), isFloat(), seed());
        // A NaN or an infinity in the input would only scan into more of them: refused, as
        // every sample refuses them in a state file (here also when the overlay turns uint
        // words into floats).
        const std::size_t bad = isFloat() ? prefix_sum::firstNonFinite(values) : count();
        if (bad < count())
            throw cs::Error(source() + ": value " + std::to_string(bad) +
                            " is not a finite number (type=float)");
        const auto bytes = GLsizeiptr(values.size() * 4);
        input = cs::Buffer("input", bytes, cs::BufferUse::Input, values.data());
        result = cs::Buffer("result", bytes, cs::BufferUse::Computed);
        stepState = cs::Buffer("single-group state after the chosen step",
                               std::min<GLsizeiptr>(bytes, kSingleGroupCapacity * 4),
                               cs::BufferUse::Computed);
        axes = prefix_sum::axesFor(values, isFloat());
        resultsChanged = true;
    }

    // Three bar plots, top to bottom: the input, the step view and the result.
    void render() override {
        plots.place(freeArea(), width(), height(), count(), isFloat());
        plots.bars(0, input, axes.values, kInputColor);
        if (fitsOneGroup())
            // After s steps, blocks of 2^s elements are scanned: mark them.
            plots.bars(1, stepState, stepRange, kInputColor,
                       shownStep() > 0 ? 1u << shownStep() : 0u);
        plots.bars(2, result, axes.sums, kResultColor);
    }

    void ui() override {
        ImGui::Separator();
        if (fitsOneGroup())
            ImGui::Text("%u %s values, %d steps in one work group", count(), type.c_str(),
                        stepsFor(count()));
        else
            ImGui::Text("%u %s values, too many for one work group", count(), type.c_str());
        // The slider spans the steps of the longest array, 11; past this array's last step
        // the middle plot shows the finished scan, and the overlay says which step that is.
        if (fitsOneGroup() && step > stepsFor(count()))
            ImGui::TextColored(ImVec4(0.95f, 0.80f, 0.35f, 1), "step %d shows step %d, the last",
                               step, stepsFor(count()));
        ImGui::TextColored(ImVec4(0.35f, 0.80f, 0.40f, 1), "green: last of each lower half");
        ImGui::TextColored(ImVec4(0.95f, 0.60f, 0.20f, 1), "orange: upper half, adds green");
        if (algorithm == "single_group" && !fitsOneGroup())
            ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1),
                               "single_group: 2048 at most; library shown");

        // Titles and value labels, behind the overlay, from the copies update() took.
        plots.place(freeArea(), width(), height(), count(), isFloat());
        plots.annotate(0, "input: " + std::to_string(count()) + " " + type, values, axes.values);
        // The step view runs the inclusive scan whatever the mode: it says so under exclusive.
        const std::string inclusive = mode == "exclusive" ? "inclusive, " : "";
        if (mode == "exclusive" && fitsOneGroup())
            ImGui::TextWrapped("the step view scans inclusively; exclusive is that shifted right");
        plots.annotate(1,
                       fitsOneGroup()
                           ? inclusive + prefix_sum::stepTitle(shownStep(), stepsFor(count()))
                           : "step view needs at most 2048 elements",
                       stepValues, stepRange);
        plots.annotate(
            2,
            mode + " scan (" +
                (library() ? std::string("cs::GpuScan, ") + libraryName() : "single_group.comp") +
                ")",
            sums, axes.sums);
    }

    void finish() override {
        if (!options().output.empty()) queueOutput(options().output, sums.data(), sums.size() * 4);
    }

    // Declared beside the bench it steers (bench.cpp lists the variants).
    bool& benchVariants =
        flags.add("bench-variants", false, "--bench also times each single-pass variant")
            .activeWhen([this] { return options().bench; }, "without --bench");

    // A scan reads 4 and writes 4 bytes per element at the least, so its roofline is a copy
    // of 8 bytes per element, measured at each size: the single pass moves just that,
    // reduce-then-scan 12. Beside them the sweep times std::inclusive_scan on the CPU.
    std::vector<cs::BenchFigure> benchFigures(const cs::Calibration&) override {
        std::vector<cs::BenchFigure> figures;
        const bool stopWhenSlow = !flags.given(&benchMaxLog2);
        for (const auto& times : prefix_sum::benchSweep(benchMaxLog2, stopWhenSlow, seed(),
                                                        timingMethod(), benchVariants)) {
            const double n = std::ldexp(1.0, times.log2);
            auto scanFigure = [&](const std::string& name, double ms) {
                const double gelems = n / (ms * 1e6);
                return cs::BenchFigure{name + " 2^" + std::to_string(times.log2), gelems, "Gelem/s",
                                       8.0 * gelems / times.copyGBps, "copy"};
            };
            figures.push_back(scanFigure("single pass", times.singlePassMs));
            figures.push_back(scanFigure("reduce-then-scan", times.reduceThenScanMs));
            // Their ratio, the CPU's rate, the copy, the look-back, each variant rated alike.
            prefix_sum::appendSweepFigures(times, scanFigure, figures);
        }
        return figures;
    }
};

CS_SAMPLE_MAIN(PrefixSum)
