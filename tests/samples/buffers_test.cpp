// The buffers sample as a user runs it: --output holds the output buffer's bytes, compared
// byte for byte with a CPU reference laid out by the C++ mirrors, in both layouts, padding
// included; a fill.comp whose layout disagrees with the mirror stops the run; and the bad
// input the sample must refuse.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "buffers/layouts.h"
#include "support/process.h"
#include "support/sample_test.h"
#include "util/file.h"

namespace fs = std::filesystem;

namespace {

const std::string kBuffers = cs::test::SampleTest::samplePath("buffers");

// What fill.comp computes for element i. Each value is one operation on exact inputs, and
// GLSL 4.30 (section 4.7.1) rounds +, - and * correctly, as the CPU does: the GPU must give
// the same bits, whatever the parameters.
struct Values {
    float position[3], weight, samples[4], velocity[2];
};
Values fillOnCpu(std::uint32_t i, float scale, float bias) {
    const float v = buffers::inputValue(i);
    return {
        {float(i), v, v * scale}, v + bias, {v + 0.0f, v + 1.0f, v + 2.0f, v + 3.0f}, {bias, -v}};
}

// Each member stored by name into the layout's mirror: where the rules put it.
void store(buffers::Std140Element& e, const Values& x) {
    std::memcpy(e.position, x.position, sizeof e.position);
    e.weight = x.weight;
    for (int k = 0; k < 4; ++k) e.samples[k].value = x.samples[k];
    std::memcpy(e.velocity, x.velocity, sizeof e.velocity);
}
void store(buffers::Std430Element& e, const Values& x) {
    std::memcpy(e.position, x.position, sizeof e.position);
    e.weight = x.weight;
    std::memcpy(e.samples, x.samples, sizeof e.samples);
    std::memcpy(e.velocity, x.velocity, sizeof e.velocity);
}

// The output buffer as it must be after the pass: every word the marker it started with,
// then each element's members stored; the padding keeps the marker.
template <typename Element>
std::string expectedOutput(std::uint32_t count, float scale, float bias) {
    const std::vector<std::uint32_t> marked(count * sizeof(Element) / 4, buffers::kMarker);
    std::vector<Element> elements(count);
    std::memcpy(elements.data(), marked.data(), marked.size() * 4);
    for (std::uint32_t i = 0; i < count; ++i) store(elements[i], fillOnCpu(i, scale, bias));
    return std::string(reinterpret_cast<const char*>(elements.data()), count * sizeof(Element));
}

// "element 3, byte 20 (samples[1])" or "(position.y)": where the first difference lies, for the
// failure message.
std::string firstDifference(const std::string& actual, const std::string& expected,
                            const buffers::Layout& layout) {
    for (std::size_t at = 0; at < std::min(actual.size(), expected.size()); ++at) {
        if (actual[at] == expected[at]) continue;
        const std::size_t inElement = at % layout.stride;
        std::string what = "padding";
        for (const buffers::Member& m : layout.members)
            for (std::size_t k = 0; k < m.floats; ++k)
                if (inElement / 4 == buffers::floatOffset(m, k) / 4)
                    what = m.arrayStride  ? std::string(m.name) + "[" + std::to_string(k) + "]"
                           : m.floats > 1 ? std::string(m.name) + "." + "xyzw"[k]
                                          : std::string(m.name);
        return "element " + std::to_string(at / layout.stride) + ", byte " +
               std::to_string(inElement) + " (" + what + ")";
    }
    return "none (the sizes differ)";
}

class BuffersTest : public cs::test::SampleTest {
protected:
    cs::ProcessResult buffers(std::vector<std::string> args,
                              const std::vector<std::string>& environment = {}) {
        args.insert(args.begin(), {kBuffers, "--headless", "--frames", "1", "--no-ui"});
        return cs::runProcess(args, environment);
    }

    void expectExact(const std::string& layout, std::uint32_t count) {
        const float scale = -1.25f, bias = 3.0f;
        const std::string output = (dir / "out.bin").generic_string();
        const cs::ProcessResult run = buffers({"--output", output, "--set", "layout=" + layout,
                                               "--set", "elements=" + std::to_string(count),
                                               "--set", "scale=-1.25", "--set", "bias=3"});
        ASSERT_EQ(run.exitCode, 0) << run.err;
        const std::string actual = cs::readFile(output);
        const std::string expected =
            layout == "std140" ? expectedOutput<buffers::Std140Element>(count, scale, bias)
                               : expectedOutput<buffers::Std430Element>(count, scale, bias);
        ASSERT_EQ(actual.size(), expected.size()) << layout << ", " << count << " elements";
        EXPECT_TRUE(actual == expected)
            << layout << ", " << count << " elements: first difference at "
            << firstDifference(actual, expected, buffers::layoutNamed(layout));
    }
};

// One element, one just past a work group of 64, and many that end inside a group.
TEST_F(BuffersTest, Std140OutputMatchesCpuExactly) {
    for (std::uint32_t count : {1u, 65u, 1000u}) expectExact("std140", count);
}

TEST_F(BuffersTest, Std430OutputMatchesCpuExactly) {
    for (std::uint32_t count : {1u, 65u, 1000u}) expectExact("std430", count);
}

// The same struct is twice as large in std140: 96 bytes an element against 48.
TEST_F(BuffersTest, OutputSizeIsTheLayoutsStride) {
    for (const auto& [layout, stride] :
         {std::pair<std::string, std::size_t>{"std140", 96}, {"std430", 48}}) {
        const std::string output = (dir / (layout + ".bin")).generic_string();
        const cs::ProcessResult run =
            buffers({"--output", output, "--set", "layout=" + layout, "--set", "elements=3"});
        ASSERT_EQ(run.exitCode, 0) << run.err;
        EXPECT_EQ(cs::readFile(output).size(), 3 * stride) << layout;
    }
}

// A fill.comp that declares its output std140 whatever the sample asks: glGetProgramResourceiv
// then disagrees with the std430 mirror, and the run stops before it computes anything.
TEST_F(BuffersTest, ShaderLayoutThatDisagreesWithTheMirrorStopsTheRun) {
    const fs::path shaders = dir / "shaders";
    fs::copy(fs::path(CS_ASSET_SOURCE_DIR).parent_path() / "shaders", shaders,
             fs::copy_options::recursive);
    const fs::path fill = shaders / "buffers" / "fill.comp";
    std::string source = cs::readFile(fill.generic_string());
    const std::string declaration = "layout(LAYOUT, binding = 1)";
    ASSERT_NE(source.find(declaration), std::string::npos);
    source.replace(source.find(declaration), declaration.size(), "layout(std140, binding = 1)");
    cs::writeFileAtomic(fill.generic_string(), source);

    const std::string output = (dir / "out.bin").generic_string();
    expectFailure(buffers({"--set", "layout=std430", "--output", output},
                          {"CS_SHADER_DIR=" + shaders.generic_string()}),
                  1,
                  "fill.comp in std430: glGetProgramResourceiv gives 96 for the stride of "
                  "elements[], the C++ mirror 48");
    EXPECT_FALSE(fs::exists(output));
}

TEST_F(BuffersTest, LayoutNotOffered) {
    expectFailure(buffers({"--set", "layout=std150"}), 2, "std140, std430");
}

TEST_F(BuffersTest, NoElements) {
    expectFailure(buffers({"--set", "elements=0"}), 2, "elements");
}

TEST_F(BuffersTest, InputIsRefused) {
    const std::string input = (dir / "values.bin").generic_string();
    cs::writeFileAtomic(input, std::string(16, '\0'));
    expectFailure(buffers({"--input", input}), 2, "takes no --input");
}

TEST_F(BuffersTest, OutputMustBeBin) {
    expectFailure(buffers({"--output", (dir / "out.png").generic_string()}), 2, ".bin");
    EXPECT_TRUE(fs::is_empty(dir));
}

TEST_F(BuffersTest, HelpListsTheLayout) {
    const cs::ProcessResult run = cs::runProcess({kBuffers, "--help"});
    EXPECT_EQ(run.exitCode, 0);
    EXPECT_NE(run.out.find("layout=std430"), std::string::npos) << run.out;
    EXPECT_NE(run.out.find("std140|std430"), std::string::npos) << run.out;
}

}  // namespace
