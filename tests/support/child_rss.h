#pragma once
// How much memory a sample run as a child process took at its peak: for tests that a refusal
// comes before the allocations it would have made. Header-only, no GL: POSIX getrusage, or on
// Windows the peak working set that runProcess reads of each child (support/process.h).
#if defined(_WIN32)
#include "support/process.h"
#else
#include <sys/resource.h>
#endif

#include <cstdint>

namespace cs::test {

// The largest peak resident set of the child processes this process has waited for, in
// bytes: a bound on the last one's, and exactly its own where it was the largest. ctest runs
// each test in a process of its own, so there it covers only that test's children; a test
// reads it before its run too, and where an earlier child was already larger it learns
// nothing about its own.
inline std::int64_t largestChildRss() {
#if defined(_WIN32)
    return cs::largestChildPeakWorkingSet();
#else
    rusage usage{};
    getrusage(RUSAGE_CHILDREN, &usage);
    return std::int64_t(usage.ru_maxrss) * 1024;  // Linux counts kilobytes
#endif
}

}  // namespace cs::test
