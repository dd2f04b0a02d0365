// buffers: storage buffers in and out, a uniform buffer for the parameters, and what the
// std140 and std430 layouts do to one struct. One invocation per element reads a float from
// an unsized array, and writes an Element { vec3 position; float weight; float samples[4];
// vec2 velocity; } in the layout chosen; the window shows the output's first bytes as a byte
// map, each member's bytes in its colour and the padding hatched. See README.md.
//
// Frame map:
//   1. fill (buffers/fill.comp): values[] (storage buffer 0) and Parameters (uniform buffer 0)
//      -> elements[] (storage buffer 1), one invocation per element.
//      glMemoryBarrier(SHADER_STORAGE | BUFFER_UPDATE): the byte map reads elements[] as a
//      storage buffer; the legend's copy and --output read it back.
//   2. draw (buffers/bytes.vert + bytes.frag): the byte map, from elements[] itself.
#include <imgui.h>

#include <cstdio>
#include <cstring>
#include <iterator>
#include <string>
#include <vector>

#include "app/sample.h"
#include "bytemap.h"
#include "gl/info.h"
#include "layouts.h"
#include "util/error.h"

class Buffers : public cs::Sample {
public:
    Buffers() : Sample("buffers", "storage and uniform buffers, and the std140/std430 layouts") {}

private:
    std::string& layoutName = params.choice("layout", "std430", {"std140", "std430"},
                                            "the output block's layout: where each member lies");
    int& elements = params.add("elements", 1024, {1, 1 << 20}, "elements in and out");
    float& scale = params.add("scale", 2.0f, {-8.0f, 8.0f}, "Parameters.scale (uniform buffer)");
    float& bias = params.add("bias", 0.5f, {-8.0f, 8.0f}, "Parameters.bias (uniform buffer)");

    cs::Program fill;
    cs::Buffer values, parameters, output;
    std::vector<unsigned char> shownBytes;  // the first element, for the legend
    bool resultsChanged = true;
    buffers::ByteMap byteMap;

    const buffers::Layout& layout() const { return buffers::layoutNamed(layoutName); }
    std::uint32_t count() const { return std::uint32_t(elements); }

    void checkOptions() override {
        if (!options().input.empty())
            throw cs::UsageError(
                "buffers makes its own input (values[i] = 1 + i/2) and takes no "
                "--input");
        cs::requireExtension("--output", options().output, ".bin");
    }

    void setup() override {
        cs::requireLimit(GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS, 1,
                         "drawing the byte map straight from the output buffer");
        // The parameters' buffer: the CPU writes it when they change, the shader reads it.
        parameters = cs::Buffer("parameters", sizeof(buffers::Parameters), cs::BufferUse::Input);
        uploadParameters();
        createBuffers();
    }

    // A new layout is a new program (the layout is fixed when the shader is compiled) and a
    // new output buffer (the element's size changes with it).
    void createBuffers() {
        fill = cs::Program::compute("buffers/fill.comp", {{"LAYOUT", layout().name}});
        checkProgramLayout();
        std::vector<float> input(count());
        for (std::uint32_t i = 0; i < count(); ++i) input[i] = buffers::inputValue(i);
        values =
            cs::Buffer("values", GLsizeiptr(input.size() * 4), cs::BufferUse::Input, input.data());
        const std::uint64_t bytes = std::uint64_t(count()) * layout().stride;
        cs::requireLimit(
            GL_MAX_SHADER_STORAGE_BLOCK_SIZE, std::int64_t(bytes),
            std::to_string(count()) + " elements of " + std::to_string(layout().stride) + " bytes");
        output = cs::Buffer("elements", GLsizeiptr(bytes), cs::BufferUse::Computed);
        markOutput();
    }

    // Every word starts as the marker: whatever still holds it after the pass was never
    // written, which is what padding is.
    void markOutput() {
        const std::vector<std::uint32_t> marked(std::size_t(output.size()) / 4, buffers::kMarker);
        output.upload(marked.data(), output.size());
        resultsChanged = true;
    }

    void uploadParameters() {
        const buffers::Parameters p{scale, bias};
        parameters.upload(&p, sizeof p);
        resultsChanged = true;
    }

    // Where did the compiler put each member? glGetProgramResourceiv answers for the program
    // as linked; the C++ mirror says where the rules put it. They must agree, or the CPU and
    // the GPU read different bytes: a mismatch ends the run, naming the member.
    void checkProgramLayout() const {
        const auto expect = [&](const std::string& what, GLint actual, std::size_t expected) {
            if (actual != GLint(expected))
                throw cs::Error("fill.comp in " + std::string(layout().name) +
                                ": glGetProgramResourceiv gives " + std::to_string(actual) +
                                " for " + what + ", the C++ mirror " + std::to_string(expected));
        };
        const auto query = [&](GLenum interface, const std::string& name, GLenum property) {
            const GLuint index = glGetProgramResourceIndex(fill.id(), interface, name.c_str());
            if (index == GL_INVALID_INDEX)
                throw cs::Error("fill.comp: the linked program has no " + name);
            GLint value = -1;
            glGetProgramResourceiv(fill.id(), interface, index, 1, &property, 1, nullptr, &value);
            return value;
        };
        for (const buffers::Member& m : layout().members) {
            // An array of floats is named by its first element, as GL names arrays.
            const std::string name =
                std::string("elements[0].") + m.name + (m.arrayStride ? "[0]" : "");
            expect("the offset of " + name, query(GL_BUFFER_VARIABLE, name, GL_OFFSET), m.offset);
            expect("the array stride of " + name, query(GL_BUFFER_VARIABLE, name, GL_ARRAY_STRIDE),
                   m.arrayStride);
            expect("the stride of elements[]",
                   query(GL_BUFFER_VARIABLE, name, GL_TOP_LEVEL_ARRAY_STRIDE), layout().stride);
        }
        // With an unsized array last, the block's size counts one element of it. The GL asks
        // only for the bytes that hold every member, so a driver may leave out the padding at
        // the element's end: Mesa gives the stride (48 in std430), NVIDIA the end of velocity
        // (40). Either is right; anything outside that range is not.
        const buffers::Member& last = layout().members[std::size(layout().members) - 1];
        const std::size_t end = buffers::floatOffset(last, last.floats - 1) + sizeof(float);
        const GLint size = query(GL_SHADER_STORAGE_BLOCK, "Elements", GL_BUFFER_DATA_SIZE);
        if (size < GLint(end) || size > GLint(layout().stride))
            throw cs::Error("fill.comp in " + std::string(layout().name) +
                            ": glGetProgramResourceiv gives " + std::to_string(size) +
                            " for the size of Elements, the C++ mirror " + std::to_string(end) +
                            " to " + std::to_string(layout().stride));
        expect("the offset of Parameters.scale", query(GL_UNIFORM, "scale", GL_OFFSET),
               offsetof(buffers::Parameters, scale));
        expect("the offset of Parameters.bias", query(GL_UNIFORM, "bias", GL_OFFSET),
               offsetof(buffers::Parameters, bias));
    }

    void update(double) override {
        if (params.changed({&layoutName, &elements})) createBuffers();
        if (params.changed({&scale, &bias})) uploadParameters();

        {
            auto pass = gpuPass("fill");
            fill.use();
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, values.id());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, output.id());
            glBindBufferBase(GL_UNIFORM_BUFFER, 0, parameters.id());
            // Round up so the groups cover every element; the shader skips the overhang.
            const glm::uvec3 groups = fill.groupsFor(count());
            glDispatchCompute(groups.x, groups.y, groups.z);
            // The byte map's fragment shader reads elements[] as a storage buffer
            // (SHADER_STORAGE); the legend's copy and --output read it back with
            // glGetBufferSubData (BUFFER_UPDATE).
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
        }

        // The legend shows the first element's values: copied when they change, not per frame.
        if (!resultsChanged) return;
        shownBytes.resize(layout().stride);
        output.download(shownBytes.data(), GLsizeiptr(shownBytes.size()));
        resultsChanged = false;
    }

    // An edited fill.comp may place or write the members anywhere: check it again, and show
    // what it writes into a freshly marked buffer.
    void shadersReloaded() override {
        checkProgramLayout();
        markOutput();
    }

    void render() override {
        byteMap.place(freeArea(), width(), height(), !options().noUi);
        byteMap.draw(output, layout(), count());
    }

    // The legend: each member's colour, type, offset and the first element's values.
    void ui() override {
        ImGui::Separator();
        ImGui::Text("struct Element in %s: %zu bytes", layout().name, layout().stride);
        std::size_t used = 0;
        for (int i = 0; i < 4; ++i) {
            const buffers::Member& m = layout().members[i];
            const glm::vec3 c = buffers::memberColour(i);
            ImGui::ColorButton(m.name, ImVec4(c.r, c.g, c.b, 1), ImGuiColorEditFlags_NoTooltip);
            ImGui::SameLine();
            std::string text =
                std::string(m.type) + " " + m.name + ": offset " + std::to_string(m.offset);
            if (m.arrayStride) text += ", stride " + std::to_string(m.arrayStride);
            for (std::size_t k = 0; k < m.floats; ++k) {
                float v = 0;
                const std::size_t at = buffers::floatOffset(m, k);
                if (at + 4 <= shownBytes.size()) std::memcpy(&v, &shownBytes[at], 4);
                char number[32];
                std::snprintf(number, sizeof number, "%s%g", k == 0 ? " = " : ", ", double(v));
                text += number;
            }
            ImGui::TextUnformatted(text.c_str());
            used += 4 * m.floats;
        }
        ImGui::TextDisabled("hatched: %zu bytes of padding, never written", layout().stride - used);
        ImGui::TextDisabled("red: where the GPU and the layout disagree");
        ImGui::TextDisabled("glGetProgramResourceiv agrees on every offset");
        byteMap.place(freeArea(), width(), height(), !options().noUi);
        byteMap.annotate(layout(), count());
    }

    // --output: the whole output buffer as fill.comp left it, padding included (README.md).
    void finish() override {
        if (options().output.empty()) return;
        std::string bytes(std::size_t(output.size()), '\0');
        output.download(bytes.data(), output.size());
        queueOutput(options().output, std::move(bytes));
    }

    // fill.comp reads 4 bytes per element and writes within the element's stride: padding
    // takes memory traffic too, which is what std140 costs here.
    std::vector<cs::BenchFigure> benchFigures(const cs::Calibration& calibration) override {
        const double bytes = double(count()) * double(4 + layout().stride);
        return {cs::bandwidthFigure("fill bandwidth", bytes, benchMedianMs("fill"), calibration)};
    }
};

CS_SAMPLE_MAIN(Buffers)
