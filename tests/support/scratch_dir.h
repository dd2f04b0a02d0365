#pragma once
// A directory of the running test's own, empty, under GoogleTest's TempDir():
// <prefix><process id>_<test name> (a parameterised test's '/' made '_'), so that no two
// tests, and no two runs at once, share one. Each fixture calls it in SetUp and removes the
// directory in TearDown.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#ifdef _WIN32
#include <process.h>
#else
#include <unistd.h>
#endif

namespace cs::test {

inline std::filesystem::path freshTestDirectory(const std::string& prefix) {
#ifdef _WIN32
    const int pid = _getpid();
#else
    const int pid = int(::getpid());
#endif
    std::string name = testing::UnitTest::GetInstance()->current_test_info()->name();
    std::replace(name.begin(), name.end(), '/', '_');
    // TempDir() is UTF-8 text, as the program holds paths.
    const std::filesystem::path dir =
        std::filesystem::u8path(testing::TempDir()) / (prefix + std::to_string(pid) + "_" + name);
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

}  // namespace cs::test
