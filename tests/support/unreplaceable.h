#pragma once
// A regular file that no rename can replace, for the tests of outputs that roll back. On POSIX:
// a file bound over it (mount --bind of the file onto itself, where this process may mount: its
// bytes stay) or, failing that, the immutable attribute (chattr +i). Both need root or the
// capabilities; where neither works, why() says so and the test skips. On Windows: the file
// made read-only, which MoveFileExW cannot replace. Undone when the object goes, whatever the
// test did.
#include <cstdlib>
#include <string>

#if defined(_WIN32)
#include <filesystem>
#include <system_error>
#endif

#include "support/process.h"

namespace cs::test {

class Unreplaceable {
public:
#if defined(_WIN32)
    explicit Unreplaceable(const std::string& path) : path_(path) {
        namespace fs = std::filesystem;
        std::error_code error;
        fs::permissions(fs::u8path(path), fs::perms::owner_write, fs::perm_options::remove, error);
        if (error) {
            why_ = "cannot make it read-only: " + error.message();
            return;
        }
        how_ = "a read-only file";
    }
    ~Unreplaceable() {
        namespace fs = std::filesystem;
        std::error_code ignored;
        if (made())
            fs::permissions(fs::u8path(path_), fs::perms::owner_write, fs::perm_options::add,
                            ignored);
    }
    bool made() const {
        return !how_.empty();
    }
#else
    explicit Unreplaceable(const std::string& path) : path_(path) {
        std::string output;
        if (runCommand("mount --bind '" + path + "' '" + path + "' 2>&1", output) == 0) {
            undo_ = "umount '" + path + "'";
            how_ = "a mount point";
            return;
        }
        why_ = "mount --bind: " + output;
        if (runCommand("chattr +i '" + path + "' 2>&1", output) == 0) {
            undo_ = "chattr -i '" + path + "'";
            how_ = "an immutable file";
            return;
        }
        why_ += "; chattr +i: " + output;
    }
    ~Unreplaceable() {
        std::string output;
        if (!undo_.empty()) runCommand(undo_ + " 2>&1", output);
    }
    bool made() const {
        return !undo_.empty();
    }
#endif
    Unreplaceable(const Unreplaceable&) = delete;
    Unreplaceable& operator=(const Unreplaceable&) = delete;

    const std::string& why() const {
        return why_;
    }  // why it could not be made
    const std::string& how() const {
        return how_;
    }

private:
    std::string path_, undo_, why_, how_;
};

}  // namespace cs::test
