#pragma once
// Runs a program as a child process and captures what it printed: how tests exercise
// whole sample binaries (exit codes, error lines, output files).
#include <string>
#include <utility>
#include <vector>

namespace cs {

struct ProcessResult {
    int exitCode = -1;  // 128 + signal number when the child was killed by a signal
    std::string out, err;
};

// `args[0]` is the program path. `environment` entries ("NAME=value") are added to ours.
ProcessResult runProcess(const std::vector<std::string>& args,
                         const std::vector<std::string>& environment = {});

// Runs `command` through the shell; returns its exit status, with stdout and stderr
// together in `output`.
int runCommand(const std::string& command, std::string& output);

// The lines of `text` that are not empty.
std::vector<std::string> nonEmptyLines(const std::string& text);

}  // namespace cs
