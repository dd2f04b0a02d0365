// support/process.cpp on Windows: runProcess through CreateProcessW, which the sample tests
// run every sample with. Its arguments go through one command line, so they are quoted as the
// C runtime splits them, and read back here as the child would (CommandLineToArgvW).
#include <gtest/gtest.h>
#include <windows.h>
// After <windows.h>, whose types it uses.
#include <shellapi.h>

#include <string>
#include <vector>

#include "support/process.h"

namespace {

// The arguments a child started with `program` and `args` would see, after argv[0].
std::vector<std::wstring> splitAsTheChildWould(const std::vector<std::wstring>& args) {
    std::wstring line = L"program.exe";
    for (const std::wstring& arg : args) line += L" " + cs::quoteWindowsArgument(arg);
    int count = 0;
    wchar_t** argv = CommandLineToArgvW(line.c_str(), &count);
    std::vector<std::wstring> split(argv + 1, argv + count);
    LocalFree(argv);
    return split;
}

TEST(ProcessWindows, ArgumentsReachTheChildExactly) {
    const std::vector<std::wstring> args = {
        L"plain",
        L"",
        L"two words",
        L"tab\there",
        L"say \"hi\"",
        L"\"",
        L"back\\slash",
        L"ends in backslash\\",
        L"C:\\dir\\",
        L"\\\\\"",
        L"a\\\\\"b c",
        L"--set=x y",
        L"caf\u00e9 \u6f22\u5b57",
    };
    EXPECT_EQ(splitAsTheChildWould(args), args);
}

TEST(ProcessWindows, PlainArgumentsAreNotQuoted) {
    EXPECT_EQ(cs::quoteWindowsArgument(L"--headless"), L"--headless");
    EXPECT_EQ(cs::quoteWindowsArgument(L"C:\\dir\\file.png"), L"C:\\dir\\file.png");
    EXPECT_EQ(cs::quoteWindowsArgument(L""), L"\"\"");
    EXPECT_EQ(cs::quoteWindowsArgument(L"a b\\"), L"\"a b\\\\\"");
}

// The exit code, stdout and stderr apart, and an added variable, through Windows' own cmd.
TEST(ProcessWindows, RunsAProgramAndCapturesWhatItPrinted) {
    const cs::ProcessResult exit3 = cs::runProcess({"cmd", "/c", "exit 3"});
    EXPECT_EQ(exit3.exitCode, 3) << exit3.err;

    const cs::ProcessResult printed =
        cs::runProcess({"cmd", "/c", "echo out& echo err 1>&2"}, {"CS_PROCESS_TEST=added"});
    EXPECT_EQ(printed.exitCode, 0) << printed.err;
    EXPECT_EQ(cs::nonEmptyLines(printed.out).at(0).substr(0, 3), "out");
    EXPECT_EQ(cs::nonEmptyLines(printed.err).at(0).substr(0, 3), "err");

    const cs::ProcessResult variable =
        cs::runProcess({"cmd", "/c", "echo %CS_PROCESS_TEST%"}, {"CS_PROCESS_TEST=added"});
    EXPECT_EQ(cs::nonEmptyLines(variable.out).at(0).substr(0, 5), "added") << variable.out;
}

TEST(ProcessWindows, AProgramThatIsNotThereExitsWith127) {
    const cs::ProcessResult missing = cs::runProcess({"C:\\no-such-folder\\program.exe"});
    EXPECT_EQ(missing.exitCode, 127);
    EXPECT_NE(missing.err.find("cannot start"), std::string::npos) << missing.err;
}

}  // namespace
