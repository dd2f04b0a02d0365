#include "util/file.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <climits>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "util/error.h"
#include "util/file_common.h"

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
        // /dev/stdout leads to /proc/self/fd/1, which is gone when stdout is closed: not a new
        // file to make there.
        if (isStreamName(path))
            throw Error(printable(path) + ": not open (the process has no such stream)");
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
        writeErrorsNotSignals();
        for (int signal : {SIGINT, SIGTERM, SIGHUP}) {
            struct sigaction current {};
            if (::sigaction(signal, nullptr, &current) == 0 && current.sa_handler == SIG_DFL)
                std::signal(signal, removeTemporariesAndDie);
        }
    });
}

// Holds SIGINT, SIGTERM and SIGHUP back while it lives: the renames of step 3 and their undo
// take microseconds, and a signal among them would leave some outputs landed and others not.
// A signal that arrives meanwhile is delivered when it ends.
class SignalsHeld {
public:
    SignalsHeld() {
        sigset_t held;
        sigemptyset(&held);
        for (int signal : {SIGINT, SIGTERM, SIGHUP}) sigaddset(&held, signal);
        pthread_sigmask(SIG_BLOCK, &held, &before_);
    }
    ~SignalsHeld() { pthread_sigmask(SIG_SETMASK, &before_, nullptr); }
    SignalsHeld(const SignalsHeld&) = delete;
    SignalsHeld& operator=(const SignalsHeld&) = delete;

private:
    sigset_t before_;
};

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

// ---- FIFOs: every wait bounded (kFifoWaitSeconds) ----
using Clock = std::chrono::steady_clock;

std::string fifoWait() {
    return std::to_string(kFifoWaitSeconds) + " s";
}

bool isFifo(const std::string& path) {
    struct stat info {};
    return ::stat(path.c_str(), &info) == 0 && S_ISFIFO(info.st_mode);
}

// Waits until `fd` can be read or written (`events`), at most kFifoWaitSeconds; false if not.
bool readyWithin(int fd, short events) {
    pollfd ready{fd, events, 0};
    int got;
    do got = ::poll(&ready, 1, kFifoWaitSeconds * 1000);
    while (got < 0 && errno == EINTR);
    return got > 0;
}

// A FIFO's write end: open() would wait for a reader for ever, so it is opened without
// waiting, again and again, until one comes or the time is up.
int openFifoForWriting(const std::string& path) {
    const auto deadline = Clock::now() + std::chrono::seconds(kFifoWaitSeconds);
    for (;;) {
        const int fd = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
        if (fd >= 0) return fd;
        if (errno != ENXIO) throw failure(path, "cannot open for writing");
        if (Clock::now() >= deadline)
            throw Error(printable(path) + ": no reader opened the FIFO within " + fifoWait());
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
}

void writeFifo(const std::string& path, const std::string& bytes) {
    const int fd = openFifoForWriting(path);
    const std::unique_ptr<int, void (*)(int*)> closer(new int(fd), [](int* f) {
        ::close(*f);
        delete f;
    });
    for (std::size_t done = 0; done < bytes.size();) {
        if (!readyWithin(fd, POLLOUT))
            throw Error(printable(path) + ": the FIFO's reader took nothing for " + fifoWait());
        const ssize_t wrote = ::write(fd, bytes.data() + done, bytes.size() - done);
        if (wrote < 0 && (errno == EAGAIN || errno == EINTR)) continue;
        if (wrote < 0) throw failure(path, "write failed");  // EPIPE: the reader has gone
        done += std::size_t(wrote);
    }
}

// Step 2 for one file: the bytes written where the path already leads.
void writeInPlace(const std::string& path, const Target& target, const std::string& bytes) {
    if (target.kind == Target::OwnStream) {
        writeAll(target.own, bytes.data(), bytes.size(), path);  // after what was printed before
        return;
    }
    if (isFifo(path)) {
        writeFifo(path, bytes);
        return;
    }
    File file = openFile(path, "wb");
    if (!file) throw failure(path, "cannot open for writing");
    writeAndClose(std::move(file), bytes.data(), bytes.size(), path, /*toDisk=*/false);
}

bool isReplaced(const Target& target) {
    return target.kind == Target::NewFile || target.kind == Target::RegularFile;
}

// Throws for a regular file that no rename can replace, whatever the run writes: a mount
// point (another file system's root, or a file bound over this one), a file marked immutable
// or append-only, and another user's file in a sticky directory (/tmp) that is not ours
// either. `directory` is the stat of the file's directory.
void checkReplaceable(const std::string& path, const std::string& file,
                      const struct stat& directory) {
    struct stat info {};
    if (::stat(file.c_str(), &info) != 0) return;  // gone meanwhile: a new file then
    // statx says whether a file is the root of a mount (also a file bound over another on the
    // same file system, where the devices agree) and whether it is immutable or append-only.
    struct statx attributes {};
    const bool known = ::statx(AT_FDCWD, file.c_str(), 0, STATX_BASIC_STATS, &attributes) == 0;
    const auto has = [&](std::uint64_t attribute) {
        return known && (attributes.stx_attributes_mask & attribute) &&
               (attributes.stx_attributes & attribute);
    };
    if (info.st_dev != directory.st_dev || has(STATX_ATTR_MOUNT_ROOT))
        throw Error(printable(path) + ": is a mount point, which a new file cannot replace");
    if (has(STATX_ATTR_IMMUTABLE) || has(STATX_ATTR_APPEND))
        throw Error(printable(path) + ": is marked immutable or append-only (chattr), so it " +
                    "cannot be replaced");
    const uid_t me = ::geteuid();
    if ((directory.st_mode & S_ISVTX) && me != 0 && info.st_uid != me && directory.st_uid != me)
        throw Error(printable(path) + ": belongs to another user in a sticky directory, so it " +
                    "cannot be replaced");
}

// A second name for the file a rename is about to replace, beside it (a hard link: the file
// itself stays where it is), so that the rename can be undone. Returns the name.
std::string keepOld(const std::string& path, const std::string& file) {
    const std::string directory = directoryOf(file);
    for (unsigned n = 0;; ++n) {
        const std::string name =
            directory + "/.cs-" + std::to_string(::getpid()) + "-" + std::to_string(n) + ".old";
        if (::link(file.c_str(), name.c_str()) == 0) return name;
        if (errno != EEXIST) throw failure(path, "cannot set aside the file it would replace");
    }
}

}  // namespace

namespace {

// A FIFO's read end, without waiting for a writer at open(); every read then waits for bytes
// at most kFifoWaitSeconds. A writer that has come and gone ends the file.
File openFifoForReading(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) throw failure(path, "cannot open");
    File file(::fdopen(fd, "rb"), std::fclose);
    if (!file) {
        ::close(fd);
        throw failure(path, "cannot open");
    }
    return file;
}

// fread() for a FIFO opened without waiting: a read that would wait polls first, within the
// bound. Returns 0 at the end of the file, as fread() does.
std::size_t readFifo(std::FILE* file, char* buffer, std::size_t size, const std::string& path) {
    const int fd = fileno(file);
    for (;;) {
        const ssize_t got = ::read(fd, buffer, size);
        if (got > 0) return std::size_t(got);
        // 0 before any writer came (Linux reports no hang-up then) looks like the end: poll
        // tells the two apart.
        if (got < 0 && errno != EAGAIN && errno != EINTR) throw failure(path, "read failed");
        pollfd ready{fd, POLLIN, 0};
        int events;
        do events = ::poll(&ready, 1, kFifoWaitSeconds * 1000);
        while (events < 0 && errno == EINTR);
        if (events == 0)
            throw Error(printable(path) + ": nothing came through the FIFO for " + fifoWait());
        if (got == 0 && !(ready.revents & POLLIN)) return 0;  // the writer closed it
    }
}

}  // namespace

void writeErrorsNotSignals() {
    for (int signal : {SIGPIPE, SIGXFSZ}) {
        struct sigaction current {};
        if (::sigaction(signal, nullptr, &current) == 0 && current.sa_handler == SIG_DFL)
            std::signal(signal, SIG_IGN);
    }
}

bool isStreamName(const std::string& path) {
    for (const char* prefix : {"/dev/std", "/dev/fd/", "/proc/self/fd/"})
        if (path.rfind(prefix, 0) == 0) return true;
    return false;
}

std::string readFile(const std::string& path, const ReadLimits& limits) {
    File file = isFifo(path) ? openFifoForReading(path) : openFile(path, "rb");
    if (!file) throw failure(path, "cannot open");
    // fopen() succeeds on a directory; say so instead of failing later with EISDIR.
    struct stat info {};
    if (::fstat(fileno(file.get()), &info) != 0) throw failure(path, "cannot stat");
    if (S_ISDIR(info.st_mode)) throw Error(printable(path) + ": is a directory, not a file");
    // A FIFO opened without waiting for its writer is read with bounded waits.
    const bool fifo = S_ISFIFO(info.st_mode) && (::fcntl(fileno(file.get()), F_GETFL) & O_NONBLOCK);
    const std::string contents =
        readWithinLimits(path, limits, S_ISREG(info.st_mode), std::uintmax_t(info.st_size),
                         [&](char* buffer, std::size_t size) {
                             return fifo ? readFifo(file.get(), buffer, size, path)
                                         : std::fread(buffer, 1, size, file.get());
                         });
    if (std::ferror(file.get())) throw failure(path, "read failed");
    return contents;
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
    // 3. Every write has succeeded: the temporary files become their targets, all or none.
    //    What each rename will replace is set aside first (a second name for the old file,
    //    beside it), so that a rename that fails can be undone by the ones before it.
    const SignalsHeld held;
    std::vector<std::string> setAside(outputs_.size());
    std::size_t renamed = 0;
    const auto undo = [&] {
        while (renamed > 0) {
            const std::size_t i = --renamed;
            if (!isReplaced(targets[i])) continue;
            if (setAside[i].empty())
                ::unlink(targets[i].file.c_str());  // a new file: there was nothing
            else
                ::rename(setAside[i].c_str(), targets[i].file.c_str());
            setAside[i].clear();
        }
        for (std::string& old : setAside)
            if (!old.empty()) ::unlink(old.c_str());
    };
    try {
        for (; renamed < outputs_.size(); ++renamed) {
            const std::size_t i = renamed;
            if (!isReplaced(targets[i])) continue;
            if (targets[i].kind == Target::RegularFile)
                setAside[i] = keepOld(outputs_[i].path, targets[i].file);
            if (std::rename(temporaries[i].path, targets[i].file.c_str()) != 0)
                throw failure(outputs_[i].path, "cannot rename the temporary file onto it");
            temporaries[i].exists = false;  // it is the target now
        }
    } catch (...) {
        undo();
        throw;
    }
    for (const std::string& old : setAside)
        if (!old.empty()) ::unlink(old.c_str());
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
    if (target.kind == Target::RegularFile) checkReplaceable(path, target.file, info);
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
