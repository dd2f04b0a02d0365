// The workgroups sample as a user runs it: --output dumps one record per invocation, compared
// with the GLSL specification's formulas computed here on the CPU, for every preset of the
// books and for random sizes up to this GL's limits; and the limits refused, each with one
// line naming it.
#include "workgroups/workgroups.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "support/process.h"
#include "support/sample_test.h"
#include "util/file.h"

namespace {

const std::string kWorkgroups = cs::test::SampleTest::samplePath("workgroups");

using Size = std::array<std::uint64_t, 3>;

std::string text(const Size& s) {
    return std::to_string(s[0]) + "x" + std::to_string(s[1]) + "x" + std::to_string(s[2]);
}

// "65535 x 65535 x 65535" as --info prints a limit per axis.
Size parseAxes(const std::string& line) {
    Size s{};
    std::istringstream in(line);
    char x = 0;
    in >> s[0] >> x >> s[1] >> x >> s[2];
    return s;
}

// What --output must hold for `groups` groups of `local` invocations: for the invocation at
// global (x, y, z), in x-fastest order, the GLSL built-ins as the specification defines them:
// gl_WorkGroupID = global / size, gl_LocalInvocationID = global % size, and
// gl_LocalInvocationIndex = id.z * size.x * size.y + id.y * size.x + id.x.
std::vector<std::uint32_t> expectedRecords(const Size& groups, const Size& local) {
    const Size extent{groups[0] * local[0], groups[1] * local[1], groups[2] * local[2]};
    std::vector<std::uint32_t> words;
    words.reserve(extent[0] * extent[1] * extent[2] * 8);
    for (std::uint64_t z = 0; z < extent[2]; ++z)
        for (std::uint64_t y = 0; y < extent[1]; ++y)
            for (std::uint64_t x = 0; x < extent[0]; ++x) {
                const Size id{x % local[0], y % local[1], z % local[2]};
                for (std::uint64_t v :
                     {id[0], id[1], id[2], x / local[0], y / local[1], z / local[2],
                      id[2] * local[0] * local[1] + id[1] * local[0] + id[0], std::uint64_t(0)})
                    words.push_back(std::uint32_t(v));
            }
    return words;
}

class WorkgroupsTest : public cs::test::SampleTest {
protected:
    static cs::ProcessResult run(std::vector<std::string> args) {
        args.insert(args.begin(),
                    {kWorkgroups, "--headless", "--frames", "1", "--no-ui", "--size", "64x64"});
        return cs::runProcess(args);
    }

    static std::vector<std::string> sizeArgs(const Size& groups, const Size& local) {
        std::vector<std::string> args;
        const char* axes = "xyz";
        for (int a = 0; a < 3; ++a) {
            args.insert(args.end(), {"--set", "groups_" + std::string(1, axes[a]) + "=" +
                                                  std::to_string(groups[a])});
            args.insert(args.end(), {"--set", "local_" + std::string(1, axes[a]) + "=" +
                                                  std::to_string(local[a])});
        }
        return args;
    }

    // Runs with `args`, and compares the dump with the formulas for groups x local.
    void expectDump(std::vector<std::string> args, const Size& groups, const Size& local) {
        const std::string output = (dir / "ids.bin").generic_string();
        args.insert(args.end(), {"--output", output});
        const cs::ProcessResult result = run(args);
        ASSERT_EQ(result.exitCode, 0) << result.err;
        const std::string bytes = cs::readFile(output);
        const std::vector<std::uint32_t> expected = expectedRecords(groups, local);
        ASSERT_EQ(bytes.size(), expected.size() * 4) << text(groups) << " of " << text(local);
        std::vector<std::uint32_t> actual(expected.size());
        std::memcpy(actual.data(), bytes.data(), bytes.size());  // little-endian, as the CPU
        const auto mismatch = std::mismatch(actual.begin(), actual.end(), expected.begin());
        EXPECT_TRUE(mismatch.first == actual.end())
            << text(groups) << " groups of " << text(local) << ": record "
            << (mismatch.first - actual.begin()) / 8 << ", word "
            << (mismatch.first - actual.begin()) % 8 << " is " << *mismatch.first
            << ", the formulas give " << *mismatch.second;
    }

    // Random sizes within the GL's limits: every axis of the local size up to its own limit,
    // their product up to the invocation limit, the group counts up to theirs, and at most
    // `records` invocations in all (the limits themselves would be billions of records).
    static std::vector<std::pair<Size, Size>> randomSizes(const Size& maxLocal,
                                                          std::uint64_t maxInvocations,
                                                          const Size& maxGroups,
                                                          std::uint64_t records) {
        std::vector<std::pair<Size, Size>> sizes;
        // The edges: the whole invocation limit along each axis that allows it, and the most
        // groups along each axis with one invocation each.
        for (int a = 0; a < 3; ++a) {
            Size local{1, 1, 1}, groups{1, 1, 1};
            local[a] = std::min(maxLocal[a], maxInvocations);
            sizes.push_back({Size{1, 1, 1}, local});
            groups[a] = std::min(maxGroups[a], records);
            sizes.push_back({groups, Size{1, 1, 1}});
        }
        std::mt19937_64 random(13);
        for (int i = 0; i < 12; ++i) {
            Size local{1, 1, 1}, groups{1, 1, 1};
            std::uint64_t left = maxInvocations;
            for (int a : {int(random() % 3), int(random() % 3), int(random() % 3)}) {
                const std::uint64_t most = std::min(maxLocal[a] / local[a], left);
                const std::uint64_t factor = 1 + random() % most;
                local[a] *= factor;
                left /= factor;
            }
            std::uint64_t room = records / (local[0] * local[1] * local[2]);
            for (int a = 0; a < 3; ++a) {
                groups[a] = 1 + random() % std::min({maxGroups[a], room, std::uint64_t(40)});
                room /= groups[a];
            }
            sizes.push_back({groups, local});
        }
        return sizes;
    }

    // expectDump for each of randomSizes, with the local size given the way `sizing` says.
    void expectRandomDumps(const std::string& sizing, const Size& maxLocal,
                           std::uint64_t maxInvocations) {
        for (const auto& [groups, local] :
             randomSizes(maxLocal, maxInvocations, maxGroups(), 1 << 16)) {
            SCOPED_TRACE(text(groups) + " groups of " + text(local));
            std::vector<std::string> args = sizeArgs(groups, local);
            args.insert(args.end(), {"--set", "sizing=" + sizing});
            expectDump(args, groups, local);
        }
    }

    static Size maxLocal() { return parseAxes(glInfo("max work-group size:")); }
    static Size maxGroups() { return parseAxes(glInfo("max work-group count:")); }
    static std::uint64_t maxInvocations() {
        return std::stoull(glInfo("max work-group invocations:"));
    }
};

struct BookPreset {
    const char* name;
    Size groups, local;
};
// The sizes the issue and the README give for each figure, written out here independently.
const BookPreset kBookPresets[] = {
    {"redbook_example_12_5", {4, 8, 1}, {32, 16, 1}},
    {"redbook_figure_12_1", {4, 4, 1}, {4, 4, 1}},
    {"superbible_figure_10_1", {3, 4, 8}, {6, 4, 1}},
    {"thesis_6_4_4", {6, 4, 4}, {4, 4, 1}},
};

TEST_F(WorkgroupsTest, EveryPresetDumpsTheFormulas) {
    for (const BookPreset& preset : kBookPresets) {
        SCOPED_TRACE(preset.name);
        expectDump({"--set", std::string("preset=") + preset.name, "--set", "sizing=fixed"},
                   preset.groups, preset.local);
    }
}

// The SuperBible's 64 x 64 local size is 4096 invocations; GL promises 1024. Where this GL
// allows fewer than 4096 it is refused with the limit named, else it runs like any other.
TEST_F(WorkgroupsTest, TheSuperBibles64x64GroupMeetsTheInvocationLimit) {
    const std::vector<std::string> args = {"--set", "preset=superbible_64x64", "--set",
                                           "sizing=fixed"};
    if (maxInvocations() >= 4096) {
        expectDump(args, {1, 1, 1}, {64, 64, 1});
        return;
    }
    expectFailure(run(args), 1,
                  "local size 64x64x1 needs GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS >= 4096 "
                  "(invocations in a work group); this GL's is " +
                      std::to_string(maxInvocations()));
}

TEST_F(WorkgroupsTest, RandomSizesUpToTheLimitsDumpTheFormulas) {
    expectRandomDumps("fixed", maxLocal(), maxInvocations());
}

// glDispatchComputeGroupSizeARB, where the GL has it, with its own (smaller) limits.
TEST_F(WorkgroupsTest, VariableGroupSizeDumpsTheFormulas) {
    const std::string variable = glInfo("variable group size:");
    if (variable.empty() || variable == "none")
        GTEST_SKIP() << "this GL has no GL_ARB_compute_variable_group_size (--info: "
                     << (variable.empty() ? "no such line" : variable) << ")";
    // "GL_ARB_compute_variable_group_size, 512 x 512 x 64, 512 invocations"
    const size_t sizeAt = variable.find(", ") + 2;
    const Size maxVariable = parseAxes(variable.substr(sizeAt));
    const std::uint64_t maxVariableInvocations =
        std::stoull(variable.substr(variable.find(", ", sizeAt) + 2));
    expectRandomDumps("variable", maxVariable, maxVariableInvocations);
}

TEST_F(WorkgroupsTest, VariableSizingWithoutTheExtensionIsRefused) {
    const std::string variable = glInfo("variable group size:");
    if (variable != "none") GTEST_SKIP() << "this GL has " << variable;
    expectFailure(run({"--set", "sizing=variable"}), 1,
                  "sizing=variable needs GL_ARB_compute_variable_group_size");
}

// sizing does nothing without the extension (every size is compiled in), so the overlay greys
// it out there, and --help says so. The command line still takes sizing=fixed (and auto) on
// any GL, so that one command runs everywhere: the GL is asked only after it is read.
TEST_F(WorkgroupsTest, SizingSaysItNeedsTheExtension) {
    const cs::ProcessResult help = cs::runProcess({kWorkgroups, "--help"});
    ASSERT_EQ(help.exitCode, 0) << help.err;
    const size_t at = help.out.find("sizing=auto");
    ASSERT_NE(at, std::string::npos) << help.out;
    EXPECT_NE(help.out.substr(at, help.out.find('\n', at) - at)
                  .find("(no effect without GL_ARB_compute_variable_group_size"),
              std::string::npos)
        << help.out;
    for (const char* sizing : {"sizing=fixed", "sizing=auto"}) {
        const cs::ProcessResult fixed = run({"--set", sizing});
        EXPECT_EQ(fixed.exitCode, 0) << sizing << ": " << fixed.err;
    }
}

// The overlay's preset combo names a preset only while the six sizes are the ones it set: an
// edit of any of them turns it to custom (update() asks presetHolds every frame).
TEST(WorkgroupsPresets, AnEditedSizeIsNoLongerThePresets) {
    for (const workgroups::Preset& preset : workgroups::kPresets) {
        EXPECT_TRUE(workgroups::presetHolds(preset.name, preset.groups, preset.local))
            << preset.name;
        for (int axis = 0; axis < 3; ++axis) {
            glm::uvec3 edited = preset.groups;
            edited[axis] += 1;
            EXPECT_FALSE(workgroups::presetHolds(preset.name, edited, preset.local)) << preset.name;
            edited = preset.local;
            edited[axis] += 1;
            EXPECT_FALSE(workgroups::presetHolds(preset.name, preset.groups, edited))
                << preset.name;
        }
    }
    EXPECT_TRUE(workgroups::presetHolds("custom", {3, 5, 7}, {2, 2, 2})) << "custom is any size";
}

TEST_F(WorkgroupsTest, ALocalSizePastItsAxisLimitIsRefused) {
    const Size limit = maxLocal();
    for (int a = 0; a < 3; ++a) {
        if (limit[a] >= 65536) continue;  // past what the parameter takes
        const std::string axis(1, "xyz"[a]);
        expectFailure(run({"--set", "preset=custom", "--set", "sizing=fixed", "--set",
                           "local_" + axis + "=" + std::to_string(limit[a] + 1)}),
                      1,
                      "local_" + axis + " = " + std::to_string(limit[a] + 1) +
                          " needs GL_MAX_COMPUTE_WORK_GROUP_SIZE >= " +
                          std::to_string(limit[a] + 1) + " (invocations along " + axis +
                          " in a work group); this GL's is " + std::to_string(limit[a]));
    }
}

TEST_F(WorkgroupsTest, TooManyInvocationsInAGroupAreRefused) {
    const std::uint64_t limit = maxInvocations();
    expectFailure(run({"--set", "sizing=fixed", "--set", "local_x=" + std::to_string(limit),
                       "--set", "local_y=2", "--set", "local_z=1"}),
                  1, "needs GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS >= ");
}

// One group more than the GL dispatches along the axis with the smallest limit.
TEST_F(WorkgroupsTest, MoreGroupsThanTheGlDispatchesAreRefused) {
    const Size limit = maxGroups();
    const int a = int(std::min_element(limit.begin(), limit.end()) - limit.begin());
    const std::string axis(1, "xyz"[a]);
    expectFailure(run({"--set", "groups_" + axis + "=" + std::to_string(limit[a] + 1)}), 1,
                  "groups_" + axis + " = " + std::to_string(limit[a] + 1) +
                      " needs GL_MAX_COMPUTE_WORK_GROUP_COUNT >= " + std::to_string(limit[a] + 1) +
                      " (work groups along " + axis + " in one dispatch); this GL's is " +
                      std::to_string(limit[a]));
}

TEST_F(WorkgroupsTest, ZeroGroupsAreRefused) {
    for (const char* set : {"groups_x=0", "groups_y=0", "groups_z=0"})
        expectFailure(run({"--set", set}), 2, "is out of range [1, ");
}

TEST_F(WorkgroupsTest, MoreInvocationsThanTheSampleDrawsAreRefused) {
    expectFailure(run({"--set", "groups_x=4096", "--set", "groups_y=1025", "--set", "local_x=1",
                       "--set", "local_y=1"}),
                  1,
                  "4096x1025x1 groups of 1x1x1 are 4198400 invocations; this sample shows at most");
}

TEST_F(WorkgroupsTest, APresetAndSizesTogetherAreRefused) {
    expectFailure(run({"--set", "preset=redbook_figure_12_1", "--set", "local_x=8"}), 2,
                  "preset=redbook_figure_12_1 sets the sizes itself");
}

TEST_F(WorkgroupsTest, SizesAloneMeanACustomDispatch) {
    expectDump({"--set", "groups_x=3", "--set", "local_x=5", "--set", "sizing=fixed"}, {3, 8, 1},
               {5, 16, 1});
}

// A shared array 4 bytes past GL_MAX_COMPUTE_SHARED_MEMORY_SIZE must not link; the sample
// prints the driver's log as a status line and goes on.
TEST_F(WorkgroupsTest, TooMuchSharedMemoryShowsTheLinkLog) {
    const cs::ProcessResult result = run({"--set", "shared_over_limit=true"});
    ASSERT_EQ(result.exitCode, 0) << result.err;
    const std::string limit = glInfo("max shared memory:");
    EXPECT_NE(result.err.find("workgroups: a shared array of " +
                              std::to_string(std::stoull(limit) / 4 + 1) + " words (" +
                              std::to_string(std::stoull(limit)) + " bytes allowed): "),
              std::string::npos)
        << result.err;
    EXPECT_EQ(result.err.find("should have refused it"), std::string::npos) << result.err;
}

// The ids are the dispatch's own: an --input would be silently ignored.
TEST_F(WorkgroupsTest, InputIsRefused) {
    const std::string output = (dir / "ids.bin").generic_string();
    expectFailure(run({"--input", (dir / "ids_in.bin").generic_string(), "--output", output}), 2,
                  "no --input");
    EXPECT_FALSE(std::filesystem::exists(output));
}

TEST_F(WorkgroupsTest, UnknownPresetAndColour) {
    expectFailure(run({"--set", "preset=bluebook"}), 2,
                  "expects one of custom, redbook_example_12_5");
    expectFailure(run({"--set", "colour=red"}), 2, "expects one of local, group, global, index");
}

}  // namespace
