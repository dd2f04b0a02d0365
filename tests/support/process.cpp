#include "support/process.h"

#if defined(_WIN32)
#include <windows.h>
// After <windows.h>, whose types it uses.
#include <psapi.h>

#include <algorithm>
#include <cwchar>
#include <memory>
#else
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "util/file.h"

namespace cs {

#if !defined(_WIN32)

ProcessResult runProcess(const std::vector<std::string>& args,
                         const std::vector<std::string>& environment) {
    char outPath[] = "/tmp/cs-process-out-XXXXXX";
    char errPath[] = "/tmp/cs-process-err-XXXXXX";
    const int outFd = mkstemp(outPath);
    const int errFd = mkstemp(errPath);
    ProcessResult result;
    const pid_t pid = fork();
    if (pid == 0) {
        dup2(outFd, 1);
        dup2(errFd, 2);
        for (const std::string& entry : environment) putenv(const_cast<char*>(entry.c_str()));
        std::vector<char*> argv;
        for (const std::string& arg : args) argv.push_back(const_cast<char*>(arg.c_str()));
        argv.push_back(nullptr);
        execv(argv[0], argv.data());
        std::perror(argv[0]);
        _exit(127);
    }
    int status = 0;
    waitpid(pid, &status, 0);
    result.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    close(outFd);
    close(errFd);
    result.out = readFile(outPath);
    result.err = readFile(errPath);
    unlink(outPath);
    unlink(errPath);
    return result;
}

#else

namespace {

std::wstring wide(const std::string& utf8) {
    if (utf8.empty()) return {};
    const int size = MultiByteToWideChar(CP_UTF8, 0, utf8.data(), int(utf8.size()), nullptr, 0);
    std::wstring text(std::size_t(size), L'\0');
    MultiByteToWideChar(CP_UTF8, 0, utf8.data(), int(utf8.size()), text.data(), size);
    return text;
}

struct HandleCloser {
    void operator()(HANDLE handle) const { CloseHandle(handle); }
};
using Handle = std::unique_ptr<void, HandleCloser>;

// A file the child writes its stdout or stderr into: inheritable, removed when the last handle
// to it closes, so that no file is left behind whatever happens. A file, not a pipe: two pipes
// read one after the other can deadlock when the child fills the second one first.
Handle captureFile() {
    wchar_t directory[MAX_PATH + 1];
    wchar_t name[MAX_PATH + 1];
    if (!GetTempPathW(MAX_PATH + 1, directory) || !GetTempFileNameW(directory, L"cs", 0, name))
        return Handle();
    SECURITY_ATTRIBUTES inherit{sizeof inherit, nullptr, TRUE};
    const HANDLE file = CreateFileW(
        name, GENERIC_READ | GENERIC_WRITE, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
        &inherit, CREATE_ALWAYS, FILE_ATTRIBUTE_TEMPORARY | FILE_FLAG_DELETE_ON_CLOSE, nullptr);
    return Handle(file == INVALID_HANDLE_VALUE ? nullptr : file);
}

std::string readCaptured(HANDLE file) {
    std::string bytes;
    SetFilePointer(file, 0, nullptr, FILE_BEGIN);
    char buffer[1 << 16];
    DWORD got = 0;
    while (ReadFile(file, buffer, sizeof buffer, &got, nullptr) && got > 0)
        bytes.append(buffer, got);
    return bytes;
}

// Ours with `environment` added: an entry replaces ours of the same name (names are
// case-insensitive on Windows), and the block is sorted by name, as CreateProcessW expects.
std::wstring environmentBlock(const std::vector<std::string>& environment) {
    const auto nameOf = [](const std::wstring& entry) {
        // "=C:=C:\dir" (a drive's working directory) has its name after the first '='.
        return entry.substr(0, entry.find(L'=', 1));
    };
    std::vector<std::wstring> entries;
    const std::unique_ptr<wchar_t, BOOL (*)(wchar_t*)> ours(GetEnvironmentStringsW(),
                                                            FreeEnvironmentStringsW);
    for (const wchar_t* entry = ours.get(); *entry; entry += std::wcslen(entry) + 1)
        entries.emplace_back(entry);
    for (const std::string& added : environment) {
        const std::wstring entry = wide(added);
        entries.erase(std::remove_if(entries.begin(), entries.end(),
                                     [&](const std::wstring& e) {
                                         return _wcsicmp(nameOf(e).c_str(),
                                                         nameOf(entry).c_str()) == 0;
                                     }),
                      entries.end());
        entries.push_back(entry);
    }
    std::sort(entries.begin(), entries.end(), [&](const std::wstring& a, const std::wstring& b) {
        return _wcsicmp(nameOf(a).c_str(), nameOf(b).c_str()) < 0;
    });
    std::wstring block;
    for (const std::wstring& entry : entries) block += entry + L'\0';
    return block + L'\0';
}

std::int64_t largestPeak = 0;

}  // namespace

// The rules the C runtime splits a command line by (CommandLineToArgvW's): an argument with
// a space, a tab or a quote goes in quotes; inside, a quote is escaped with a backslash, and
// backslashes are doubled only where a quote follows them (an escaped one, or the closing one).
std::wstring quoteWindowsArgument(const std::wstring& arg) {
    if (!arg.empty() && arg.find_first_of(L" \t\n\v\"") == std::wstring::npos) return arg;
    std::wstring quoted = L"\"";
    std::size_t backslashes = 0;
    for (const wchar_t c : arg) {
        if (c == L'\\') {
            ++backslashes;
            continue;
        }
        // Before a quote, each backslash is doubled and the quote escaped; before anything
        // else, backslashes are literal.
        quoted.append(c == L'"' ? 2 * backslashes + 1 : backslashes, L'\\');
        quoted += c;
        backslashes = 0;
    }
    quoted.append(2 * backslashes, L'\\');  // before the closing quote
    return quoted + L'"';
}

ProcessResult runProcess(const std::vector<std::string>& args,
                         const std::vector<std::string>& environment) {
    ProcessResult result;
    const Handle out = captureFile(), err = captureFile();
    SECURITY_ATTRIBUTES inherit{sizeof inherit, nullptr, TRUE};
    const Handle input(CreateFileW(L"NUL", GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE,
                                   &inherit, OPEN_EXISTING, 0, nullptr));
    if (!out || !err || input.get() == INVALID_HANDLE_VALUE) {
        result.err = "runProcess: cannot make the files for the child's output";
        return result;
    }
    std::wstring commandLine;
    for (const std::string& arg : args)
        commandLine += (commandLine.empty() ? L"" : L" ") + quoteWindowsArgument(wide(arg));
    std::wstring block = environmentBlock(environment);
    STARTUPINFOW startup{};
    startup.cb = sizeof startup;
    startup.dwFlags = STARTF_USESTDHANDLES;
    startup.hStdInput = input.get();
    startup.hStdOutput = out.get();
    startup.hStdError = err.get();
    PROCESS_INFORMATION child{};
    // No application name: Windows finds the program from the command line's first word and
    // adds ".exe", as a command prompt does, so that tests name samples without it. Handles are
    // inherited: the three above, and whatever else is inheritable, which in a test process
    // is nothing that outlives this call.
    if (!CreateProcessW(nullptr, commandLine.data(), nullptr, nullptr, TRUE,
                        CREATE_UNICODE_ENVIRONMENT | CREATE_NO_WINDOW, block.data(), nullptr,
                        &startup, &child)) {
        result.exitCode = 127;  // as a POSIX shell says of a program it cannot run
        result.err = args[0] + ": cannot start (error " + std::to_string(GetLastError()) + ")\n";
        return result;
    }
    const Handle process(child.hProcess), thread(child.hThread);
    if (WaitForSingleObject(child.hProcess, DWORD(kProcessTimeoutSeconds) * 1000) !=
        WAIT_OBJECT_0) {
        TerminateProcess(child.hProcess, 124);
        WaitForSingleObject(child.hProcess, INFINITE);
        result.err = args[0] + ": still running after " + std::to_string(kProcessTimeoutSeconds) +
                     " s, ended\n";
    }
    DWORD code = 0;
    GetExitCodeProcess(child.hProcess, &code);
    result.exitCode = int(code);
    PROCESS_MEMORY_COUNTERS memory{};
    if (GetProcessMemoryInfo(child.hProcess, &memory, sizeof memory))
        largestPeak = std::max(largestPeak, std::int64_t(memory.PeakWorkingSetSize));
    result.out = readCaptured(out.get());
    result.err = readCaptured(err.get()) + result.err;
    return result;
}

std::int64_t largestChildPeakWorkingSet() {
    return largestPeak;
}

#endif

int runCommand(const std::string& command, std::string& output) {
#if defined(_WIN32)
    FILE* pipe = _popen((command + " 2>&1").c_str(), "r");
#else
    FILE* pipe = popen((command + " 2>&1").c_str(), "r");
#endif
    if (!pipe) return -1;
    char buffer[256];
    while (size_t n = fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
#if defined(_WIN32)
    return _pclose(pipe);
#else
    return pclose(pipe);
#endif
}

std::vector<std::string> nonEmptyLines(const std::string& text) {
    std::vector<std::string> lines;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);)
        if (!line.empty()) lines.push_back(line);
    return lines;
}

}  // namespace cs
