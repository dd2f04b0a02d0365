#pragma once
// What util/file.h's two implementations share (file_common.cpp): file.cpp for POSIX and
// file_windows.cpp for Windows open files and write them each in their own system's terms,
// and read through the same bounded loop. Not for use outside src/util.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

#include "util/file.h"

namespace cs {

// readFile's loop, once the file is open: reads with `readSome(buffer, size)` (the bytes it
// read, 0 at the end) until the end, within `limits`, and calls limits.checkStart on the first
// bytes. A regular file says its size up front (`sized`, `size`) and is refused before any read
// when it is too large; a pipe or a device (/dev/zero) is read only as far as a valid file
// could go. Throws cs::Error "path: larger than N bytes (why)" or "path: not enough memory".
std::string readWithinLimits(const std::string& path, const ReadLimits& limits, bool sized,
                             std::uintmax_t size,
                             const std::function<std::size_t(char*, std::size_t)>& readSome);

}  // namespace cs
