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

}  // namespace cs
