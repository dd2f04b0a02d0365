// The parts of util/file.h that do not depend on the system: readFile's bounded read, and
// OutputBatch's queue (file_common.h says who uses them).
#include "util/file_common.h"

#include <algorithm>
#include <new>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "util/error.h"
#include "util/file.h"

namespace cs {

std::string readWithinLimits(const std::string& path, const ReadLimits& limits, bool sized,
                             std::uintmax_t size,
                             const std::function<std::size_t(char*, std::size_t)>& readSome) {
    std::size_t most = std::min(limits.maxBytes, kMaxReadBytes);
    std::string why = most == limits.maxBytes ? limits.why : ReadLimits().why;
    const auto tooLarge = [&] {
        return Error(printable(path) + ": larger than " + std::to_string(most) + " bytes (" + why +
                     ")");
    };
    if (sized && size > most) throw tooLarge();

    std::string contents;
    try {
        if (sized) contents.reserve(std::size_t(size));
        std::vector<char> buffer(std::size_t(1) << 16);
        bool started = false;  // whether checkStart has seen the first bytes
        const auto checkStart = [&] {
            started = true;
            const std::size_t mostFromStart = limits.checkStart(contents);
            if (mostFromStart < most) {
                most = mostFromStart;
                why = "the most a file that starts as this one does holds";
            }
            if (contents.size() > most) throw tooLarge();
        };
        while (const std::size_t got = readSome(buffer.data(), buffer.size())) {
            if (contents.size() + got > most) throw tooLarge();
            contents.append(buffer.data(), got);
            // The first 64 KiB, or the whole file if it is shorter (a read from a pipe may
            // give less at a time).
            if (limits.checkStart && !started && contents.size() >= buffer.size()) checkStart();
        }
        if (limits.checkStart && !started && !contents.empty()) checkStart();
    } catch (const std::bad_alloc&) {
        throw Error(printable(path) + ": not enough memory to read it");
    }
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

void writeFileAtomic(const std::string& path, const void* data, std::size_t size) {
    OutputBatch batch;
    batch.add(path, size > 0 ? std::string(static_cast<const char*>(data), size) : "");
    batch.write();
}

void writeFileAtomic(const std::string& path, const std::string& contents) {
    writeFileAtomic(path, contents.data(), contents.size());
}

}  // namespace cs
