// readFile, OutputBatch and writeFileAtomic: contents survive exactly, a read stops where the
// format says, a failed or interrupted write leaves the directory as it was (every old file
// intact, no temporary files), and special files (devices, FIFOs, our own stdout) and symlinks
// are written through, never replaced.
#include "util/file.h"

#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "support/error_from.h"
#include "support/scratch_dir.h"
#include "support/unreplaceable.h"
#include "util/error.h"

namespace fs = std::filesystem;

namespace {

// Each test gets its own empty directory, removed afterwards.
class FileTest : public testing::Test {
protected:
    void SetUp() override { dir_ = cs::test::freshTestDirectory("cs_file_test_"); }
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

// For a child process (a death test's): a write past 64 KiB raises SIGXFSZ, and fails.
void limitFileSizes() {
    rlimit limit{};
    limit.rlim_cur = limit.rlim_max = 1 << 16;
    setrlimit(RLIMIT_FSIZE, &limit);
}

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
    EXPECT_TRUE(contains(errorFrom([&] { cs::writeFileAtomic(target, std::string("new")); }),
                         "no-such-dir/out.bin: cannot write into its directory (No such file"));
    EXPECT_EQ(entries(), std::vector<std::string>{"keep.txt"});
    EXPECT_EQ(cs::readFile(path("keep.txt")), "old");
}

TEST_F(FileTest, WriteOntoDirectoryThrowsAndLeavesNoTempFile) {
    writePlain(path("keep.txt"), "old");
    fs::create_directory(path("target"));
    writePlain(path("target/inside.txt"), "inside");
    EXPECT_TRUE(
        contains(errorFrom([&] { cs::writeFileAtomic(path("target"), std::string("new")); }),
                 "target: is a directory"));
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

// A late failure: the temporary file exists and is half written when write() fails (here with
// EFBIG, past a file-size limit set in a child process); it must go, and the old file stay.
TEST_F(FileTest, FailedWriteRemovesTheTemporaryFile) {
    writePlain(path("out.bin"), "old");
    EXPECT_EXIT(
        {
            std::signal(SIGXFSZ, SIG_IGN);  // the write fails instead of ending the process
            limitFileSizes();
            try {
                cs::writeFileAtomic(path("out.bin"), std::string(1 << 20, 'x'));
            } catch (const cs::Error& error) {
                std::fprintf(stderr, "%s\n", error.what());
                std::_Exit(0);
            }
            std::_Exit(1);
        },
        testing::ExitedWithCode(0), "out.bin: write failed \\(File too large\\)");
    EXPECT_EQ(entries(), std::vector<std::string>{"out.bin"});
    EXPECT_EQ(cs::readFile(path("out.bin")), "old");
}

// SIGINT or SIGTERM while the temporary file is being written. To make it arrive there every
// time, the child limits its file size: the write that passes the limit raises SIGXFSZ, whose
// handler sends the signal under test from inside that write.
TEST_F(FileTest, InterruptedWriteLeavesNoTemporaryFile) {
    writePlain(path("out.bin"), "old");
    for (const int signal : {SIGINT, SIGTERM}) {
        EXPECT_EXIT(
            {
                static int interrupt;  // for the handler, which can capture nothing
                interrupt = signal;
                std::signal(SIGXFSZ, [](int) { std::raise(interrupt); });
                limitFileSizes();
                cs::writeFileAtomic(path("out.bin"), std::string(1 << 20, 'x'));
                std::_Exit(0);
            },
            testing::KilledBySignal(signal), "");
        EXPECT_EQ(entries(), std::vector<std::string>{"out.bin"}) << "signal " << signal;
        EXPECT_EQ(cs::readFile(path("out.bin")), "old");
    }
}

TEST_F(FileTest, SymlinkIsFollowedAndStaysALink) {
    writePlain(path("real.bin"), "old");
    fs::create_symlink("real.bin", path("link.bin"));
    fs::create_symlink(path("link.bin"), path("link-to-link.bin"));
    cs::writeFileAtomic(path("link-to-link.bin"), std::string("new"));
    EXPECT_EQ(cs::readFile(path("real.bin")), "new");
    EXPECT_TRUE(fs::is_symlink(path("link.bin")));
    EXPECT_TRUE(fs::is_symlink(path("link-to-link.bin")));
    EXPECT_EQ(entries(), (std::vector<std::string>{"link-to-link.bin", "link.bin", "real.bin"}));
}

TEST_F(FileTest, SymlinkToAFileNotYetThereCreatesIt) {
    fs::create_directory(path("sub"));
    fs::create_symlink("sub/made.bin", path("link.bin"));
    cs::writeFileAtomic(path("link.bin"), std::string("new"));
    EXPECT_TRUE(fs::is_symlink(path("link.bin")));
    EXPECT_EQ(cs::readFile(path("sub/made.bin")), "new");
}

// A FIFO is written into, not replaced by a regular file. The read end is opened first,
// without blocking, so the test cannot hang whatever the write does.
TEST_F(FileTest, FifoIsWrittenInPlace) {
    const std::string fifo = path("fifo");
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0) << std::strerror(errno);
    const int reader = open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
    ASSERT_GE(reader, 0) << std::strerror(errno);
    cs::writeFileAtomic(fifo, std::string("through the pipe"));
    char buffer[64] = {};
    const ssize_t got = read(reader, buffer, sizeof buffer);
    close(reader);
    EXPECT_EQ(std::string(buffer, got > 0 ? size_t(got) : 0), "through the pipe");
    EXPECT_TRUE(fs::is_fifo(fifo));
    EXPECT_EQ(entries(), std::vector<std::string>{"fifo"});
}

// As root, a rename would replace a device node with a regular file. Root writes to a device
// node of its own here, a copy of /dev/null, so that a failure cannot break the real one;
// others cannot replace /dev/null, and write to it.
TEST_F(FileTest, CharacterDeviceIsWrittenInPlace) {
    std::string device = "/dev/null";
    if (geteuid() == 0) {
        struct stat null {};
        ASSERT_EQ(stat("/dev/null", &null), 0);
        device = path("null");
        if (mknod(device.c_str(), S_IFCHR | 0666, null.st_rdev) != 0)
            GTEST_SKIP() << "cannot make a device node here: " << std::strerror(errno);
        const int probe = open(device.c_str(), O_WRONLY);
        if (probe < 0)
            GTEST_SKIP() << "device nodes cannot be opened here (nodev?): " << std::strerror(errno);
        close(probe);
    }
    cs::writeFileAtomic(device, std::string("discarded"));
    struct stat info {};
    ASSERT_EQ(stat(device.c_str(), &info), 0);
    EXPECT_TRUE(S_ISCHR(info.st_mode)) << device << " is no longer a character device";
    EXPECT_EQ(cs::readFile(device), "");
}

// `--output /dev/stdout > file`: stdout is a regular file then, and the bytes must follow what
// was printed there, not replace the file.
TEST_F(FileTest, OwnStdoutIsWrittenThroughEvenWhenItIsAFile) {
    if (!fs::exists("/dev/stdout")) GTEST_SKIP() << "this system has no /dev/stdout";
    const std::string out = path("stdout.txt");
    EXPECT_EXIT(
        {
            if (!std::freopen(out.c_str(), "w", stdout)) std::_Exit(2);
            std::printf("printed\n");
            cs::writeFileAtomic("/dev/stdout", std::string("written\n"));
            std::fflush(stdout);
            std::_Exit(0);
        },
        testing::ExitedWithCode(0), "");
    EXPECT_EQ(cs::readFile(out), "printed\nwritten\n");
    EXPECT_EQ(entries(), std::vector<std::string>{"stdout.txt"});
}

TEST_F(FileTest, ReplacedFileKeepsItsPermissions) {
    const fs::perms mode = fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read;
    writePlain(path("private.bin"), "old");
    fs::permissions(path("private.bin"), mode);
    cs::writeFileAtomic(path("private.bin"), std::string("new"));
    EXPECT_EQ(fs::status(path("private.bin")).permissions(), mode);
    EXPECT_EQ(cs::readFile(path("private.bin")), "new");
}

TEST_F(FileTest, NewFileGetsTheUsualPermissions) {
    const mode_t mask = umask(0);
    umask(mask);
    cs::writeFileAtomic(path("new.bin"), std::string("new"));
    struct stat info {};
    ASSERT_EQ(stat(path("new.bin").c_str(), &info), 0);
    EXPECT_EQ(info.st_mode & 0777, 0666 & ~mask);
}

// The temporary file's name must fit wherever the target's does.
TEST_F(FileTest, LongestFileNameIsWritten) {
    if (pathconf(dir_.c_str(), _PC_NAME_MAX) < 255)
        GTEST_SKIP() << "this file system's names are shorter than 255 bytes";
    const std::string name(255, 'n');
    cs::writeFileAtomic(path(name), std::string("x"));
    EXPECT_EQ(entries(), std::vector<std::string>{name});
}

TEST_F(FileTest, ReadFileStopsAtItsLimit) {
    writePlain(path("big.bin"), std::string(1001, 'b'));
    EXPECT_TRUE(contains(errorFrom([&] {
                             cs::readFile(path("big.bin"), {1000, "ten tens"});
                         }),
                         "big.bin: larger than 1000 bytes (ten tens)"));
    EXPECT_EQ(cs::readFile(path("big.bin"), {1001}).size(), 1001u);
    // A device that never ends.
    EXPECT_TRUE(contains(errorFrom([&] { cs::readFile("/dev/zero", {1 << 20}); }),
                         "/dev/zero: larger than 1048576 bytes (the most read from one file)"));
}

// The format's check sees the first 64 KiB once, and refuses /dev/zero there, not at the end
// of a gigabyte.
TEST_F(FileTest, ReadFileRefusesAsSoonAsTheFirstBytesCannotStartAFile) {
    std::vector<std::size_t> seen;
    cs::ReadLimits limits;
    limits.checkStart = [&](const std::string& start) -> std::size_t {
        seen.push_back(start.size());
        if (start.compare(0, 4, "FILE") != 0) throw cs::Error("no signature");
        return limits.maxBytes;
    };
    EXPECT_EQ(errorFrom([&] { cs::readFile("/dev/zero", limits); }), "no signature");
    EXPECT_EQ(seen, std::vector<std::size_t>{1 << 16});

    seen.clear();
    writePlain(path("short.bin"), "FILE and a little more");
    EXPECT_EQ(cs::readFile(path("short.bin"), limits), "FILE and a little more");
    EXPECT_EQ(seen, std::vector<std::size_t>{22});  // the whole file, which is shorter

    seen.clear();
    writePlain(path("empty.bin"), "");
    EXPECT_EQ(cs::readFile(path("empty.bin"), limits), "");
    EXPECT_TRUE(seen.empty()) << "called on no bytes";
}

// A header that tells the file's size (an image's) lowers the limit while the bytes arrive.
TEST_F(FileTest, ReadFileStopsWhereTheFirstBytesSay) {
    cs::ReadLimits limits;
    limits.checkStart = [](const std::string&) { return std::size_t(100000); };
    EXPECT_TRUE(contains(errorFrom([&] { cs::readFile("/dev/zero", limits); }),
                         "/dev/zero: larger than 100000 bytes (the most a file that starts as this "
                         "one does holds)"));
    writePlain(path("long.bin"), std::string(100001, 'x'));
    EXPECT_TRUE(contains(errorFrom([&] { cs::readFile(path("long.bin"), limits); }),
                         "long.bin: larger than 100000 bytes"));
    // A limit only ever lowers: kMaxReadBytes and the caller's stay above what the start says.
    limits.maxBytes = 1000;
    EXPECT_TRUE(contains(errorFrom([&] { cs::readFile(path("long.bin"), limits); }),
                         "long.bin: larger than 1000 bytes"));
}

// ---- A batch of outputs: every file replaced, or none ----

TEST_F(FileTest, BatchWritesEveryFile) {
    writePlain(path("old.bin"), "old");
    cs::OutputBatch batch;
    batch.add(path("old.bin"), "new");
    batch.add(path("made.bin"), "made");
    batch.add("/dev/null", "discarded");
    batch.write();
    EXPECT_EQ(cs::readFile(path("old.bin")), "new");
    EXPECT_EQ(cs::readFile(path("made.bin")), "made");
    EXPECT_EQ(entries(), (std::vector<std::string>{"made.bin", "old.bin"}));
}

// /dev/full stands in for a full disk: its write fails after the regular files' temporary
// files are written, and before any of them is renamed.
TEST_F(FileTest, BatchWithAFailingDeviceReplacesNoFile) {
    if (!fs::exists("/dev/full")) GTEST_SKIP() << "this system has no /dev/full";
    writePlain(path("first.bin"), "old");
    for (const bool deviceFirst : {false, true}) {
        cs::OutputBatch batch;
        if (deviceFirst) batch.add("/dev/full", "x");
        batch.add(path("first.bin"), "new");
        batch.add(path("second.bin"), "new");
        if (!deviceFirst) batch.add("/dev/full", "x");
        EXPECT_TRUE(contains(errorFrom([&] { batch.write(); }),
                             "/dev/full: write failed (No space left on device)"));
        EXPECT_EQ(cs::readFile(path("first.bin")), "old");
        EXPECT_EQ(entries(), std::vector<std::string>{"first.bin"});
    }
}

// A regular file's write failing (EFBIG past a file-size limit set in a child process) after
// an earlier file's temporary file is complete: both temporary files go, both old files stay,
// and the FIFO in the batch is never written, because special files wait for every temporary
// file.
TEST_F(FileTest, BatchWithAFailingRegularFileReplacesNoFileAndWritesNoFifo) {
    writePlain(path("small.bin"), "old");
    writePlain(path("large.bin"), "old");
    const std::string fifo = path("fifo");
    ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0) << std::strerror(errno);
    const int reader = open(fifo.c_str(), O_RDONLY | O_NONBLOCK);
    ASSERT_GE(reader, 0) << std::strerror(errno);
    EXPECT_EXIT(
        {
            std::signal(SIGXFSZ, SIG_IGN);  // the write fails instead of ending the process
            limitFileSizes();
            cs::OutputBatch batch;
            batch.add(fifo, "through the pipe");
            batch.add(path("small.bin"), "new");
            batch.add(path("large.bin"), std::string(1 << 20, 'x'));
            try {
                batch.write();
            } catch (const cs::Error& error) {
                std::fprintf(stderr, "%s\n", error.what());
                std::_Exit(0);
            }
            std::_Exit(1);
        },
        testing::ExitedWithCode(0), "large.bin: write failed \\(File too large\\)");
    char buffer[64] = {};
    EXPECT_LE(read(reader, buffer, sizeof buffer), 0) << "the FIFO got: " << buffer;
    close(reader);
    EXPECT_EQ(cs::readFile(path("small.bin")), "old");
    EXPECT_EQ(cs::readFile(path("large.bin")), "old");
    EXPECT_EQ(entries(), (std::vector<std::string>{"fifo", "large.bin", "small.bin"}));
}

// SIGINT while the second of two temporary files is being written: the signal handler removes
// both, the first one complete, the second one half written.
TEST_F(FileTest, InterruptedBatchLeavesNoTemporaryFile) {
    writePlain(path("small.bin"), "old");
    EXPECT_EXIT(
        {
            std::signal(SIGXFSZ, [](int) { std::raise(SIGINT); });
            limitFileSizes();
            cs::OutputBatch batch;
            batch.add(path("small.bin"), "new");
            batch.add(path("large.bin"), std::string(1 << 20, 'x'));
            batch.write();
            std::_Exit(0);
        },
        testing::KilledBySignal(SIGINT), "");
    EXPECT_EQ(entries(), std::vector<std::string>{"small.bin"});
    EXPECT_EQ(cs::readFile(path("small.bin")), "old");
}

// The --bench report goes to stdout with the special files: printed after the outputs queued
// before it, and, failing, it replaces no file.
TEST_F(FileTest, BatchPrintsStdoutTextBeforeReplacingAnyFile) {
    writePlain(path("kept.bin"), "old");
    const std::string out = path("stdout.txt");
    EXPECT_EXIT(
        {
            if (!std::freopen(out.c_str(), "w", stdout)) std::_Exit(2);
            std::printf("printed\n");
            cs::OutputBatch batch;
            batch.add(path("made.bin"), "made");
            batch.addStdout("report\n");
            batch.write();
            std::_Exit(0);
        },
        testing::ExitedWithCode(0), "");
    EXPECT_EQ(cs::readFile(out), "printed\nreport\n");
    EXPECT_EQ(cs::readFile(path("made.bin")), "made");
    if (!fs::exists("/dev/full")) GTEST_SKIP() << "this system has no /dev/full";
    EXPECT_EXIT(
        {
            if (!std::freopen("/dev/full", "w", stdout)) std::_Exit(2);
            cs::OutputBatch batch;
            batch.add(path("kept.bin"), "new");
            batch.addStdout("report\n");
            try {
                batch.write();
            } catch (const cs::Error& error) {
                std::fprintf(stderr, "%s\n", error.what());
                std::_Exit(0);
            }
            std::_Exit(1);
        },
        testing::ExitedWithCode(0), "stdout: write failed \\(No space left on device\\)");
    EXPECT_EQ(cs::readFile(path("kept.bin")), "old");
    EXPECT_EQ(entries(), (std::vector<std::string>{"kept.bin", "made.bin", "stdout.txt"}));
}

// A directory among the outputs is refused before anything is written.
TEST_F(FileTest, BatchRefusesADirectoryBeforeWritingAnything) {
    fs::create_directory(path("folder"));
    cs::OutputBatch batch;
    batch.add(path("made.bin"), "made");
    batch.add(path("folder"), "x");
    EXPECT_TRUE(contains(errorFrom([&] { batch.write(); }), "folder: is a directory"));
    EXPECT_EQ(entries(), std::vector<std::string>{"folder"});
}

TEST_F(FileTest, BatchHoldsAtMostItsFixedNumberOfFiles) {
    cs::OutputBatch batch;
    for (std::size_t i = 0; i < cs::OutputBatch::kMaxFiles; ++i)
        batch.add(path(std::to_string(i)), "x");
    EXPECT_THROW(batch.add(path("one too many"), "x"), std::logic_error);
    batch.write();
    EXPECT_EQ(entries().size(), cs::OutputBatch::kMaxFiles);
}

TEST_F(FileTest, CheckWritableNamesWhatIsWrongAndCreatesNothing) {
    writePlain(path("file"), "x");
    fs::create_directory(path("folder"));
    EXPECT_NO_THROW(cs::checkWritable(path("new.bin")));
    EXPECT_NO_THROW(cs::checkWritable(path("file")));
    EXPECT_NO_THROW(cs::checkWritable("/dev/null"));
    const std::string missing = errorFrom([&] { cs::checkWritable(path("missing/out.bin")); });
    EXPECT_TRUE(contains(missing, "out.bin: cannot write into its directory"));
    EXPECT_TRUE(contains(missing, "(No such file or directory)"));
    EXPECT_TRUE(
        contains(errorFrom([&] { cs::checkWritable(path("file/out.bin")); }), "(Not a directory)"));
    EXPECT_TRUE(
        contains(errorFrom([&] { cs::checkWritable(path("folder")); }), "folder: is a directory"));
    fs::create_symlink("file/out.bin", path("link.bin"));  // into a file as if a directory
    EXPECT_TRUE(
        contains(errorFrom([&] { cs::checkWritable(path("link.bin")); }), "(Not a directory)"));
    EXPECT_EQ(entries(), (std::vector<std::string>{"file", "folder", "link.bin"}));
}

TEST_F(FileTest, CheckWritableRefusesADirectoryWithoutWritePermission) {
    if (geteuid() == 0) GTEST_SKIP() << "root may write into any directory";
    fs::create_directory(path("locked"));
    fs::permissions(path("locked"), fs::perms::owner_read | fs::perms::owner_exec);
    EXPECT_TRUE(contains(errorFrom([&] { cs::checkWritable(path("locked/out.bin")); }),
                         "(Permission denied)"));
    fs::permissions(path("locked"), fs::perms::owner_all);
}

TEST_F(FileTest, SameFileSeesThroughSpellingsAndLinks) {
    const std::string a = path("a.png");
    EXPECT_TRUE(cs::sameFile(a, path("./a.png")));  // neither exists yet
    EXPECT_TRUE(cs::sameFile(a, path("sub/../a.png")));
    fs::create_symlink("a.png", path("link.png"));
    EXPECT_TRUE(cs::sameFile(a, path("link.png")));
    EXPECT_FALSE(cs::sameFile(a, path("b.png")));
    writePlain(a, "a");
    EXPECT_TRUE(cs::sameFile(path("link.png"), a));
    EXPECT_FALSE(cs::sameFile(a, path("b.png")));
    writePlain(path("b.png"), "b");
    EXPECT_FALSE(cs::sameFile(a, path("b.png")));
}

TEST_F(FileTest, SpecialFilesAreDevicesFifosAndOurOwnStreams) {
    writePlain(path("file"), "x");
    ASSERT_EQ(mkfifo(path("fifo").c_str(), 0600), 0);
    EXPECT_TRUE(cs::isSpecialFile("/dev/null"));
    EXPECT_TRUE(cs::isSpecialFile(path("fifo")));
    EXPECT_FALSE(cs::isSpecialFile(path("file")));
    EXPECT_FALSE(cs::isSpecialFile(path("missing")));
    EXPECT_FALSE(cs::isSpecialFile(dir_.string()));
}

// A rename that fails after another output's rename has landed undoes it: the first file
// gets its old bytes back, and nothing the batch made stays (no temporary, no set-aside copy).
TEST_F(FileTest, AFailedRenameUndoesTheRenamesBeforeIt) {
    writePlain(path("mine.png"), "mine, old");
    writePlain(path("theirs.png"), "theirs, old");
    const cs::test::Unreplaceable blocked(path("theirs.png"));
    if (!blocked.made())
        GTEST_SKIP() << "no file here can be made unreplaceable: " << blocked.why();
    cs::OutputBatch batch;
    batch.add(path("new.png"), "a new file");  // renamed first: must go again
    batch.add(path("mine.png"), "mine, new");  // renamed second: must come back
    batch.add(path("theirs.png"), "theirs, new");
    const std::string error = errorFrom([&] { batch.write(); });
    // Setting the old file aside (a link) or the rename itself fails, after the two renames
    // before it.
    EXPECT_TRUE(contains(error, "theirs.png: cannot set aside the file it would replace") ||
                contains(error, "theirs.png: cannot rename the temporary file onto it"))
        << error;
    EXPECT_EQ(cs::readFile(path("mine.png")), "mine, old");
    EXPECT_EQ(cs::readFile(path("theirs.png")), "theirs, old");
    EXPECT_EQ(entries(), (std::vector<std::string>{"mine.png", "theirs.png"})) << blocked.how();
}

// checkWritable refuses, before any work, a file that no rename could replace.
TEST_F(FileTest, AnUnreplaceableFileIsRefusedUpFront) {
    writePlain(path("theirs.png"), "theirs");
    const cs::test::Unreplaceable blocked(path("theirs.png"));
    if (!blocked.made())
        GTEST_SKIP() << "no file here can be made unreplaceable: " << blocked.why();
    const std::string error = errorFrom([&] { cs::checkWritable(path("theirs.png")); });
    EXPECT_TRUE(contains(error, "theirs.png: is a mount point") ||
                contains(error, "theirs.png: is marked immutable"))
        << error;
}

// A FIFO that nobody opens is given up after kFifoWaitSeconds, for reading and for writing,
// with one line; the batch's other files keep their bytes.
TEST_F(FileTest, FifoWaitsAreBounded) {
    ASSERT_EQ(mkfifo(path("fifo").c_str(), 0600), 0) << std::strerror(errno);
    const auto start = std::chrono::steady_clock::now();
    const std::string read = errorFrom([&] { cs::readFile(path("fifo")); });
    EXPECT_TRUE(contains(read, "fifo: nothing came through the FIFO for 5 s")) << read;
    writePlain(path("kept.bin"), "kept");
    cs::OutputBatch batch;
    batch.add(path("kept.bin"), "replaced");
    batch.add(path("fifo"), "to nobody");
    const std::string wrote = errorFrom([&] { batch.write(); });
    EXPECT_TRUE(contains(wrote, "fifo: no reader opened the FIFO within 5 s")) << wrote;
    EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(15));
    EXPECT_EQ(cs::readFile(path("kept.bin")), "kept");
    EXPECT_EQ(entries(), (std::vector<std::string>{"fifo", "kept.bin"}));
}

// A FIFO whose writer comes, writes and goes is read whole, as before.
TEST_F(FileTest, AFifoIsReadUntilItsWriterCloses) {
    ASSERT_EQ(mkfifo(path("fifo").c_str(), 0600), 0) << std::strerror(errno);
    std::thread writer([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));  // after the reader opens
        writePlain(path("fifo"), std::string(100000, 'x'));
    });
    const std::string got = cs::readFile(path("fifo"));
    writer.join();
    EXPECT_EQ(got, std::string(100000, 'x'));
}

// Our stdout into a pipe whose reader has gone: a write error, not a death by SIGPIPE.
TEST_F(FileTest, AClosedPipeIsAWriteError) {
    EXPECT_EXIT(
        {
            int ends[2];
            if (pipe(ends) != 0) std::_Exit(3);
            close(ends[0]);
            dup2(ends[1], STDOUT_FILENO);
            cs::OutputBatch batch;
            batch.add("/dev/stdout", "to nobody");
            try {
                batch.write();
            } catch (const cs::Error& e) {
                std::fprintf(stderr, "%s\n", e.what());
                std::_Exit(1);
            }
            std::_Exit(0);
        },
        testing::ExitedWithCode(1), "/dev/stdout: write failed \\(Broken pipe\\)");
}

}  // namespace
