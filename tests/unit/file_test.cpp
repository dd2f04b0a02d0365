// readFile and writeFileAtomic: contents survive exactly, and a failed write leaves
// the directory as it was (old file intact, no temporary files).
#include "util/file.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "support/error_from.h"
#include "util/error.h"

namespace fs = std::filesystem;

namespace {

// Each test gets its own empty directory, removed afterwards.
class FileTest : public testing::Test {
protected:
    void SetUp() override {
        std::string name = testing::UnitTest::GetInstance()->current_test_info()->name();
        std::replace(name.begin(), name.end(), '/', '_');
        dir_ = fs::path(testing::TempDir()) /
               ("cs_file_test_" + std::to_string(::getpid()) + "_" + name);
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }

    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    // Names in the test directory, sorted: shows leftover temporary files.
    std::vector<std::string> entries() const {
        std::vector<std::string> names;
        for (const auto& entry : fs::directory_iterator(dir_)) {
            names.push_back(entry.path().filename().string());
        }
        std::sort(names.begin(), names.end());
        return names;
    }

    fs::path dir_;
};

void writePlain(const std::string& path, const std::string& contents) {
    std::ofstream(path, std::ios::binary) << contents;
}

using cs::test::errorFrom;

testing::AssertionResult contains(const std::string& text, const std::string& part) {
    if (text.find(part) != std::string::npos) return testing::AssertionSuccess();
    return testing::AssertionFailure() << "\"" << text << "\" does not contain \"" << part << "\"";
}

TEST_F(FileTest, ReadFileReturnsBinaryBytesUnchanged) {
    const std::string bytes("a\0b\r\n\xff\x00z", 8);
    writePlain(path("data.bin"), bytes);
    EXPECT_EQ(cs::readFile(path("data.bin")), bytes);
}

TEST_F(FileTest, ReadFileOfMissingFileNamesPathAndReason) {
    const std::string missing = path("missing.txt");
    const std::string message = errorFrom([&] { cs::readFile(missing); });
    EXPECT_TRUE(contains(message, missing));
    EXPECT_TRUE(contains(message, "No such file"));
}

TEST_F(FileTest, ReadFileOfDirectoryThrows) {
    fs::create_directory(path("folder"));
    EXPECT_TRUE(contains(errorFrom([&] { cs::readFile(path("folder")); }), path("folder")));
}

TEST_F(FileTest, WriteAtomicCreatesFile) {
    cs::writeFileAtomic(path("out.txt"), std::string("hello"));
    EXPECT_EQ(cs::readFile(path("out.txt")), "hello");
    EXPECT_EQ(entries(), std::vector<std::string>{"out.txt"});
}

TEST_F(FileTest, WriteAtomicReplacesLongerContent) {
    cs::writeFileAtomic(path("out.bin"), std::string(100000, 'x'));
    cs::writeFileAtomic(path("out.bin"), std::string("short"));
    EXPECT_EQ(cs::readFile(path("out.bin")), "short");
    EXPECT_EQ(entries(), std::vector<std::string>{"out.bin"});
}

TEST_F(FileTest, WriteAtomicWritesEmptyFile) {
    writePlain(path("out.bin"), "old");
    cs::writeFileAtomic(path("out.bin"), nullptr, 0);
    EXPECT_EQ(cs::readFile(path("out.bin")), "");
}

TEST_F(FileTest, WriteIntoMissingDirectoryThrowsAndLeavesNothing) {
    writePlain(path("keep.txt"), "old");
    const std::string target = path("no-such-dir/out.bin");
    EXPECT_TRUE(
        contains(errorFrom([&] { cs::writeFileAtomic(target, std::string("new")); }), target));
    EXPECT_EQ(entries(), std::vector<std::string>{"keep.txt"});
    EXPECT_EQ(cs::readFile(path("keep.txt")), "old");
}

TEST_F(FileTest, WriteOntoDirectoryThrowsAndLeavesNoTempFile) {
    // The temporary file is created and written fine; only the final rename fails,
    // so this checks the clean-up after a late failure.
    writePlain(path("keep.txt"), "old");
    fs::create_directory(path("target"));
    writePlain(path("target/inside.txt"), "inside");
    EXPECT_TRUE(
        contains(errorFrom([&] { cs::writeFileAtomic(path("target"), std::string("new")); }),
                 path("target")));
    EXPECT_EQ(entries(), (std::vector<std::string>{"keep.txt", "target"}));
    EXPECT_EQ(cs::readFile(path("keep.txt")), "old");
    EXPECT_EQ(cs::readFile(path("target/inside.txt")), "inside");
}

TEST_F(FileTest, ConcurrentWritersNeverMixContents) {
    // Every writer uses its own temporary file, so the target always holds exactly
    // one writer's complete contents.
    const std::string target = path("shared.bin");
    std::vector<std::thread> writers;
    for (int t = 0; t < 8; ++t) {
        writers.emplace_back([&target, t] {
            const std::string contents(4096 + t, char('a' + t));
            for (int i = 0; i < 20; ++i) cs::writeFileAtomic(target, contents);
        });
    }
    for (auto& writer : writers) writer.join();

    const std::string result = cs::readFile(target);
    ASSERT_FALSE(result.empty());
    const int t = result[0] - 'a';
    EXPECT_EQ(result, std::string(4096 + t, char('a' + t)));
    EXPECT_EQ(entries(), std::vector<std::string>{"shared.bin"});
}

}  // namespace
