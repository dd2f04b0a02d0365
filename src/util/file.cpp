#include "util/file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <climits>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <mutex>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "util/error.h"

namespace cs {
namespace {

namespace fs = std::filesystem;

// "path: what (reason)": the reason is the most useful part of the message.
Error failure(const std::string& path, const std::string& what, int err = errno) {
    return Error(printable(path) + ": " + what + " (" + std::strerror(err) + ")");
}

using File = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;
File openFile(const std::string& path, const char* mode) {
    return File(std::fopen(path.c_str(), mode), std::fclose);
}

void writeAll(std::FILE* file, const void* data, std::size_t size, const std::string& path) {
    if ((size > 0 && std::fwrite(data, 1, size, file) != size) || std::fflush(file) != 0)
        throw failure(path, "write failed");
}

// fclose() reports a delayed write error, so it is checked here rather than left to ~File.
void writeAndClose(File file, const void* data, std::size_t size, const std::string& path,
                   bool toDisk) {
    writeAll(file.get(), data, size, path);
    // Without fsync a crash after the rename could leave the new name pointing at a file whose
    // data never reached the disk: an empty "screenshot".
    if (toDisk && ::fsync(fileno(file.get())) != 0) throw failure(path, "fsync failed");
    if (std::fclose(file.release()) != 0) throw failure(path, "close failed");
}

// `path` with the symlinks at its end followed, also to a file that does not exist yet.
// (Symlinks among its directories need nothing: every system call follows those.)
std::string followLinks(std::string path) {
    for (int hops = 0; hops < 40; ++hops) {
        std::error_code notALink;
        const fs::path link = fs::read_symlink(path, notALink);
        if (notALink) return path;
        path = (link.is_absolute() ? link : fs::path(path).parent_path() / link).string();
    }
    throw failure(path, "cannot follow its symlinks", ELOOP);
}

// What writing `path` means, from what is there now.
struct Target {
    enum Kind { NewFile, RegularFile, OwnStream, SpecialFile } kind;
    std::string file;          // NewFile, RegularFile: `path` with its symlinks followed
    mode_t mode = 0;           // RegularFile: its permissions, which the new contents keep
    std::FILE* own = nullptr;  // OwnStream: stdout or stderr, which write to `path` already
};

Target targetOf(const std::string& path) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) {
        if (errno != ENOENT) throw failure(path, "cannot write");  // e.g. a file as directory
        return {Target::NewFile, followLinks(path)};
    }
    if (S_ISDIR(info.st_mode)) throw Error(printable(path) + ": is a directory, not a file");
    for (std::FILE* stream : {stdout, stderr}) {
        struct stat open {};
        if (::fstat(fileno(stream), &open) == 0 && open.st_dev == info.st_dev &&
            open.st_ino == info.st_ino)
            return {Target::OwnStream, path, 0, stream};
    }
    if (!S_ISREG(info.st_mode)) return {Target::SpecialFile, path};
    return {Target::RegularFile, followLinks(path), info.st_mode & 07777};
}

// The temporary file goes beside the target, and a new target into its directory.
constexpr const char* kCannotCreate = "cannot write into its directory";

std::string directoryOf(const std::string& file) {
    const fs::path directory = fs::path(file).parent_path();
    return directory.empty() ? "." : directory.string();
}

// ---- Temporary files, removed on SIGINT, SIGTERM and SIGHUP ----
// A signal handler may call only async-signal-safe functions (unlink, signal, raise): it
// cannot allocate or lock. So the temporary files' names wait in fixed buffers, one per file of
// a batch, and batches take turns, so that one set of buffers is enough.
struct TemporaryFile {
    char path[PATH_MAX];
    std::atomic<bool> exists{false};  // lock-free, so the handler may read it
};
std::mutex writing;
TemporaryFile temporaries[OutputBatch::kMaxFiles];

void removeTemporaries() {
    for (TemporaryFile& temporary : temporaries) {
        if (temporary.exists) ::unlink(temporary.path);
        temporary.exists = false;
    }
}

void removeTemporariesAndDie(int signal) {
    for (TemporaryFile& temporary : temporaries)
        if (temporary.exists) ::unlink(temporary.path);
    std::signal(signal, SIG_DFL);
    std::raise(signal);  // delivered as the handler returns: the default action ends the run
}

// Once, and only where the signal would end the process anyway: a signal the program ignores
// (SIGHUP under nohup) or handles itself stays as it is.
void removeTemporariesOnSignals() {
    static std::once_flag once;
    std::call_once(once, [] {
        for (int signal : {SIGINT, SIGTERM, SIGHUP}) {
            struct sigaction current {};
            if (::sigaction(signal, nullptr, &current) == 0 && current.sa_handler == SIG_DFL)
                std::signal(signal, removeTemporariesAndDie);
        }
    });
}

// Removes every temporary file on scope exit that a rename has not made its target.
struct TemporaryFilesGuard {
    ~TemporaryFilesGuard() { removeTemporaries(); }
};

// Step 1 for one file: `bytes` in a new temporary file beside the target, flushed to disk.
void writeTemporary(TemporaryFile& temporary, const std::string& path, const Target& target,
                    const std::string& bytes) {
    // A short hidden name, not the target's name plus a suffix, which may be longer than a name
    // can be. The pid keeps processes apart; "x" (O_EXCL) skips a name taken already, by this
    // batch's other files or by a crash.
    const std::string directory = directoryOf(target.file);
    File file(nullptr, std::fclose);
    for (unsigned n = 0; !file; ++n) {
        const std::string name =
            directory + "/.cs-" + std::to_string(::getpid()) + "-" + std::to_string(n) + ".tmp";
        if (name.size() >= sizeof temporary.path) throw failure(path, kCannotCreate, ENAMETOOLONG);
        std::memcpy(temporary.path, name.c_str(), name.size() + 1);
        temporary.exists = true;  // before it does: a signal may come the moment it exists
        file = openFile(temporary.path, "wbx");
        temporary.exists = bool(file);
        if (!file && errno != EEXIST) throw failure(path, kCannotCreate);
    }
    if (target.kind == Target::RegularFile && ::fchmod(fileno(file.get()), target.mode) != 0)
        throw failure(path, "cannot keep its permissions");
    writeAndClose(std::move(file), bytes.data(), bytes.size(), path, /*toDisk=*/true);
}

// Step 2 for one file: the bytes written where the path already leads.
void writeInPlace(const std::string& path, const Target& target, const std::string& bytes) {
    if (target.kind == Target::OwnStream) {
        writeAll(target.own, bytes.data(), bytes.size(), path);  // after what was printed before
        return;
    }
    File file = openFile(path, "wb");
    if (!file) throw failure(path, "cannot open for writing");
    writeAndClose(std::move(file), bytes.data(), bytes.size(), path, /*toDisk=*/false);
}

bool isReplaced(const Target& target) {
    return target.kind == Target::NewFile || target.kind == Target::RegularFile;
}

}  // namespace

std::string readFile(const std::string& path, const ReadLimits& limits) {
    File file = openFile(path, "rb");
    if (!file) throw failure(path, "cannot open");
    // fopen() succeeds on a directory; say so instead of failing later with EISDIR.
    struct stat info {};
    if (::fstat(fileno(file.get()), &info) != 0) throw failure(path, "cannot stat");
    if (S_ISDIR(info.st_mode)) throw Error(printable(path) + ": is a directory, not a file");
    std::size_t most = std::min(limits.maxBytes, kMaxReadBytes);
    std::string why = most == limits.maxBytes ? limits.why : ReadLimits().why;
    const auto tooLarge = [&] {
        return Error(printable(path) + ": larger than " + std::to_string(most) + " bytes (" + why +
                     ")");
    };
    // A regular file says its size up front; a pipe or a device (/dev/zero) may never end, so
    // it is read only as far as a valid file could go.
    if (S_ISREG(info.st_mode) && std::uintmax_t(info.st_size) > most) throw tooLarge();

    std::string contents;
    try {
        if (S_ISREG(info.st_mode)) contents.reserve(std::size_t(info.st_size));
        char buffer[1 << 16];
        bool started = false;  // whether checkStart has seen the first bytes
        // fread() returns a full buffer until the end of the file: the first one read is the
        // file's first 64 KiB, or all of it.
        while (const std::size_t got = std::fread(buffer, 1, sizeof buffer, file.get())) {
            if (contents.size() + got > most) throw tooLarge();
            contents.append(buffer, got);
            if (limits.checkStart && !started) {
                started = true;
                const std::size_t mostFromStart = limits.checkStart(contents);
                if (mostFromStart < most) {
                    most = mostFromStart;
                    why = "the most a file that starts as this one does holds";
                }
                if (contents.size() > most) throw tooLarge();
            }
        }
    } catch (const std::bad_alloc&) {
        throw Error(printable(path) + ": not enough memory to read it");
    }
    if (std::ferror(file.get())) throw failure(path, "read failed");
    return contents;
}

void OutputBatch::add(const std::string& path, std::string bytes) {
    if (outputs_.size() == kMaxFiles)
        throw std::logic_error("an OutputBatch holds at most " + std::to_string(kMaxFiles) +
                               " outputs");
    outputs_.push_back({path, std::move(bytes), nullptr});
}

void OutputBatch::addStdout(std::string text) {
    add("stdout", std::move(text));
    outputs_.back().stream = stdout;
}

void OutputBatch::write() const {
    // Where each output goes, from what is there now: a directory is refused before any write.
    std::vector<Target> targets;
    for (const Output& output : outputs_)
        targets.push_back(output.stream ? Target{Target::OwnStream, output.path, 0, output.stream}
                                        : targetOf(output.path));

    const std::lock_guard<std::mutex> turn(writing);
    removeTemporariesOnSignals();
    const TemporaryFilesGuard guard;  // however this ends, no temporary file stays behind
    // 1. Regular and new files: each one's bytes in a temporary file beside it.
    for (std::size_t i = 0; i < outputs_.size(); ++i)
        if (isReplaced(targets[i]))
            writeTemporary(temporaries[i], outputs_[i].path, targets[i], outputs_[i].bytes);
    // 2. Devices, FIFOs and our own streams, in place. These cannot be taken back, so they
    //    wait until every temporary file is written.
    for (std::size_t i = 0; i < outputs_.size(); ++i)
        if (!isReplaced(targets[i])) writeInPlace(outputs_[i].path, targets[i], outputs_[i].bytes);
    // 3. Every write has succeeded: the temporary files become their targets.
    for (std::size_t i = 0; i < outputs_.size(); ++i) {
        if (!isReplaced(targets[i])) continue;
        if (std::rename(temporaries[i].path, targets[i].file.c_str()) != 0)
            throw failure(outputs_[i].path, "cannot rename the temporary file onto it");
        temporaries[i].exists = false;  // it is the target now
    }
}

void writeFileAtomic(const std::string& path, const void* data, std::size_t size) {
    OutputBatch batch;
    batch.add(path, size > 0 ? std::string(static_cast<const char*>(data), size) : "");
    batch.write();
}

void writeFileAtomic(const std::string& path, const std::string& contents) {
    writeFileAtomic(path, contents.data(), contents.size());
}

void checkWritable(const std::string& path) {
    const Target target = targetOf(path);
    if (target.kind == Target::OwnStream) return;
    if (target.kind == Target::SpecialFile) {
        if (::access(path.c_str(), W_OK) != 0) throw failure(path, "cannot open for writing");
        return;
    }
    const std::string directory = directoryOf(target.file);
    struct stat info {};
    if (::stat(directory.c_str(), &info) != 0) throw failure(path, kCannotCreate);
    if (!S_ISDIR(info.st_mode)) throw failure(path, kCannotCreate, ENOTDIR);
    if (::access(directory.c_str(), W_OK | X_OK) != 0) throw failure(path, kCannotCreate);
}

bool isSpecialFile(const std::string& path) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0 || S_ISDIR(info.st_mode)) return false;
    const Target::Kind kind = targetOf(path).kind;
    return kind == Target::OwnStream || kind == Target::SpecialFile;
}

bool sameFile(const std::string& a, const std::string& b) {
    struct stat infoA {};
    struct stat infoB {};
    const bool hasA = ::stat(a.c_str(), &infoA) == 0, hasB = ::stat(b.c_str(), &infoB) == 0;
    if (hasA || hasB)
        return hasA && hasB && infoA.st_dev == infoB.st_dev && infoA.st_ino == infoB.st_ino;
    // Neither exists yet: compare where they would be made.
    const auto resolved = [](const std::string& path) {
        std::error_code error;
        const fs::path full = fs::weakly_canonical(followLinks(path), error);
        return error ? fs::path(path).lexically_normal() : full;
    };
    return resolved(a) == resolved(b);
}

}  // namespace cs
