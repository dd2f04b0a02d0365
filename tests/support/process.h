#pragma once
// Runs a program as a child process and captures what it printed: how tests exercise
// whole sample binaries (exit codes, error lines, output files). POSIX starts it with fork
// and exec; Windows with CreateProcessW (process.cpp says how each one is done).
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace cs {

struct ProcessResult {
    // POSIX: 128 + signal number when the child was killed by a signal. Windows: the exit code
    // as GetExitCodeProcess gives it (a crash's NTSTATUS, e.g. 0xC0000005, reads negative).
    int exitCode = -1;
    std::string out, err;
};

// The longest runProcess waits for its child on Windows before it ends it (exit code 124, as
// timeout(1) gives, and a line on `err`): below ctest's 300 s per test, so that a hung sample
// is ended by the test that started it and not left running after ctest gives up.
constexpr int kProcessTimeoutSeconds = 240;

// `args[0]` is the program path. `environment` entries ("NAME=value") are added to ours.
ProcessResult runProcess(const std::vector<std::string>& args,
                         const std::vector<std::string>& environment = {});

// Runs `command` through the shell; returns its exit status, with stdout and stderr
// together in `output`.
int runCommand(const std::string& command, std::string& output);

// The lines of `text` that are not empty.
std::vector<std::string> nonEmptyLines(const std::string& text);

#if defined(_WIN32)
// The largest peak working set (resident memory) of the children runProcess has started, in
// bytes: Windows' counterpart of getrusage(RUSAGE_CHILDREN)'s ru_maxrss (support/child_rss.h).
std::int64_t largestChildPeakWorkingSet();

// `arg` quoted for a Windows command line, so that the child's C runtime (CommandLineToArgvW's
// rules) reads it back as one argument, exactly.
std::wstring quoteWindowsArgument(const std::wstring& arg);
#endif

}  // namespace cs
