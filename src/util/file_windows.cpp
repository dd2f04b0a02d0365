// util/file.h on Windows (file.cpp is the POSIX one; file_common.cpp holds what the two share:
// the bounded read and the batch's queue). The same contract, in Windows' terms:
// - paths are UTF-8 in the program and UTF-16 to Windows (std::filesystem::u8path), so a
//   name with non-ASCII characters works;
// - a new or regular file is written to a temporary file beside it, flushed to disk
//   (FlushFileBuffers), and replaced by MoveFileExW(MOVEFILE_REPLACE_EXISTING |
//   MOVEFILE_WRITE_THROUGH); what it replaces is set aside first under a second name (a hard
//   link, CreateHardLinkW), so that a failed rename later in the batch puts it back;
// - a read-only file cannot be replaced there: it is refused before anything is written
//   (checkWritable, and write() itself); a file another program holds open without sharing
//   its deletion is refused when its rename comes, and the renames before it are undone;
// - a device (NUL, CON) is written in place; Windows has no FIFOs, SIGPIPE or SIGXFSZ, so
//   that part of the contract has nothing to do here;
// - Ctrl+C (SIGINT) and SIGTERM remove the temporary files, as on POSIX.
#include <windows.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cwchar>
#include <filesystem>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "util/error.h"
#include "util/file.h"
#include "util/file_common.h"

namespace cs {
namespace {

namespace fs = std::filesystem;

fs::path wide(const std::string& path) {
    return fs::u8path(path);
}

// The reason for an error code, on one line: the C library's words where POSIX has the same
// error (so that a message reads the same on both systems), Windows' own words otherwise.
std::string systemMessage(DWORD code) {
    switch (code) {
        case ERROR_FILE_NOT_FOUND:
        case ERROR_PATH_NOT_FOUND:
            return "No such file or directory";
        case ERROR_ACCESS_DENIED:
            return "Permission denied";
        case ERROR_DISK_FULL:
        case ERROR_HANDLE_DISK_FULL:
            return "No space left on device";
        case ERROR_FILENAME_EXCED_RANGE:
            return "File name too long";
        case ERROR_DIRECTORY:
            return "Not a directory";
        default:
            break;
    }
    char* text = nullptr;
    const DWORD size = FormatMessageA(
        FORMAT_MESSAGE_ALLOCATE_BUFFER | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
        nullptr, code, 0, reinterpret_cast<char*>(&text), 0, nullptr);
    std::string message = size ? std::string(text, size) : "error " + std::to_string(code);
    LocalFree(text);
    while (!message.empty() && (message.back() == '\n' || message.back() == '\r' ||
                                message.back() == '.' || message.back() == ' '))
        message.pop_back();
    return message;
}

// "path: what (reason)", as file.cpp words it.
Error failure(const std::string& path, const std::string& what, DWORD code = GetLastError()) {
    return Error(printable(path) + ": " + what + " (" + systemMessage(code) + ")");
}

using File = std::unique_ptr<std::FILE, int (*)(std::FILE*)>;

bool isDevice(const std::string& path) {
    std::string name = path;
    std::transform(name.begin(), name.end(), name.begin(), ::toupper);
    return name == "NUL" || name == "CON" || name == "CONOUT$" || name == "\\\\.\\NUL";
}

struct Target {
    enum Kind { NewFile, RegularFile, SpecialFile } kind;
    fs::path file;
};

Target targetOf(const std::string& path) {
    if (isDevice(path)) return {Target::SpecialFile, wide(path)};
    std::error_code error;
    const fs::file_status status = fs::status(wide(path), error);
    if (status.type() == fs::file_type::not_found) return {Target::NewFile, wide(path)};
    if (error) throw failure(path, "cannot write", DWORD(error.value()));
    if (fs::is_directory(status)) throw Error(printable(path) + ": is a directory, not a file");
    if (!fs::is_regular_file(status)) return {Target::SpecialFile, wide(path)};
    // MoveFileExW cannot replace a read-only file: refused before any write, as a directory.
    if (GetFileAttributesW(wide(path).c_str()) & FILE_ATTRIBUTE_READONLY)
        throw Error(printable(path) + ": is read-only, so it cannot be replaced");
    return {Target::RegularFile, wide(path)};
}

constexpr const char* kCannotCreate = "cannot write into its directory";

fs::path directoryOf(const fs::path& file) {
    const fs::path directory = file.parent_path();
    return directory.empty() ? fs::path(".") : directory;
}

// ---- Temporary files, removed on SIGINT and SIGTERM (names in fixed buffers, as in
// file.cpp: the handler neither allocates nor locks) ----
struct TemporaryFile {
    wchar_t path[MAX_PATH * 4];
    std::atomic<bool> exists{false};
};
std::mutex writing;
TemporaryFile temporaries[OutputBatch::kMaxFiles];

void removeTemporaries() {
    for (TemporaryFile& temporary : temporaries) {
        if (temporary.exists) DeleteFileW(temporary.path);
        temporary.exists = false;
    }
}

void removeTemporariesAndDie(int signal) {
    for (TemporaryFile& temporary : temporaries)
        if (temporary.exists) DeleteFileW(temporary.path);
    std::signal(signal, SIG_DFL);
    std::raise(signal);
}

void removeTemporariesOnSignals() {
    static std::once_flag once;
    std::call_once(once, [] {
        for (int signal : {SIGINT, SIGTERM}) {
            const auto before = std::signal(signal, removeTemporariesAndDie);
            if (before != SIG_DFL) std::signal(signal, before);  // handled or ignored already
        }
    });
}

struct TemporaryFilesGuard {
    ~TemporaryFilesGuard() { removeTemporaries(); }
};

struct HandleCloser {
    void operator()(HANDLE handle) const { CloseHandle(handle); }
};
using Handle = std::unique_ptr<void, HandleCloser>;

void writeHandle(HANDLE handle, const std::string& bytes, const std::string& path) {
    for (std::size_t done = 0; done < bytes.size();) {
        const DWORD chunk = DWORD(std::min<std::size_t>(bytes.size() - done, 1u << 30));
        DWORD wrote = 0;
        if (!WriteFile(handle, bytes.data() + done, chunk, &wrote, nullptr))
            throw failure(path, "write failed");
        done += wrote;
    }
}

// Step 1 for one file: `bytes` in a new temporary file beside the target, flushed to disk.
void writeTemporary(TemporaryFile& temporary, const std::string& path, const Target& target,
                    const std::string& bytes) {
    const fs::path directory = directoryOf(target.file);
    Handle file;
    for (unsigned n = 0; !file; ++n) {
        const std::wstring name = (directory / (".cs-" + std::to_string(GetCurrentProcessId()) +
                                                "-" + std::to_string(n) + ".tmp"))
                                      .wstring();
        if (name.size() >= sizeof temporary.path / sizeof(wchar_t))
            throw failure(path, kCannotCreate, ERROR_FILENAME_EXCED_RANGE);
        std::wmemcpy(temporary.path, name.c_str(), name.size() + 1);
        temporary.exists = true;
        const HANDLE handle = CreateFileW(temporary.path, GENERIC_WRITE, 0, nullptr, CREATE_NEW,
                                          FILE_ATTRIBUTE_NORMAL, nullptr);
        temporary.exists = handle != INVALID_HANDLE_VALUE;
        if (handle != INVALID_HANDLE_VALUE)
            file.reset(handle);
        else if (GetLastError() != ERROR_FILE_EXISTS)
            throw failure(path, kCannotCreate);
    }
    writeHandle(file.get(), bytes, path);
    // Without it a crash after the rename could leave the new name on a file whose data never
    // reached the disk.
    if (!FlushFileBuffers(file.get())) throw failure(path, "flush to disk failed");
    if (!CloseHandle(file.release())) throw failure(path, "close failed");
}

// Step 2: a device, written in place.
void writeInPlace(const std::string& path, const std::string& bytes) {
    const HANDLE handle = CreateFileW(wide(path).c_str(), GENERIC_WRITE, FILE_SHARE_WRITE, nullptr,
                                      OPEN_EXISTING, 0, nullptr);
    if (handle == INVALID_HANDLE_VALUE) throw failure(path, "cannot open for writing");
    const Handle file(handle);
    writeHandle(handle, bytes, path);
}

// A second name for the file a rename is about to replace, beside it. A file that another
// program holds open without sharing its deletion can be neither replaced nor, once linked,
// unlinked: it is refused before it gets a second name.
fs::path keepOld(const std::string& path, const fs::path& file) {
    const HANDLE probe =
        CreateFileW(file.c_str(), DELETE, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                    nullptr, OPEN_EXISTING, 0, nullptr);
    if (probe == INVALID_HANDLE_VALUE) {
        if (GetLastError() == ERROR_SHARING_VIOLATION)
            throw Error(printable(path) + ": is open in another program, so it cannot be replaced");
        throw failure(path, "cannot set aside the file it would replace");
    }
    CloseHandle(probe);
    const fs::path directory = directoryOf(file);
    for (unsigned n = 0;; ++n) {
        const fs::path name = directory / (".cs-" + std::to_string(GetCurrentProcessId()) + "-" +
                                           std::to_string(n) + ".old");
        if (CreateHardLinkW(name.c_str(), file.c_str(), nullptr)) return name;
        if (GetLastError() != ERROR_ALREADY_EXISTS)
            throw failure(path, "cannot set aside the file it would replace");
    }
}

bool replace(const wchar_t* from, const fs::path& to) {
    return MoveFileExW(from, to.c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH);
}

}  // namespace

void writeErrorsNotSignals() {}  // Windows has no SIGPIPE or SIGXFSZ: writes fail as errors

bool isStreamName(const std::string&) {
    return false;  // no /dev/stdout on Windows
}

std::string readFile(const std::string& path, const ReadLimits& limits) {
    std::error_code error;
    if (fs::is_directory(wide(path), error))
        throw Error(printable(path) + ": is a directory, not a file");
    File file(_wfopen(wide(path).c_str(), L"rb"), std::fclose);
    if (!file) throw failure(path, "cannot open");
    const bool regular = fs::is_regular_file(wide(path), error);
    const std::uintmax_t size = regular ? fs::file_size(wide(path), error) : 0;
    const std::string contents = readWithinLimits(
        path, limits, regular && !error, size,
        [&](char* buffer, std::size_t bytes) { return std::fread(buffer, 1, bytes, file.get()); });
    if (std::ferror(file.get())) throw failure(path, "read failed");
    return contents;
}

void OutputBatch::write() const {
    std::vector<Target> targets;
    for (const Output& output : outputs_)
        targets.push_back(output.stream ? Target{Target::SpecialFile, {}} : targetOf(output.path));

    const std::lock_guard<std::mutex> turn(writing);
    removeTemporariesOnSignals();
    const TemporaryFilesGuard guard;
    const auto replaced = [&](std::size_t i) { return targets[i].kind != Target::SpecialFile; };
    // 1. Regular and new files: each one's bytes in a temporary file beside it.
    for (std::size_t i = 0; i < outputs_.size(); ++i)
        if (replaced(i))
            writeTemporary(temporaries[i], outputs_[i].path, targets[i], outputs_[i].bytes);
    // 2. Devices and our own stdout, in place.
    for (std::size_t i = 0; i < outputs_.size(); ++i) {
        if (replaced(i)) continue;
        const Output& output = outputs_[i];
        if (!output.stream) {
            writeInPlace(output.path, output.bytes);
        } else if ((!output.bytes.empty() &&
                    std::fwrite(output.bytes.data(), 1, output.bytes.size(), output.stream) !=
                        output.bytes.size()) ||
                   std::fflush(output.stream) != 0) {
            throw Error("stdout: write failed");
        }
    }
    // 3. The renames, all or none: what each replaces is set aside first.
    std::vector<fs::path> setAside(outputs_.size());
    std::size_t renamed = 0;
    const auto undo = [&] {
        while (renamed > 0) {
            const std::size_t i = --renamed;
            if (!replaced(i)) continue;
            if (setAside[i].empty())
                DeleteFileW(targets[i].file.c_str());
            else
                replace(setAside[i].c_str(), targets[i].file);
            setAside[i].clear();
        }
        for (fs::path& old : setAside)
            if (!old.empty()) DeleteFileW(old.c_str());
    };
    try {
        for (; renamed < outputs_.size(); ++renamed) {
            const std::size_t i = renamed;
            if (!replaced(i)) continue;
            if (targets[i].kind == Target::RegularFile)
                setAside[i] = keepOld(outputs_[i].path, targets[i].file);
            if (!replace(temporaries[i].path, targets[i].file))
                throw failure(outputs_[i].path, "cannot rename the temporary file onto it");
            temporaries[i].exists = false;
        }
    } catch (...) {
        undo();
        throw;
    }
    for (const fs::path& old : setAside)
        if (!old.empty()) DeleteFileW(old.c_str());
}

void checkWritable(const std::string& path) {
    const Target target = targetOf(path);
    if (target.kind == Target::SpecialFile) return;
    const fs::path directory = directoryOf(target.file);
    const DWORD attributes = GetFileAttributesW(directory.c_str());
    if (attributes == INVALID_FILE_ATTRIBUTES) throw failure(path, kCannotCreate);
    if (!(attributes & FILE_ATTRIBUTE_DIRECTORY))
        throw failure(path, kCannotCreate, ERROR_DIRECTORY);
}

bool isSpecialFile(const std::string& path) {
    if (isDevice(path)) return true;
    std::error_code error;
    const fs::file_status status = fs::status(wide(path), error);
    return fs::exists(status) && !fs::is_directory(status) && !fs::is_regular_file(status);
}

bool sameFile(const std::string& a, const std::string& b) {
    std::error_code error;
    const bool hasA = fs::exists(wide(a), error), hasB = fs::exists(wide(b), error);
    if (hasA || hasB) return hasA && hasB && fs::equivalent(wide(a), wide(b), error);
    const auto resolved = [](const std::string& path) {
        std::error_code failed;
        const fs::path full = fs::weakly_canonical(wide(path), failed);
        return failed ? wide(path).lexically_normal() : full;
    };
    return resolved(a) == resolved(b);
}

}  // namespace cs
