#pragma once
// How much memory a sample run as a child process took at its peak: for tests that a refusal
// comes before the allocations it would have made. Header-only: POSIX getrusage, no GL.
#include <sys/resource.h>

#include <cstdint>

namespace cs::test {

// The largest peak resident set of the child processes this process has waited for, in
// bytes: a bound on the last one's, and exactly its own where it was the largest. ctest runs
// each test in a process of its own, so there it covers only that test's children; a test
// reads it before its run too, and where an earlier child was already larger it learns
// nothing about its own.
inline std::int64_t largestChildRss() {
    rusage usage{};
    getrusage(RUSAGE_CHILDREN, &usage);
    return std::int64_t(usage.ru_maxrss) * 1024;  // Linux counts kilobytes
}

}  // namespace cs::test
