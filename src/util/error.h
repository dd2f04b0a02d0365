#pragma once
// The two kinds of failure every sample reports. Each carries one line that names
// the thing that was wrong; main() prints it to stderr and maps it to an exit code.
#include <stdexcept>
#include <string>

namespace cs {

// Runtime failure: GL error, shader error, I/O. Exit code 1.
struct Error : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Bad command line or parameter value. Exit code 2.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

// Text from the user (an argument, a file name) as a message may echo it: control characters
// escaped (\n, \t, \x1b, ...), so that they cannot break the line or drive the terminal, and
// at most 80 characters, the middle of longer text cut to "..." (a path keeps its file name).
std::string printable(const std::string& text);

// The same in single quotes, for a value inside a sentence: "got 'abc'".
std::string quoted(const std::string& text);

}  // namespace cs
