// prefix_sum: the scan, step by step. A prefix sum turns 3 1 4 1 5 into 3 4 8 9 14: every
// output is the sum of the inputs up to it. The window plots the input, the state of the
// one-work-group shader after a chosen step (OpenGL SuperBible, Figure 10.5), and the
// result of the chosen algorithm: that shader, or the library scan that takes any length.
// Headless, --input/--output scan raw uint32 or float32 files. See README.md.
#include <imgui.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <numeric>
#include <random>

#include "app/draw.h"
#include "app/sample.h"
#include "compute/scan.h"
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

}  // namespace

class PrefixSum : public cs::Sample {
public:
    PrefixSum()
        : Sample("prefix_sum",
                 "prefix sum: one work group step by step, and a scan of any length") {}

private:
    int& elements = params.add("elements", 16, {1, int(kSingleGroupCapacity)},
                               "length of the generated array (not with --input)");
    std::string& type = params.choice("type", "uint", {"uint", "float"},
                                      "element type: uint32 (sums wrap modulo 2^32) or float32");
    std::string& mode = params.choice("mode", "inclusive", {"inclusive", "exclusive"},
                                      "sum up to and including each element, or before it");
    std::string& algorithm =
        params.choice("algorithm", "library", {"library", "single_group"},
                      "cs::GpuScan (any length) or single_group.comp (at most 2048 elements)");
    int& step = params.add("step", 2, {0, 11},
                           "how many steps (k = 0, 1, ...) of single_group.comp have run in the "
                           "middle plot (0: the input)");
    int& benchMaxLog2 = params.add("bench_max_log2", 26, {16, 26},
                                   "--bench scans 2^16, 2^18, ... up to 2^bench_max_log2 elements");

    std::vector<std::uint32_t> values;  // the input as 32-bit words: uint32 or float32 bits
    cs::Buffer input, result, stepState;
    cs::GpuScan libraryScan{cs::ElementType::Uint};
    cs::Program singleGroup, bars;
    cs::VertexArray noVertices;
    std::array<float, 2> inputRange{}, sumRange{};  // values at the bottom and top of the plots

    bool isFloat() const { return type == "float"; }
    std::uint32_t count() const { return std::uint32_t(values.size()); }

    void checkOptions() override {
        if (!options().input.empty())
            options().refuseSets({"elements"}, "with --input: the array comes from the file");
        if (!options().bench) options().refuseSets({"bench_max_log2"}, "without --bench");
    }

    void setup() override {
        GLint fragmentBlocks = 0;
        glGetIntegerv(GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS, &fragmentBlocks);
        if (fragmentBlocks < 1)
            throw cs::Error(
                "the bar plots read storage buffers in a fragment shader, and this GL "
                "allows none there (GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS is 0)");
        if (!options().input.empty()) {
            values = prefix_sum::readValues(options().input);
            if (algorithm == "single_group" && count() > kSingleGroupCapacity)
                throw cs::UsageError("algorithm=single_group scans at most 2048 elements; " +
                                     cs::printable(options().input) + " holds " +
                                     std::to_string(count()) + " (use algorithm=library)");
        }
        buildPrograms();
        createBuffers();
    }

    void buildPrograms() {
        const cs::ShaderDefines defines = {{"FLOAT_VALUES", isFloat() ? "1" : "0"}};
        singleGroup = cs::Program::compute("prefix_sum/single_group.comp", defines);
        bars = cs::Program::graphics("prefix_sum/bars.vert", "prefix_sum/bars.frag");
        libraryScan = cs::GpuScan(isFloat() ? cs::ElementType::Float : cs::ElementType::Uint);
    }

    void createBuffers() {
        if (options().input.empty())
            values = prefix_sum::generateValues(std::uint32_t(elements), isFloat(), seed());
        const auto bytes = GLsizeiptr(values.size() * 4);
        input = cs::Buffer("input", bytes, cs::BufferUse::Input, values.data());
        result = cs::Buffer("result", bytes, cs::BufferUse::Computed);
        stepState = cs::Buffer("single-group state after the chosen step",
                               std::min<GLsizeiptr>(bytes, kSingleGroupCapacity * 4),
                               cs::BufferUse::Computed);

        // Every partial sum lies between the sum of the negative inputs and the sum of the
        // positive ones; uint sums that wrap stay below 2^32.
        double low = 0, high = 0, sumLow = 0, sumHigh = 0;
        for (std::uint32_t word : values) {
            const double v = valueOf(word);
            low = std::min(low, v), high = std::max(high, v);
            (v < 0 ? sumLow : sumHigh) += v;
        }
        if (!isFloat()) sumHigh = std::min(sumHigh, 4294967295.0);
        inputRange = {float(low), float(std::max(high, low + 1e-6))};
        sumRange = {float(sumLow), float(std::max(sumHigh, sumLow + 1e-6))};
    }

    void update(double) override {
        const bool typeChanged = params.changed(&type);
        if (typeChanged) buildPrograms();
        if (params.changed(&elements) || typeChanged) createBuffers();

        const bool exclusive = mode == "exclusive";
        if (algorithm == "single_group" && count() <= kSingleGroupCapacity) {
            auto pass = gpuPass("single-group scan");
            runSingleGroup(result, stepsFor(count()), exclusive);
        } else {
            auto pass = gpuPass("library scan");
            libraryScan.run(input, result, count(), 1,
                            exclusive ? cs::ScanMode::Exclusive : cs::ScanMode::Inclusive);
        }
        if (count() <= kSingleGroupCapacity) {
            // The same shader, stopped after `step` steps: the middle plot.
            auto pass = gpuPass("step view");
            runSingleGroup(stepState, std::min(step, stepsFor(count())), false);
        }
        // The plots read both results as storage buffers in bars.frag (SHADER_STORAGE), and
        // the labels and finish() read them back with glGetBufferSubData (BUFFER_UPDATE).
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    }

    void runSingleGroup(const cs::Buffer& output, int steps, bool exclusive) {
        singleGroup.use();
        glUniform1ui(singleGroup.uniform("count"), count());
        glUniform1ui(singleGroup.uniform("stepsToRun"), GLuint(steps));
        glUniform1i(singleGroup.uniform("exclusive"), exclusive);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, input.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, output.id());
        glDispatchCompute(1, 1, 1);  // one work group: the whole array is in its shared memory
    }

    // ---- Drawing: three bar plots, top to bottom: input, step view, result ----

    int shownStep() const { return std::min(step, stepsFor(count())); }

    std::array<cs::Rect, 3> plotRects() const {
        const float margin = 16, title = 22;
        const float left = freeArea().x + margin, right = float(width()) - margin;
        const float rowHeight = (float(height()) - margin) / 3;
        std::array<cs::Rect, 3> rects;
        for (int row = 0; row < 3; ++row) {
            const float top = float(height()) - margin - title - row * rowHeight;
            rects[row] = {left, top - (rowHeight - title - margin), std::max(right - left, 1.0f),
                          rowHeight - title - margin};
        }
        return rects;
    }

    void render() override {
        const auto rects = plotRects();
        drawBars(input, rects[0], inputRange, {0.45f, 0.55f, 0.80f}, 0);
        if (count() <= kSingleGroupCapacity)
            drawBars(stepState, rects[1], sumRange, {0.45f, 0.55f, 0.80f},
                     // After s steps, blocks of 2^s elements are scanned: mark them.
                     shownStep() > 0 ? 1u << shownStep() : 0u);
        drawBars(result, rects[2], sumRange, {0.40f, 0.75f, 0.90f}, 0);
    }

    void drawBars(const cs::Buffer& buffer, const cs::Rect& rect, std::array<float, 2> range,
                  std::array<float, 3> color, GLuint blockSize) {
        if (!noVertices) noVertices = cs::VertexArray("bar plot");
        bars.use();
        glUniform4f(bars.uniform("rectNdc"), 2 * rect.x / width() - 1, 2 * rect.y / height() - 1,
                    2 * (rect.x + rect.width) / width() - 1,
                    2 * (rect.y + rect.height) / height() - 1);
        glUniform1ui(bars.uniform("count"), count());
        glUniform1i(bars.uniform("floatValues"), isFloat());
        glUniform2f(bars.uniform("valueRange"), range[0], range[1]);
        glUniform1f(bars.uniform("barPixels"), rect.width / float(count()));
        glUniform3f(bars.uniform("barColor"), color[0], color[1], color[2]);
        glUniform1ui(bars.uniform("blockSize"), blockSize);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, buffer.id());
        glBindVertexArray(noVertices.id());
        glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
        glBindVertexArray(0);
    }

    // Titles and value labels, drawn by ImGui behind the overlay window.
    void ui() override {
        const int steps = stepsFor(count());
        ImGui::Separator();
        if (count() <= kSingleGroupCapacity)
            ImGui::Text("%u %s values, %d steps in one work group", count(), type.c_str(), steps);
        else
            ImGui::Text("%u %s values, too many for one work group", count(), type.c_str());
        ImGui::TextColored(ImVec4(0.35f, 0.80f, 0.40f, 1), "green: last of each lower half");
        ImGui::TextColored(ImVec4(0.95f, 0.60f, 0.20f, 1), "orange: upper half, adds green");
        if (algorithm == "single_group" && count() > kSingleGroupCapacity)
            ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1),
                               "single_group: 2048 at most; library shown");

        const auto rects = plotRects();
        const bool library = algorithm == "library" || count() > kSingleGroupCapacity;
        std::string stepTitle = "step view needs at most 2048 elements";
        if (count() <= kSingleGroupCapacity) {
            const int k = shownStep();
            if (k == 0) {
                stepTitle = "single_group.comp before its first step: the input";
            } else {
                const int half = 1 << (k - 1);  // step k works on blocks of 2 * half
                const std::string upper = half == 1 ? "element 1 adds"
                                                    : "elements " + std::to_string(half) + ".." +
                                                          std::to_string(2 * half - 1) + " add";
                stepTitle = "after " + std::to_string(k) + " of " + std::to_string(steps) +
                            " steps (last: blocks of " + std::to_string(2 * half) + ", " + upper +
                            " element " + std::to_string(half - 1) + ")";
            }
        }
        const std::string titles[3] = {
            "input: " + std::to_string(count()) + " " + type,
            stepTitle,
            mode + " scan (" + (library ? "library cs::GpuScan" : "single_group.comp") + ")",
        };
        ImDrawList* draw = ImGui::GetBackgroundDrawList();
        for (int row = 0; row < 3; ++row) {
            const cs::Rect& r = rects[row];
            draw->AddText(toImGui(r.x, r.y + r.height + 20), IM_COL32(230, 230, 230, 255),
                          titles[row].c_str());
        }
        labelBars(draw, rects);
    }

    // ImGui places things in its own units, top down; the plots are in frame pixels, bottom up.
    // The two differ on high-DPI screens by the framebuffer scale.
    static float pixelsPerUnit() { return ImGui::GetIO().DisplayFramebufferScale.x; }
    ImVec2 toImGui(float x, float yUp) const {
        return ImVec2(x / pixelsPerUnit(), (float(height()) - yUp) / pixelsPerUnit());
    }

    // Each bar's value on it, when the bars are wide enough for the text.
    void labelBars(ImDrawList* draw, const std::array<cs::Rect, 3>& rects) {
        if (count() > kSingleGroupCapacity || rects[0].width / float(count()) < 20) return;
        std::vector<std::uint32_t> steps(count()), sums(count());
        stepState.download(steps.data(), GLsizeiptr(count() * 4));
        result.download(sums.data(), GLsizeiptr(count() * 4));
        const std::vector<std::uint32_t>* rows[3] = {&values, &steps, &sums};
        const std::array<float, 2> ranges[3] = {inputRange, sumRange, sumRange};
        for (int row = 0; row < 3; ++row) {
            const cs::Rect& r = rects[row];
            const float barWidth = r.width / float(count());
            for (std::uint32_t i = 0; i < count(); ++i) {
                const double v = valueOf((*rows[row])[i]);
                char text[32];
                if (isFloat())
                    std::snprintf(text, sizeof text, "%.1f", v);
                else
                    std::snprintf(text, sizeof text, "%u", (*rows[row])[i]);
                const ImVec2 units = ImGui::CalcTextSize(text);
                const ImVec2 size(units.x * pixelsPerUnit(), units.y * pixelsPerUnit());
                if (size.x > barWidth - 2) continue;
                // Inside the bar at its far end from zero when it is long enough, else past it.
                const auto& range = ranges[row];
                const auto at = [&](double value) {
                    return r.y + r.height * float((value - range[0]) / (range[1] - range[0]));
                };
                const float zero = at(0.0), end = at(v);  // frame y, upwards
                const bool inside = std::abs(end - zero) > size.y + 4;
                const float top = v >= 0 ? end - (inside ? 2 : -size.y - 1)  // text's top edge
                                         : end + (inside ? size.y + 2 : -1);
                draw->AddText(toImGui(r.x + (i + 0.5f) * barWidth - size.x / 2, top),
                              IM_COL32(255, 255, 255, 255), text);
            }
        }
    }

    double valueOf(std::uint32_t word) const { return prefix_sum::valueOf(word, isFloat()); }

    // ---- Headless output and benchmark ----

    void finish() override {
        if (options().output.empty()) return;
        std::vector<std::uint32_t> words(count());
        result.download(words.data(), GLsizeiptr(words.size() * 4));
        queueOutput(options().output, words.data(), words.size() * 4);
    }

    // The library scan over growing uint arrays, against std::inclusive_scan on one CPU core
    // with the same data. A scan reads 4 and writes 4 bytes per element at the least, so its
    // roofline is a copy of 8 bytes per element.
    std::vector<cs::BenchFigure> benchFigures(const cs::Calibration& calibration) override {
        std::vector<cs::BenchFigure> figures;
        cs::GpuScan scan(cs::ElementType::Uint);
        std::mt19937 random{seed()};
        for (int log2 = 16; log2 <= benchMaxLog2; log2 += 2) {
            const std::size_t n = std::size_t(1) << log2;
            std::vector<std::uint32_t> data(n), cpu(n), gpu(n);
            for (std::uint32_t& v : data) v = random();
            const auto bytes = GLsizeiptr(n * 4);
            cs::Buffer in("bench input", bytes, cs::BufferUse::Input, data.data());
            cs::Buffer out("bench output", bytes, cs::BufferUse::Computed);
            const double gpuMs = cs::medianGpuMs([&] { scan.run(in, out, n); }, timingMethod());
            const double cpuMs = cs::medianCpuMs(
                [&] { std::inclusive_scan(data.begin(), data.end(), cpu.begin()); });
            // The readback below is a buffer read of the scan's shader writes.
            glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
            out.download(gpu.data(), bytes);
            const std::string size = "2^" + std::to_string(log2);
            if (gpu != cpu)
                throw cs::Error("bench: the library scan of " + size +
                                " values differs from std::inclusive_scan");

            const double gpuGelems = double(n) / (gpuMs * 1e6);
            const double copyFraction =
                calibration.copyGBps > 0 ? 8.0 * gpuGelems / calibration.copyGBps : 0.0;
            figures.push_back({"library scan " + size, gpuGelems, "Gelem/s", copyFraction, "copy"});
            figures.push_back(
                {"CPU std::inclusive_scan " + size, double(n) / (cpuMs * 1e6), "Gelem/s", 0.0, ""});
        }
        return figures;
    }
};

CS_SAMPLE_MAIN(PrefixSum)
