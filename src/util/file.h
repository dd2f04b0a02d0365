#pragma once
// Whole-file reads that stop at what the format allows, and writes that a reader never sees
// half done: a run's outputs land together or not at all.
//
// Every output the suite writes (screenshots, benchmark JSON, --output, golden-test failure
// images) goes through an OutputBatch; writeFileAtomic is a batch of one file. Failures throw
// cs::Error with one line that starts with the path and says why, e.g. "out/x.png: cannot
// write into its directory (No such file or directory)".
#include <cstddef>
#include <cstdio>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace cs {

// The most readFile ever reads: 1 GiB.
constexpr std::size_t kMaxReadBytes = std::size_t(1) << 30;

// The longest a FIFO is waited for, for input or output: for a writer or a reader to open it,
// and between two pieces of data. A FIFO is the one kind of file whose reads and writes can
// wait for ever on another process; docs/command-line.md documents the bound.
constexpr int kFifoWaitSeconds = 5;

// A write into a pipe whose reader has gone (SIGPIPE), or past the file-size limit (ulimit -f,
// SIGXFSZ), fails with EPIPE or EFBIG instead of ending the process: those signals are
// ignored where their default action is still in place. Called by every Sample before its
// first output; idempotent.
void writeErrorsNotSignals();

// Whether `path` names one of the process's own streams by its descriptor: /dev/stdout,
// /dev/stderr, /dev/stdin, /dev/fd/N, /proc/self/fd/N.
bool isStreamName(const std::string& path);

// What a reader knows of its format, so that readFile stops as soon as the bytes cannot be a
// valid file. A regular file says its size up front; a pipe or a device does not, and
// /dev/zero never ends: without a limit, `--input /dev/zero` would read 1 GiB first.
struct ReadLimits {
    ReadLimits() = default;
    // readFile(path, {count * 16, "4 x 1 points"}): a format with a size limit and no signature.
    ReadLimits(std::size_t maxBytes, std::string why = kDefaultWhy)
        : maxBytes(maxBytes), why(std::move(why)) {}

    static constexpr const char* kDefaultWhy = "the most read from one file";
    // The largest valid file of the format, and why, for the message: "in.bin: larger than
    // 64 bytes (4 x 1 points)". Never more than kMaxReadBytes.
    std::size_t maxBytes = kMaxReadBytes;
    std::string why = kDefaultWhy;
    // Optional: called once, on the first bytes (64 KiB, or the whole file if it is shorter;
    // never on none). Throws cs::Error naming the path when they cannot start a valid file
    // (an image format's signature), and returns the most bytes a file that starts so may hold
    // (an image header gives its size), or maxBytes when they tell no more.
    std::function<std::size_t(const std::string& start)> checkStart;
};

// Reads the whole file as bytes (no newline translation), from a regular file or from a pipe
// or a device, within `limits`. Throws cs::Error "path: cannot open (No such file or
// directory)", "path: larger than N bytes (why)" and the like.
std::string readFile(const std::string& path, const ReadLimits& limits = {});

// The files a run writes, written together: none is replaced unless every one is written.
//   OutputBatch outputs;
//   outputs.add("shot.png", encodePng(frame));
//   outputs.add("table.pfm", encodePfm(table));
//   outputs.write();
// write() goes in three steps:
// 1. a regular file, or a new one, gets its bytes in a temporary file with a short hidden name
//    beside it, flushed to disk; a symlink is followed (its target is replaced, the link stays
//    a link), and a replaced file keeps its permissions;
// 2. a device, a FIFO, or our own stdout or stderr (/dev/stdout, also when it is redirected to
//    a file) is written in place, never replaced. Those writes cannot be taken back, so they
//    come after every temporary file is written and before anything is replaced;
// 3. every write having succeeded, the temporary files are renamed over their targets.
// A failure in steps 1 and 2 (a full disk, a file-size limit, /dev/full, a closed pipe),
// SIGINT, SIGTERM or SIGHUP removes every temporary file and leaves every old file as it was.
// In step 3, what each rename will replace is first set aside under a second name beside it
// (a hard link), and the signals above wait until step 3 is over: a rename that fails (a
// mount point, an immutable file) undoes the renames before it, putting back what each
// replaced. A directory as a path is refused before anything is written.
// A FIFO waits at most kFifoWaitSeconds for its reader to open it, and between writes.
// SIGPIPE and SIGXFSZ are write errors here, never a silent death (writeErrorsNotSignals).
class OutputBatch {
public:
    // At most this many files in one batch (the signal handler keeps their names in fixed
    // buffers); a sample writes a handful.
    static constexpr std::size_t kMaxFiles = 16;

    // Queues `bytes` for `path`. Throws std::logic_error past kMaxFiles.
    void add(const std::string& path, std::string bytes);
    // Queues text for our own stdout (the --bench report): written in place in step 2, after
    // any output queued for /dev/stdout before it.
    void addStdout(std::string text);
    // Writes everything queued, as above. Throws cs::Error naming the path that failed.
    void write() const;

private:
    struct Output {
        std::string path;  // for messages; "stdout" for addStdout's text
        std::string bytes;
        std::FILE* stream;  // stdout for addStdout's text, else nullptr: a file
    };
    std::vector<Output> outputs_;
};

// One file written as an OutputBatch of one: atomically replaced if regular or new, written in
// place if special.
void writeFileAtomic(const std::string& path, const void* data, std::size_t size);
void writeFileAtomic(const std::string& path, const std::string& contents);

// Throws the cs::Error writing `path` would throw for where the bytes go: a directory as
// `path`, a missing, non-directory or unwritable directory for a new or regular file, a
// closed standard stream, or a regular file that no rename can replace (a mount point, an
// immutable file, another user's file in a sticky directory). For checking every output
// before the work that makes it.
void checkWritable(const std::string& path);

// Whether writing `path` writes in place: `path` is an existing device, FIFO or socket, or our
// own stdout or stderr.
bool isSpecialFile(const std::string& path);

// Whether two paths name the same file: the same inode where they exist, else the same path
// once made absolute and its symlinks followed (so "a.png", "./a.png" and a link to it agree).
bool sameFile(const std::string& a, const std::string& b);

}  // namespace cs
