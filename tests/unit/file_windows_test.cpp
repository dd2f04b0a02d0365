// util/file.h on Windows (util/file_windows.cpp): the contract of file_test.cpp where Windows
// has it. file_test.cpp itself needs POSIX (FIFOs, /dev/full, /dev/zero, ulimit -f and
// SIGXFSZ, file modes, signals in death tests, mount points, chattr), so it is not built
// here; Windows' own failure, a read-only file that no rename can replace, is tested instead.
#include <gtest/gtest.h>
#include <windows.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "support/error_from.h"
#include "support/scratch_dir.h"
#include "util/error.h"
#include "util/file.h"

namespace fs = std::filesystem;

namespace {

class FileWindowsTest : public testing::Test {
protected:
    void SetUp() override { dir_ = cs::test::freshTestDirectory("cs_file_test_"); }
    void TearDown() override {
        for (const auto& entry : fs::directory_iterator(dir_))
            SetFileAttributesW(entry.path().c_str(), FILE_ATTRIBUTE_NORMAL);
        fs::remove_all(dir_);
    }

    // UTF-8, as the program holds paths.
    std::string path(const std::string& name) const { return (dir_ / fs::u8path(name)).u8string(); }

    std::vector<std::string> entries() const {
        std::vector<std::string> names;
        for (const auto& entry : fs::directory_iterator(dir_))
            names.push_back(entry.path().filename().u8string());
        std::sort(names.begin(), names.end());
        return names;
    }

    void makeReadOnly(const std::string& name) const {
        ASSERT_TRUE(SetFileAttributesW(fs::u8path(path(name)).c_str(), FILE_ATTRIBUTE_READONLY));
    }

    fs::path dir_;
};

using cs::test::errorFrom;

testing::AssertionResult contains(const std::string& text, const std::string& part) {
    if (text.find(part) != std::string::npos) return testing::AssertionSuccess();
    return testing::AssertionFailure() << "\"" << text << "\" does not contain \"" << part << "\"";
}

TEST_F(FileWindowsTest, WriteCreatesAndReplacesLeavingNoTemporaryFile) {
    cs::writeFileAtomic(path("out.bin"), std::string(100000, 'x'));
    cs::writeFileAtomic(path("out.bin"), std::string("short"));
    EXPECT_EQ(cs::readFile(path("out.bin")), "short");
    EXPECT_EQ(entries(), std::vector<std::string>{"out.bin"});
}

TEST_F(FileWindowsTest, BinaryBytesAreNotTranslated) {
    const std::string bytes("a\0b\r\n\n\x1a\xff", 8);
    cs::writeFileAtomic(path("data.bin"), bytes);
    EXPECT_EQ(cs::readFile(path("data.bin")), bytes);
}

// A name Windows holds in UTF-16: the program's UTF-8 reaches the right file.
TEST_F(FileWindowsTest, NonAsciiNamesAreWrittenAndRead) {
    const std::string name = "\xc3\xb6-\xe6\x97\xa5\xe6\x9c\xac-\xc3\xa9.png";  // ö-日本-é.png
    cs::writeFileAtomic(path(name), std::string("bytes"));
    EXPECT_EQ(entries(), std::vector<std::string>{name});
    EXPECT_EQ(cs::readFile(path(name)), "bytes");
    EXPECT_NO_THROW(cs::checkWritable(path(name)));
}

TEST_F(FileWindowsTest, MissingFileAndMissingDirectoryNameThePath) {
    EXPECT_TRUE(contains(errorFrom([&] { cs::readFile(path("missing.txt")); }),
                         "missing.txt: cannot open ("));
    const std::string target = path("no-such-dir/out.bin");
    EXPECT_TRUE(contains(errorFrom([&] { cs::checkWritable(target); }),
                         "out.bin: cannot write into its directory ("));
    EXPECT_TRUE(contains(errorFrom([&] { cs::writeFileAtomic(target, std::string("new")); }),
                         "out.bin: cannot write into its directory ("));
    EXPECT_TRUE(entries().empty());
}

TEST_F(FileWindowsTest, DirectoryAsOutputIsRefusedBeforeAnyWrite) {
    fs::create_directory(fs::u8path(path("target")));
    EXPECT_TRUE(contains(errorFrom([&] { cs::checkWritable(path("target")); }),
                         "target: is a directory, not a file"));
    EXPECT_TRUE(contains(errorFrom([&] { cs::writeFileAtomic(path("target"), std::string("x")); }),
                         "target: is a directory, not a file"));
    EXPECT_TRUE(contains(errorFrom([&] { cs::readFile(path("target")); }),
                         "target: is a directory, not a file"));
    EXPECT_EQ(entries(), std::vector<std::string>{"target"});
}

// MoveFileExW cannot replace a read-only file: refused before anything is written.
TEST_F(FileWindowsTest, ReadOnlyFileIsRefusedBeforeAnyWrite) {
    cs::writeFileAtomic(path("locked.png"), std::string("old"));
    makeReadOnly("locked.png");
    const std::string message = path("locked.png") + ": is read-only, so it cannot be replaced";
    EXPECT_EQ(errorFrom([&] { cs::checkWritable(path("locked.png")); }), message);
    cs::OutputBatch batch;
    batch.add(path("new.png"), "new");
    batch.add(path("locked.png"), "replaced");
    EXPECT_EQ(errorFrom([&] { batch.write(); }), message);
    EXPECT_EQ(cs::readFile(path("locked.png")), "old");
    EXPECT_EQ(entries(), std::vector<std::string>{"locked.png"});
}

// A file that another program holds open, sharing no deletion, cannot be replaced: the
// batch stops there, and the renames before it are undone, leaving no temporary or set-aside
// file behind.
TEST_F(FileWindowsTest, FileHeldOpenUndoesTheRenamesBeforeIt) {
    cs::writeFileAtomic(path("first.png"), std::string("first, old"));
    cs::writeFileAtomic(path("second.png"), std::string("second, old"));
    const HANDLE held = CreateFileW(fs::u8path(path("second.png")).c_str(), GENERIC_READ,
                                    FILE_SHARE_READ, nullptr, OPEN_EXISTING, 0, nullptr);
    ASSERT_NE(held, INVALID_HANDLE_VALUE);
    cs::OutputBatch batch;
    batch.add(path("new.png"), "new");
    batch.add(path("first.png"), "first, new");
    batch.add(path("second.png"), "second, new");
    const std::string message = errorFrom([&] { batch.write(); });
    CloseHandle(held);
    EXPECT_EQ(message,
              path("second.png") + ": is open in another program, so it cannot be replaced");
    EXPECT_EQ(cs::readFile(path("first.png")), "first, old");
    EXPECT_EQ(cs::readFile(path("second.png")), "second, old");
    EXPECT_EQ(entries(), (std::vector<std::string>{"first.png", "second.png"}));
}

TEST_F(FileWindowsTest, NulDeviceIsWrittenInPlace) {
    EXPECT_TRUE(cs::isSpecialFile("NUL"));
    cs::OutputBatch batch;
    batch.add("NUL", "discarded");
    batch.add(path("kept.bin"), "kept");
    batch.write();
    EXPECT_EQ(entries(), std::vector<std::string>{"kept.bin"});
}

TEST_F(FileWindowsTest, SameFileComparesWhereTheyLead) {
    cs::writeFileAtomic(path("a.png"), std::string("a"));
    EXPECT_TRUE(cs::sameFile(path("a.png"), path("./a.png")));
    EXPECT_FALSE(cs::sameFile(path("a.png"), path("b.png")));
    EXPECT_TRUE(cs::sameFile(path("new.png"), path("sub/../new.png")));
}

}  // namespace
