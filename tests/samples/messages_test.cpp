// One line, the right code: what the framework's rules make every sample say. A setting that
// has no effect with the others is refused through its declaration (Params: activeWhen); a
// shader with several errors is one line; --info writes no output; a float that no float
// holds is named as such.
//
// The one-line tests run their samples without CS_GL_DEBUG=1 (which the suite sets for every
// test): that is how a user runs them, and CS_GL_DEBUG=1 may print more on purpose.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "support/process.h"
#include "support/sample_test.h"
#include "util/file.h"

namespace {

namespace fs = std::filesystem;

const std::vector<std::string> kQuiet = {"CS_GL_DEBUG=0"};

class Messages : public cs::test::SampleTest {
protected:
    // `sample` with `args`, headless and tiny, as a user runs it (no CS_GL_DEBUG=1).
    static cs::ProcessResult run(const std::string& sample, std::vector<std::string> args,
                                 std::vector<std::string> environment = kQuiet) {
        args.insert(args.begin(), {samplePath(sample), "--headless", "--frames", "1", "--no-ui",
                                   "--size", "64x64"});
        return cs::runProcess(args, environment);
    }
};

// --- Settings with no effect ------------------------------------------------------------------

struct Inactive {
    std::string sample;
    std::vector<std::string> args;
    std::string line;  // what the one line on stderr says
};

// Each listed case, refused with exit 2 before any work, in one line naming the parameter and
// what it needs. The samples accepted the first seven and ran as if they had not been given.
TEST_F(Messages, SettingsWithNoEffectAreRefused) {
    const std::vector<Inactive> cases = {
        {"summed_area",
         {"--set", "tile_size=8"},
         "summed_area: --set tile_size has no effect unless tiled=true"},
        {"cloth",
         {"--set", "naive_scatter=true"},
         "cloth: --set naive_scatter has no effect unless solver=springs and colouring=false"},
        {"cloth",
         {"--set", "solver=xpbd", "--set", "colouring=false", "--set", "naive_scatter=true"},
         "cloth: --set naive_scatter has no effect unless solver=springs and colouring=false"},
        {"compaction",
         {"--set", "method=scan", "--set", "atlas=false"},
         "compaction: --set atlas has no effect unless method=histopyramid or histopyramid_vec4: "
         "only they build levels"},
        {"compaction",
         {"--set", "atlas=false", "--set", "method=atomic"},
         "compaction: --set atlas has no effect unless method=histopyramid or histopyramid_vec4: "
         "only they build levels"},
        {"line_space",
         {"--set", "theta_steps=90"},
         "line_space: --set theta_steps has no effect unless method=hough"},
        {"line_space",
         {"--set", "gap=1"},
         "line_space: --set gap has no effect unless method=linespace and segments=true"},
        {"line_space",
         {"--set", "method=hough", "--set", "segments=true"},
         "line_space: --set segments has no effect with method=hough: Hough finds whole lines"},
        {"line_space",
         {"--set", "threshold=20"},
         "line_space: --set threshold has no effect unless interpret=threshold"},
        {"line_space",
         {"--set", "interpret=threshold", "--set", "suppress=3"},
         "line_space: --set suppress has no effect unless interpret=reduce"},
        {"line_space",
         {"--set", "edges=input", "--set", "canny_low=20"},
         "line_space: --set canny_low has no effect unless edges=detect"},
        {"flocking", {"--bench-max", "64"}, "flocking: --bench-max has no effect without --bench"},
    };
    for (const Inactive& c : cases) {
        SCOPED_TRACE(c.sample + " " + ::testing::PrintToString(c.args));
        const cs::ProcessResult result = run(c.sample, c.args);
        expectFailure(result, 2, c.line);
        EXPECT_EQ(cs::nonEmptyLines(result.err).front(), c.line);
    }
}

// The same settings act, and are taken, once what they need is set too (in any order).
TEST_F(Messages, TheSameSettingsAreTakenWhereTheyAct) {
    const std::vector<std::pair<std::string, std::vector<std::string>>> cases = {
        {"summed_area", {"--set", "tile_size=8", "--set", "tiled=true"}},
        {"line_space", {"--set", "theta_steps=90", "--set", "method=hough"}},
        {"line_space", {"--set", "segments=true", "--set", "gap=1"}},
        {"line_space", {"--set", "threshold=20", "--set", "interpret=threshold"}},
    };
    for (const auto& [sample, args] : cases) {
        const cs::ProcessResult result = run(sample, args);
        EXPECT_EQ(result.exitCode, 0) << sample << "\n" << result.err;
    }
}

// --help says when a parameter acts.
TEST_F(Messages, HelpSaysWhenAParameterActs) {
    const cs::ProcessResult help = cs::runProcess({samplePath("summed_area"), "--help"});
    ASSERT_EQ(help.exitCode, 0) << help.err;
    EXPECT_NE(help.out.find("tile edge of the tiled table (no effect unless tiled=true)"),
              std::string::npos)
        << help.out;
}

// --- A shader with two errors is one line -----------------------------------------------------

// invert.comp with two undeclared names, in a copy of the shaders the sample reads instead
// (CS_SHADER_DIR). The driver's log has a line per error, each of which used to reach stderr.
class BrokenShader : public Messages {
protected:
    void SetUp() override {
        Messages::SetUp();
        shaders = dir / "shaders";
        comp = shaders / "invert" / "invert.comp";
        fs::copy(fs::path(CS_ASSET_SOURCE_DIR).parent_path() / "shaders", shaders,
                 fs::copy_options::recursive);
        std::string text = cs::readFile(comp.generic_string());
        const std::string line = "    vec4 color = imageLoad(source, pixel);\n";
        const size_t at = text.find(line);
        ASSERT_NE(at, std::string::npos) << "invert.comp changed: pick another line to break";
        text.insert(at + line.size(),
                    "    float first = undeclaredFirst;\n    float second = undeclaredSecond;\n");
        cs::writeFileAtomic(comp.generic_string(), text);
        // The first broken statement's line, counted from 1: just after `line`.
        firstLine = 1 + int(std::count(text.begin(), text.begin() + long(at + line.size()), '\n'));
    }

    fs::path shaders, comp;  // the copy, and its broken invert.comp
    int firstLine = 0;
};

TEST_F(BrokenShader, TwoErrorsAreOneLineWithTheFirstFileAndLine) {
    const cs::ProcessResult result =
        run("invert", {}, {"CS_GL_DEBUG=0", "CS_SHADER_DIR=" + shaders.generic_string()});
    const std::string expected =
        "invert: " + comp.generic_string() + ":" + std::to_string(firstLine) + ": error: ";
    EXPECT_EQ(result.exitCode, 1) << result.err;
    const std::vector<std::string> lines = cs::nonEmptyLines(result.err);
    ASSERT_EQ(lines.size(), 1u) << result.err;
    EXPECT_EQ(lines[0].rfind(expected, 0), 0u) << lines[0];
    EXPECT_NE(lines[0].find("undeclaredFirst"), std::string::npos) << lines[0];
    const std::string more = " (and 1 more)";
    EXPECT_EQ(lines[0].substr(lines[0].size() - std::min(lines[0].size(), more.size())), more)
        << lines[0];
}

// CS_GL_DEBUG=1 asks for everything: the whole log follows the one line.
TEST_F(BrokenShader, GlDebugAddsTheWholeLogAfterTheLine) {
    const cs::ProcessResult result =
        run("invert", {}, {"CS_GL_DEBUG=1", "CS_SHADER_DIR=" + shaders.generic_string()});
    EXPECT_EQ(result.exitCode, 1) << result.err;
    const std::vector<std::string> lines = cs::nonEmptyLines(result.err);
    ASSERT_GE(lines.size(), 3u) << result.err;
    EXPECT_NE(lines[0].find("(and 1 more)"), std::string::npos) << lines[0];
    const size_t second = result.err.find(":" + std::to_string(firstLine + 1) + ": error: ");
    EXPECT_NE(second, std::string::npos) << result.err;
    EXPECT_NE(result.err.find("undeclaredSecond"), std::string::npos) << result.err;
}

// --- --info writes nothing, so it takes no output ----------------------------------------------

TEST_F(Messages, InfoWithAnOutputIsRefusedInEverySample) {
    const std::vector<std::pair<std::string, std::string>> samples = {
        {"invert", ".png"},         {"prefix_sum", ".bin"}, {"summed_area", ".pfm"},
        {"depth_of_field", ".png"}, {"particles", ".bin"},  {"nbody", ".bin"},
        {"workgroups", ".csv"},     {"barriers", ".json"},  {"compaction", ".u32"},
        {"cloth", ".bin"},          {"flocking", ".bin"},   {"line_space", ".json"},
        {"overdraw", ".png"},
    };
    for (const auto& [sample, extension] : samples) {
        const std::string output = (dir / ("out" + extension)).generic_string();
        expectFailure(cs::runProcess(
                          {samplePath(sample), "--headless", "--info", "--output", output}, kQuiet),
                      2,
                      sample + ": --info only prints the GL's description; it writes no --output");
        EXPECT_FALSE(fs::exists(output)) << sample;
    }
    const std::string screenshot = (dir / "s.png").generic_string(),
                      json = (dir / "b.json").generic_string();
    expectFailure(
        cs::runProcess({samplePath("invert"), "--headless", "--info", "--screenshot", screenshot},
                       kQuiet),
        2, "invert: --info only prints the GL's description; it writes no --screenshot");
    expectFailure(cs::runProcess(
                      {samplePath("invert"), "--headless", "--info", "--bench-json", json}, kQuiet),
                  2, "invert: --info only prints the GL's description; it writes no --bench-json");
    expectFailure(cs::runProcess({samplePath("invert"), "--headless", "--info", "--bench"}, kQuiet),
                  2, "invert: --info only prints the GL's description; it runs no --bench");
    expectFailure(cs::runProcess({samplePath("summed_area"), "--headless", "--info",
                                  "--blur-output", (dir / "blur.pfm").generic_string()},
                                 kQuiet),
                  2,
                  "summed_area: --info only prints the GL's description; it writes no "
                  "--blur-output");
}

// --- A float that no float holds ---------------------------------------------------------------

TEST_F(Messages, AFloatThatUnderflowsOrOverflowsSaysSo) {
    expectFailure(run("particles", {"--set", "gravity=1e-400"}), 2,
                  "particles: parameter 'gravity' = 1e-400 underflows: the least float above 0 "
                  "is 1e-45");
    expectFailure(run("particles", {"--set", "gravity=1e400"}), 2,
                  "particles: parameter 'gravity' = 1e400 overflows: the largest float is "
                  "3.4028235e+38");
}

}  // namespace
