#pragma once
// Whole-file reads and crash-safe whole-file writes.
//
// Every output the suite writes (screenshots, benchmark JSON, golden-test failure
// images) goes through writeFileAtomic, so a reader never sees a half-written file:
// either the old contents or the new ones, never a mix. Failures throw cs::Error with
// one line that starts with the path.
#include <cstddef>
#include <string>

namespace cs {

// Reads the whole file as bytes (no newline translation).
// Throws cs::Error "path: cannot open (No such file or directory)" and the like.
std::string readFile(const std::string& path);

// Replaces `path` with `size` bytes from `data`, atomically.
//
// The bytes go to a temporary file next to the target (same directory, so the same
// file system), which is flushed to disk and then renamed over the target; rename
// is atomic on POSIX. On any failure the temporary file is removed, the old target
// (if any) is left untouched, and cs::Error is thrown.
void writeFileAtomic(const std::string& path, const void* data, std::size_t size);
void writeFileAtomic(const std::string& path, const std::string& contents);

}  // namespace cs
