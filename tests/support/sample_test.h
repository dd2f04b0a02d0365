#pragma once
// The fixture shared by the tests that run whole sample binaries (tests/samples): a fresh
// scratch directory per test, the path of a built sample, and the check for a clean refusal.
// Header-only because CS_SAMPLE_BIN_DIR is defined for the sample_tests target alone.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "support/process.h"

namespace cs::test {

class SampleTest : public ::testing::Test {
public:
    // The built sample binary `name`.
    static std::string samplePath(const std::string& name) {
        return std::string(CS_SAMPLE_BIN_DIR) + "/" + name;
    }

    // What `--info` reports after `key` (e.g. "max texture size:") for this machine's GL:
    // tests query the driver's limits instead of assuming llvmpipe's.
    static std::string glInfo(const std::string& key) {
        static const std::string info = [] {
            const cs::ProcessResult run =
                cs::runProcess({samplePath("invert"), "--headless", "--info"});
            return run.exitCode == 0 ? run.out : std::string();
        }();
        const size_t at = info.find(key);
        if (at == std::string::npos) return "";
        const size_t start = info.find_first_not_of(' ', at + key.size());
        return info.substr(start, info.find('\n', start) - start);
    }

protected:
    // `dir` is <TempDir>/<suite name>-<test name>, empty at the start of each test and
    // removed after it.
    void SetUp() override {
        const ::testing::TestInfo* info = ::testing::UnitTest::GetInstance()->current_test_info();
        // Normal form: on Windows GoogleTest ends TempDir() with a backslash even after a
        // slash. The tests pass paths on as generic_string(), with slashes, which both
        // systems take, so that the messages they look for read the same on both.
        dir = (std::filesystem::path(::testing::TempDir()) /
               (std::string(info->test_suite_name()) + "-" + info->name()))
                  .lexically_normal();
        std::filesystem::remove_all(dir);
        std::filesystem::create_directories(dir);
    }
    void TearDown() override { std::filesystem::remove_all(dir); }

    // A failed run: the exit code, and exactly one line on stderr containing `words`. Tests
    // run with CS_GL_DEBUG=1, which prints the driver's medium- and low-severity messages
    // (performance hints, "GL performance (medium, id 131186): ...") as they come: they are
    // the driver's, asked for, and not counted.
    static void expectFailure(const cs::ProcessResult& run, int exitCode,
                              const std::string& words) {
        EXPECT_EQ(run.exitCode, exitCode) << run.err;
        std::vector<std::string> lines;
        for (const std::string& line : cs::nonEmptyLines(run.err))
            if (!isDriverHint(line)) lines.push_back(line);
        ASSERT_EQ(lines.size(), 1u) << run.err;
        EXPECT_NE(lines[0].find(words), std::string::npos) << lines[0];
    }

    std::filesystem::path dir;

private:
    static bool isDriverHint(const std::string& line) {
        return line.rfind("GL ", 0) == 0 && (line.find(" (medium, id ") != std::string::npos ||
                                             line.find(" (low, id ") != std::string::npos);
    }
};

}  // namespace cs::test
