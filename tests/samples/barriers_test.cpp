// The barriers sample as a user runs it: --output report.json after many runs of every
// experiment. Each correct variant must be right in every run, and each atomic function's use
// must equal its CPU result; the racy variants must finish and be reported, but whether they
// go wrong is up to the driver, so nothing here asserts that they do. And bad input refused.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "support/process.h"
#include "support/sample_test.h"
#include "util/file.h"

namespace {

const std::string kBarriers = cs::test::SampleTest::samplePath("barriers");

const std::vector<std::string> kExperiments = {"shift_without_barrier",
                                               "shift_with_barrier",
                                               "counter_plain",
                                               "counter_atomic",
                                               "counter_atomic_counter",
                                               "handoff_without_glMemoryBarrier",
                                               "handoff_with_glMemoryBarrier",
                                               "publish_incoherent",
                                               "publish_coherent",
                                               "atomics"};
const std::vector<std::string> kCorrect = {"shift_with_barrier",     "counter_atomic",
                                           "counter_atomic_counter", "handoff_with_glMemoryBarrier",
                                           "publish_coherent",       "atomics"};
const std::vector<std::string> kAtomicFunctions = {"atomicAdd",      "atomicMin",     "atomicMax",
                                                   "atomicAnd",      "atomicOr",      "atomicXor",
                                                   "atomicExchange", "atomicCompSwap"};

class BarriersTest : public cs::test::SampleTest {
protected:
    static cs::ProcessResult run(std::vector<std::string> args) {
        args.insert(args.begin(),
                    {kBarriers, "--headless", "--frames", "1", "--no-ui", "--size", "64x64"});
        return cs::runProcess(args);
    }

    // Runs with `args` and returns the report.
    nlohmann::ordered_json report(std::vector<std::string> args) {
        const std::string output = (dir / "report.json").generic_string();
        args.insert(args.end(), {"--output", output});
        const cs::ProcessResult result = run(args);
        EXPECT_EQ(result.exitCode, 0) << result.err;
        return nlohmann::ordered_json::parse(cs::readFile(output));
    }

    static void expectAlwaysRight(const nlohmann::ordered_json& entry, int runs,
                                  const std::string& name) {
        EXPECT_EQ(entry.at("runs"), runs) << name;
        EXPECT_EQ(entry.at("wrong_runs"), 0) << name;
        EXPECT_EQ(entry.at("wrong_elements"), 0) << name;
    }
};

// Small and large groups; few runs, as llvmpipe is slow at barrier-heavy work.
TEST_F(BarriersTest, EveryCorrectVariantIsRightInEveryRun) {
    for (const auto& [groupSize, groups] : {std::pair{"64", "4"}, std::pair{"1024", "2"}}) {
        SCOPED_TRACE(std::string("group_size=") + groupSize + ", groups=" + groups);
        const auto r = report({"--set", "runs=3", "--set", std::string("group_size=") + groupSize,
                               "--set", std::string("groups=") + groups});
        for (const std::string& name : kCorrect) expectAlwaysRight(r.at(name), 3, name);
        for (const std::string& function : kAtomicFunctions)
            expectAlwaysRight(r.at("atomics").at("functions").at(function), 3, function);
    }
}

// Every experiment ran and is reported, in order, with counts that can be true of any driver.
TEST_F(BarriersTest, TheReportHoldsEveryExperimentThatRan) {
    const auto r = report({"--set", "runs=2", "--set", "group_size=64", "--set", "groups=3"});
    std::vector<std::string> names;
    for (const auto& [name, entry] : r.items()) {
        names.push_back(name);
        EXPECT_EQ(entry.at("runs"), 2) << name;
        EXPECT_GE(entry.at("wrong_runs"), 0) << name;
        EXPECT_LE(entry.at("wrong_runs"), 2) << name;
        EXPECT_GE(entry.at("wrong_elements"), entry.at("wrong_runs")) << name;
    }
    EXPECT_EQ(names, kExperiments);
    EXPECT_TRUE(r.at("publish_incoherent").contains("gave_up"));
}

TEST_F(BarriersTest, OneExperimentRunsAlone) {
    const auto r = report({"--set", "experiment=counter_atomic_counter", "--set", "runs=4"});
    ASSERT_EQ(r.size(), 1u) << r.dump();
    expectAlwaysRight(r.at("counter_atomic_counter"), 4, "counter_atomic_counter");
}

TEST_F(BarriersTest, ZeroRunsAreRefused) {
    expectFailure(run({"--set", "runs=0"}), 2, "parameter 'runs' = 0 is out of range [1, ");
}

TEST_F(BarriersTest, AnUnknownExperimentIsRefused) {
    expectFailure(run({"--set", "experiment=shift_with_fence"}), 2,
                  "expects one of all, shift_without_barrier, shift_with_barrier");
}

// publish needs a producer group and at least one consumer group.
TEST_F(BarriersTest, OneGroupIsRefused) {
    expectFailure(run({"--set", "groups=1"}), 2, "parameter 'groups' = 1 is out of range [2, ");
}

TEST_F(BarriersTest, AGroupSizeNotOfferedIsRefused) {
    expectFailure(run({"--set", "group_size=100"}), 2, "64, 128, 256, 512, 1024");
}

// The experiments make their own data: an --input would be silently ignored.
TEST_F(BarriersTest, InputIsRefused) {
    const std::string output = (dir / "report.json").generic_string();
    expectFailure(run({"--input", (dir / "data.bin").generic_string(), "--output", output}), 2,
                  "no --input");
    EXPECT_FALSE(std::filesystem::exists(output));
}

TEST_F(BarriersTest, AFailedRunWritesNoReport) {
    const std::string output = (dir / "report.json").generic_string();
    expectFailure(run({"--set", "runs=0", "--output", output}), 2, "runs");
    EXPECT_FALSE(std::filesystem::exists(output));
}

}  // namespace
