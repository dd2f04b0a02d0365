#include "util/file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

#include "util/error.h"

// POSIX I/O (open/read/write/fsync) rather than iostreams: iostreams do not report
// *why* something failed, and the reason is the most useful part of the message.

namespace cs {
namespace {

std::string reason(int err) {
    return std::strerror(err);
}

// Closes a file descriptor when it goes out of scope, unless released first.
struct FileDescriptor {
    int fd = -1;
    explicit FileDescriptor(int descriptor) : fd(descriptor) {}
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;
    ~FileDescriptor() {
        if (fd >= 0) ::close(fd);
    }
    // close() can report a delayed write error, so the write path checks it.
    int release() {
        int result = ::close(fd);
        fd = -1;
        return result;
    }
};

// Removes the temporary file on scope exit unless the rename has taken it over.
struct TempFileGuard {
    std::string path;
    bool armed = true;
    explicit TempFileGuard(std::string name) : path(std::move(name)) {}
    TempFileGuard(const TempFileGuard&) = delete;
    TempFileGuard& operator=(const TempFileGuard&) = delete;
    ~TempFileGuard() {
        if (armed) std::remove(path.c_str());
    }
};

// A name no other writer in this process or any other one is using: the pid
// separates processes, the counter separates threads and calls within one.
std::string temporaryNameFor(const std::string& path) {
    static std::atomic<unsigned long> counter{0};
    return path + ".tmp-" + std::to_string(::getpid()) + "-" + std::to_string(counter++);
}

}  // namespace

std::string readFile(const std::string& path) {
    FileDescriptor file(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (file.fd < 0) throw Error(path + ": cannot open (" + reason(errno) + ")");

    // open() succeeds on a directory; say so instead of failing later with EISDIR.
    struct stat info {};
    if (::fstat(file.fd, &info) != 0) throw Error(path + ": cannot stat (" + reason(errno) + ")");
    if (S_ISDIR(info.st_mode)) throw Error(path + ": is a directory, not a file");

    std::string contents;
    if (info.st_size > 0) contents.reserve(static_cast<std::size_t>(info.st_size));
    char buffer[1 << 16];
    for (;;) {
        ssize_t got = ::read(file.fd, buffer, sizeof buffer);
        if (got == 0) break;  // end of file
        if (got < 0) {
            if (errno == EINTR) continue;  // interrupted by a signal before reading anything
            throw Error(path + ": read failed (" + reason(errno) + ")");
        }
        contents.append(buffer, static_cast<std::size_t>(got));
    }
    return contents;
}

void writeFileAtomic(const std::string& path, const void* data, std::size_t size) {
    TempFileGuard temp(temporaryNameFor(path));

    // O_EXCL: never reuse (and so never clobber) an existing file of the same name.
    FileDescriptor file(::open(temp.path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666));
    if (file.fd < 0) {
        temp.armed = false;  // nothing was created, so there is nothing to remove
        throw Error(path + ": cannot create temporary file " + temp.path + " (" + reason(errno) +
                    ")");
    }

    // write() may write fewer bytes than asked (e.g. interrupted by a signal); loop
    // until everything is out or a real error is reported.
    const char* bytes = static_cast<const char*>(data);
    std::size_t written = 0;
    while (written < size) {
        ssize_t n = ::write(file.fd, bytes + written, size - written);
        if (n < 0) {
            if (errno == EINTR) continue;
            throw Error(path + ": write failed (" + reason(errno) + ")");
        }
        written += static_cast<std::size_t>(n);
    }

    // Without fsync a crash after the rename could leave the new name pointing at a
    // file whose data never reached the disk: an empty "screenshot".
    if (::fsync(file.fd) != 0) throw Error(path + ": fsync failed (" + reason(errno) + ")");
    if (file.release() != 0) throw Error(path + ": close failed (" + reason(errno) + ")");

    if (std::rename(temp.path.c_str(), path.c_str()) != 0) {
        throw Error(path + ": cannot rename temporary file onto it (" + reason(errno) + ")");
    }
    temp.armed = false;  // the temporary file is now the target
    // A fully durable rename would also fsync the directory; the samples only need
    // "old or new file, never half of one", which the rename alone gives.
}

void writeFileAtomic(const std::string& path, const std::string& contents) {
    writeFileAtomic(path, contents.data(), contents.size());
}

}  // namespace cs
