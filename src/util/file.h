#pragma once
// Whole-file reads, and whole-file writes that a reader never sees half done.
//
// Every output the suite writes (screenshots, benchmark JSON, --output, golden-test failure
// images) goes through writeFileAtomic. Failures throw cs::Error with one line that starts
// with the path and says why, e.g. "out/x.png: cannot create a file in out (No such file or
// directory)".
#include <cstddef>
#include <string>

namespace cs {

// The most readFile reads unless told otherwise: 1 GiB.
constexpr std::size_t kMaxReadBytes = std::size_t(1) << 30;

// Reads the whole file as bytes (no newline translation), from a regular file or from a pipe
// or device, but never more than `maxBytes` (/dev/zero does not end). Throws cs::Error
// "path: cannot open (No such file or directory)" and the like.
std::string readFile(const std::string& path, std::size_t maxBytes = kMaxReadBytes);

// Writes `size` bytes from `data` to `path`:
// - a regular file, or a new one, is replaced atomically: the bytes go to a temporary file
//   with a short hidden name in the same directory, which is flushed to disk and renamed
//   over the target. A replaced file keeps its permissions; a failure, SIGINT, SIGTERM or
//   SIGHUP removes the temporary file and leaves the old target untouched;
// - a symlink is followed: its target is replaced, and the link stays a link;
// - a device, a FIFO, or our own stdout or stderr (/dev/stdout, also when it is redirected
//   to a file) is written in place, never replaced;
// - a directory is refused.
void writeFileAtomic(const std::string& path, const void* data, std::size_t size);
void writeFileAtomic(const std::string& path, const std::string& contents);

// Throws the cs::Error writeFileAtomic(path) would throw for where the bytes go: a directory
// as `path`, or a missing, non-directory or unwritable directory for a new or regular file.
// For checking every output before the work that makes it.
void checkWritable(const std::string& path);

// Whether writeFileAtomic(path) writes in place: `path` is an existing device, FIFO or
// socket, or our own stdout or stderr.
bool isSpecialFile(const std::string& path);

// Whether two paths name the same file: the same inode where they exist, else the same path
// once made absolute and its symlinks followed (so "a.png", "./a.png" and a link to it agree).
bool sameFile(const std::string& a, const std::string& b);

}  // namespace cs
