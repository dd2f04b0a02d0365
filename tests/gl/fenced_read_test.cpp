// The fenced read (a GPU result read a frame late without a stall) and the shared staging
// buffer of Buffer::download, on the real driver.
#include "gl/fenced_read.h"

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <numeric>
#include <thread>
#include <vector>

#include "gl/gl_test.h"
#include "gl/objects.h"

namespace {

using FencedRead = cs::test::GlTest;

// What glFinish guarantees: every fence set before it has signalled.
void waitForTheGpu() {
    glFinish();
}

TEST_F(FencedRead, NothingIsKnownBeforeTheFirstCopyHasFinished) {
    const std::uint32_t value = 7;
    const cs::Buffer source("source", 4, cs::BufferUse::Computed, &value);
    cs::FencedRead read("count", 4);
    EXPECT_FALSE(read.known());
    EXPECT_FALSE(read.poll());  // nothing requested: nothing to read
    read.request(source);
    waitForTheGpu();
    EXPECT_TRUE(read.poll());
    ASSERT_TRUE(read.known());
    EXPECT_EQ(read.value<std::uint32_t>(), 7u);
    EXPECT_FALSE(read.poll());  // no newer copy since
}

TEST_F(FencedRead, ReadsTheBytesAtTheOffsetAsTheyWereAtTheRequest) {
    const std::vector<std::uint32_t> words = {1, 2, 3, 4};
    const cs::Buffer source("words", 16, cs::BufferUse::Computed, words.data());
    cs::FencedRead read("two words", 8);
    read.request(source, 8);
    // A later write to the source does not reach the copy already queued before it.
    const std::uint32_t changed = 99;
    source.upload(&changed, 4, 8);
    waitForTheGpu();
    read.poll();
    struct Pair {
        std::uint32_t a, b;
    };
    const Pair pair = read.value<Pair>();
    EXPECT_EQ(pair.a, 3u);
    EXPECT_EQ(pair.b, 4u);
}

TEST_F(FencedRead, KeepsTheNewestOfSeveralFinishedCopies) {
    const cs::Buffer source("source", 4, cs::BufferUse::Computed);
    cs::FencedRead read("newest", 4);
    for (std::uint32_t frame = 1; frame <= 3; ++frame) {
        source.upload(&frame, 4);
        read.request(source);
    }
    waitForTheGpu();
    read.poll();
    EXPECT_EQ(read.value<std::uint32_t>(), 3u);
}

TEST_F(FencedRead, SkipsARequestWhenEveryCopyIsInFlight) {
    const cs::Buffer source("source", 4, cs::BufferUse::Computed);
    cs::FencedRead read("skipped", 4);
    // Three slots: the fourth and fifth requests find none free and are dropped, not waited
    // for, so the newest value read is the third's.
    for (std::uint32_t frame = 1; frame <= 5; ++frame) {
        source.upload(&frame, 4);
        read.request(source);
    }
    waitForTheGpu();
    read.poll();
    EXPECT_EQ(read.value<std::uint32_t>(), 3u);
    // Once read, the slots are free again.
    read.request(source);
    waitForTheGpu();
    read.poll();
    EXPECT_EQ(read.value<std::uint32_t>(), 5u);
}

TEST_F(FencedRead, ResetForgetsTheValueAndTheCopiesInFlight) {
    const std::uint32_t value = 5;
    const cs::Buffer source("source", 4, cs::BufferUse::Computed, &value);
    cs::FencedRead read("reset", 4);
    read.request(source);
    waitForTheGpu();
    read.poll();
    read.request(source);
    read.reset();
    EXPECT_FALSE(read.known());
    waitForTheGpu();
    EXPECT_FALSE(read.poll());
    EXPECT_FALSE(read.known());
}

// A value comes back with its request's tag: the newest finished copy and its tag, never a
// tag of one request with the bytes of another, and a skipped request's tag nowhere.
TEST_F(FencedRead, AValueComesBackWithItsRequestsTag) {
    const std::vector<std::uint32_t> words = {10, 11, 12, 13, 14};
    const cs::Buffer source("words", 20, cs::BufferUse::Computed, words.data());
    cs::FencedRead read("tagged", 4);
    EXPECT_TRUE(read.request(source, 4, 101));  // word 1
    waitForTheGpu();
    read.poll();
    ASSERT_TRUE(read.holds(101));
    EXPECT_EQ(read.tag(), 101u);
    EXPECT_EQ(read.value<std::uint32_t>(), 11u);
    EXPECT_FALSE(read.holds(102));
    // Three requests in flight, of three elements; the fourth finds no free copy.
    for (std::uint64_t word : {2, 3, 4})
        EXPECT_TRUE(read.request(source, GLintptr(word * 4), 100 + word));
    EXPECT_FALSE(read.request(source, 0, 100));
    waitForTheGpu();
    EXPECT_TRUE(read.poll());
    EXPECT_TRUE(read.holds(104));
    EXPECT_EQ(read.value<std::uint32_t>(), 14u);
    // Each one alone: the bytes and the tag of the same request.
    for (std::uint64_t word = 0; word < 5; ++word) {
        read.request(source, GLintptr(word * 4), 200 + word);
        waitForTheGpu();
        read.poll();
        EXPECT_TRUE(read.holds(200 + word));
        EXPECT_EQ(read.value<std::uint32_t>(), words[word]);
    }
    // The default tag is 0, for callers that ask for one thing only.
    read.request(source);
    waitForTheGpu();
    read.poll();
    EXPECT_TRUE(read.holds(0));
    EXPECT_EQ(read.value<std::uint32_t>(), 10u);
}

// The held value answers one of the last kInFlight + 1 requests queued, so a caller may keep
// what it asked for in a ring of that many entries by tag: here with one request a frame
// and a poll before it, whatever the GPU has finished.
TEST_F(FencedRead, TheHeldValueAnswersOneOfTheLastRequestsQueued) {
    const cs::Buffer source("source", 4, cs::BufferUse::Computed);
    cs::FencedRead read("ring", 4);
    std::uint64_t queued = 0;  // requests queued so far, each tagged with its number
    for (int frame = 1; frame <= 16; ++frame) {
        if (frame % 5 == 0) waitForTheGpu();  // now and then the GPU catches up
        read.poll();
        if (read.known()) {
            EXPECT_GE(read.tag() + cs::FencedRead::kInFlight, queued) << "frame " << frame;
            EXPECT_EQ(read.value<std::uint32_t>(), read.tag());  // each copied its own number
        }
        const auto next = std::uint32_t(queued + 1);
        source.upload(&next, 4);
        if (read.request(source, 0, next)) queued = next;
    }
    EXPECT_GE(queued, cs::FencedRead::kInFlight);
}

// A TaggedRead gives back, with each value, the tag of the request it answers, however far
// behind the GPU is: here the settings (a frame number and a name) each copy was asked with.
TEST_F(FencedRead, ATaggedReadGivesBackTheTagItsValueWasAskedWith) {
    struct Asked {
        std::uint32_t frame;
        char name[8];
    };
    const cs::Buffer source("source", 4, cs::BufferUse::Computed);
    cs::TaggedRead<Asked> read("tagged settings", 4);
    EXPECT_FALSE(read.known());
    int queued = 0;
    std::uint32_t lastQueued = 0;
    for (std::uint32_t frame = 1; frame <= 16; ++frame) {
        // Every fifth frame the GPU catches up, and the read takes in the newest request's
        // value: polled until it has (at most 2 s), since a driver may let a fence read as
        // signalled a little after glFinish returns (zink did, once in a full run, and this
        // test counted too few requests). The other frames poll once, as a sample does.
        if (frame % 5 == 0) {
            waitForTheGpu();
            const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(2);
            const auto caughtUp = [&] {
                read.poll();
                return read.known() && read.tag().frame == lastQueued;
            };
            while (!caughtUp() && std::chrono::steady_clock::now() < until)
                std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
        read.poll();
        if (read.known()) {
            const std::uint32_t copied = read.value<std::uint32_t>();
            EXPECT_EQ(read.tag().frame, copied) << "frame " << frame;
            EXPECT_STREQ(read.tag().name, copied % 2 ? "odd" : "even") << "frame " << frame;
        }
        source.upload(&frame, 4);
        Asked asked{frame, {}};
        std::snprintf(asked.name, sizeof asked.name, "%s", frame % 2 ? "odd" : "even");
        if (read.request(source, 0, asked)) {
            ++queued;
            lastQueued = frame;
        }
    }
    EXPECT_GT(queued, 3);
    read.reset();
    EXPECT_FALSE(read.known());
}

TEST_F(FencedRead, AValueOfTheWrongSizeIsABug) {
    cs::FencedRead read("sized", 8);
    EXPECT_THROW(read.value<std::uint32_t>(), std::logic_error);
}

// --- Buffer::download through the shared staging buffer --------------------------------

using StagedDownload = cs::test::GlTest;

// Larger than the 1 MiB staging buffer and not a multiple of it, at an odd offset: the
// pieces must join without a gap or an overlap.
TEST_F(StagedDownload, AReadLargerThanTheStagingBufferArrivesWhole) {
    const std::size_t words = (std::size_t(5) << 20) / 4 / 2 + 13;  // 2.5 MiB and a bit
    std::vector<std::uint32_t> data(words);
    std::iota(data.begin(), data.end(), 0x01000000u);
    const cs::Buffer source("large", GLsizeiptr(words * 4), cs::BufferUse::Computed, data.data());
    std::vector<std::uint32_t> back(words - 1, 0);
    source.download(back.data(), GLsizeiptr(back.size() * 4), 4);
    EXPECT_EQ(back, std::vector<std::uint32_t>(data.begin() + 1, data.end()));
}

// The staging buffer is kept between downloads: after several, exactly one buffer of that
// label exists (a buffer made and deleted per read would leave none).
TEST_F(StagedDownload, KeepsOneStagingBufferForEveryRead) {
    const std::uint32_t value = 11;
    const cs::Buffer source("small", 4, cs::BufferUse::Computed, &value);
    std::uint32_t back = 0;
    for (int read = 0; read < 3; ++read) source.download(&back, 4);
    EXPECT_EQ(back, 11u);
    int staging = 0;
    for (GLuint name = 1; name < 4096; ++name)
        if (glIsBuffer(name) && cs::test::objectLabel(GL_BUFFER, name) == "read-back staging")
            ++staging;
    EXPECT_EQ(staging, 1);
}

}  // namespace
