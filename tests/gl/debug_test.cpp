// KHR_debug routing (gl/debug.h) and the per-pass GPU profiler (bench/profiler.h).
#include "gl/debug.h"

#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench/profiler.h"
#include "gl/objects.h"
#include "gl/program.h"
#include "gl_test.h"

namespace cs {
// Test listings show the method's name rather than "4-byte object <00-00 00-00>".
void PrintTo(GpuProfiler::Method method, std::ostream* out) {
    *out << (method == GpuProfiler::Method::TimerQueries ? "TimerQueries" : "FinishAndClock");
}
}  // namespace cs

namespace {

// glBindBuffer with a target that does not exist: GL_INVALID_ENUM, a high-severity message.
void provokeGlError() {
    glBindBuffer(0x1234, 0);
}

GLint debugGroupDepth() {
    GLint depth = -1;
    glGetIntegerv(GL_DEBUG_GROUP_STACK_DEPTH, &depth);
    return depth;
}

// --- debug output ---------------------------------------------------------------------------

using DebugOutput = cs::test::GlTest;

TEST_F(DebugOutput, AGlErrorIsCountedOnce) {
    const int before = cs::highSeverityMessageCount(), errorsBefore = cs::errorMessageCount();
    const std::string firstBefore = cs::firstHighSeverityMessage();

    provokeGlError();
    expectHighSeverityMessages(1);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
    EXPECT_EQ(cs::highSeverityMessageCount(), before + 1);
    EXPECT_EQ(cs::errorMessageCount(), errorsBefore + 1);  // an error, not only high severity
    EXPECT_FALSE(cs::firstErrorMessage().empty());
    if (before == 0) {
        EXPECT_FALSE(cs::firstHighSeverityMessage().empty());
    } else {
        EXPECT_EQ(cs::firstHighSeverityMessage(), firstBefore);  // only the first is kept
    }
    const std::string first = cs::firstHighSeverityMessage();

    provokeGlError();
    expectHighSeverityMessages(1);
    EXPECT_EQ(glGetError(), static_cast<GLenum>(GL_INVALID_ENUM));
    EXPECT_EQ(cs::highSeverityMessageCount(), before + 2);
    EXPECT_EQ(cs::firstHighSeverityMessage(), first);
}

// GoogleTest's regular expressions on Windows are its own simple ones: no brackets, and '.'
// never matches a newline there.
#if GTEST_USES_SIMPLE_RE
constexpr const char* kTwoErrorsThenTheSummary =
    "GL error \\(high, id \\d+\\): .+\n"
    "GL error \\(high, id \\d+\\): .+\n"
    "clean start 1, counted 1, kept 1\n";
#else
constexpr const char* kTwoErrorsThenTheSummary =
    "GL error \\(high, id [0-9]+\\): [^\n]+\n"
    "GL error \\(high, id [0-9]+\\): [^\n]+\n"
    "clean start 1, counted 1, kept 1\n";
#endif

// In a fresh process (the death test re-runs this binary for just this test), the first
// error is the first message: the count goes 0 -> 1 and the message is recorded and printed.
TEST(DebugOutputDeathTest, TheFirstErrorOfAProcessIsRecordedAndPrinted) {
    EXPECT_EXIT(
        {
            const bool cleanStart =
                cs::highSeverityMessageCount() == 0 && cs::firstHighSeverityMessage().empty();
            provokeGlError();
            const std::string first = cs::firstHighSeverityMessage();
            const bool counted = cs::highSeverityMessageCount() == 1 && !first.empty();
            provokeGlError();
            const bool kept =
                cs::highSeverityMessageCount() == 2 && cs::firstHighSeverityMessage() == first;
            glGetError();
            std::fprintf(stderr, "clean start %d, counted %d, kept %d\n", cleanStart, counted,
                         kept);
            std::exit(cleanStart && counted && kept ? 0 : 1);
        },
        ::testing::ExitedWithCode(0),
        // Our callback's line format, once per error, then the child's own summary.
        kTwoErrorsThenTheSummary);
}

TEST_F(DebugOutput, FailedCompileIsNotAGlError) {
    // A compile error is reported, mapped to file:line, through cs::Error or
    // Program::reload's `error`; it must not also count as a GL error, or one typo during a
    // hot reload fails a strict (CS_GL_DEBUG=1) run that kept the last good program. (Mesa
    // sends each compiler diagnostic as a high-severity KHR_debug message too.)
    const int before = cs::highSeverityMessageCount();
    EXPECT_THROW(
        cs::Program::compute(std::string(CS_TEST_DATA_DIR) + "/gl/broken_after_include.comp"),
        cs::Error);
    EXPECT_EQ(cs::highSeverityMessageCount(), before)
        << "the driver's compiler diagnostics were counted as high-severity GL messages";
}

// What `f` writes to stderr (the file descriptor, as the debug callback's fprintf does).
template <typename F>
std::string stderrOf(F&& f) {
    std::fflush(stderr);
    std::FILE* capture = std::tmpfile();
    const int saved = dup(2);
    dup2(fileno(capture), 2);
    f();
    std::fflush(stderr);
    dup2(saved, 2);
    close(saved);
    std::string text;
    std::rewind(capture);
    for (int c; (c = std::fgetc(capture)) != EOF;) text += char(c);
    std::fclose(capture);
    return text;
}

// A failing compile must stay one line on stderr without CS_GL_DEBUG=1: inside a
// QuietDebugOutput (Program's compile and link) the driver's messages, even a high-severity
// error, are counted but not printed, and they arrive synchronously, so that none is printed
// after the scope. Outside it they print again. In a child process (a death test), whose
// debug output is set up as a user's run has it: errors and high severity only, asynchronous.
TEST(DebugOutputDeathTest, AQuietScopeCountsButPrintsNothing) {
    EXPECT_EXIT(
        {
            glDisable(GL_DEBUG_OUTPUT_SYNCHRONOUS);
            cs::enableDebugOutput({/*synchronous=*/false, /*everything=*/false});
            const int before = cs::highSeverityMessageCount();
            bool synchronousInside = false;
            const std::string inside = stderrOf([&] {
                const cs::QuietDebugOutput quiet;
                synchronousInside = glIsEnabled(GL_DEBUG_OUTPUT_SYNCHRONOUS);
                provokeGlError();
            });
            glGetError();
            const bool counted = cs::highSeverityMessageCount() == before + 1;
            const bool restored = !glIsEnabled(GL_DEBUG_OUTPUT_SYNCHRONOUS);
            glEnable(GL_DEBUG_OUTPUT_SYNCHRONOUS);  // so that the next arrives before stderrOf ends
            const std::string outside = stderrOf([] { provokeGlError(); });
            glGetError();
            std::fprintf(stderr,
                         "inside '%s', synchronous %d, counted %d, restored %d, outside %d\n",
                         inside.c_str(), synchronousInside, counted, restored,
                         outside.rfind("GL error (high, id ", 0) == 0);
            std::exit(inside.empty() && synchronousInside && counted && restored ? 0 : 1);
        },
        ::testing::ExitedWithCode(0),
        "inside '', synchronous 1, counted 1, restored 1, outside 1\n");
}

TEST_F(DebugOutput, DebugGroupsPushAndPop) {
    const GLint base = debugGroupDepth();
    ASSERT_GE(base, 1);  // the default group
    {
        const cs::DebugGroup outer("outer");
        EXPECT_EQ(debugGroupDepth(), base + 1);
        {
            const cs::DebugGroup inner("inner");
            EXPECT_EQ(debugGroupDepth(), base + 2);
        }
        EXPECT_EQ(debugGroupDepth(), base + 1);
    }
    EXPECT_EQ(debugGroupDepth(), base);
}

// --- GpuProfiler ----------------------------------------------------------------------------

using Method = cs::GpuProfiler::Method;

class Profiler : public cs::test::GlTestWithParam<Method> {
protected:
    // A little GL work for a pass to time.
    void work() const {
        const uint32_t zero = 0;
        glBindBuffer(GL_COPY_WRITE_BUFFER, target_.id());
        glClearBufferData(GL_COPY_WRITE_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, &zero);
        glBindBuffer(GL_COPY_WRITE_BUFFER, 0);
    }

    cs::Buffer target_{"profiler work", 1 << 16, cs::BufferUse::Computed};
};

TEST_P(Profiler, OneSamplePerUseInFirstSeenOrder) {
    cs::GpuProfiler profiler;
    profiler.setMethod(GetParam());
    EXPECT_EQ(profiler.method(), GetParam());
    const GLint depth = debugGroupDepth();

    // "b" is used first, so first-seen order differs from alphabetical order.
    for (int frame = 0; frame < 3; ++frame) {
        {
            const auto pass = profiler.pass("b");
            EXPECT_EQ(debugGroupDepth(), depth + 1);  // each pass is a debug group
            work();
        }
        {
            const auto pass = profiler.pass("a");
            work();
        }
        profiler.collect();  // must not wait or lose anything
    }
    {
        const auto pass = profiler.pass("a");
        work();
    }
    EXPECT_EQ(debugGroupDepth(), depth);
    profiler.collectAll();

    EXPECT_EQ(profiler.passNames(), (std::vector<std::string>{"b", "a"}));
    const std::map<std::string, std::vector<double>>& samples = profiler.samples();
    ASSERT_EQ(samples.size(), 2u);
    ASSERT_EQ(samples.count("a"), 1u);
    ASSERT_EQ(samples.count("b"), 1u);
    EXPECT_EQ(samples.at("a").size(), 4u);
    EXPECT_EQ(samples.at("b").size(), 3u);
    for (const auto& [name, values] : samples)
        for (const double ms : values) EXPECT_GE(ms, 0.0) << name;
    EXPECT_EQ(profiler.latestMs("a"), samples.at("a").back());
    EXPECT_EQ(profiler.latestMs("b"), samples.at("b").back());
    EXPECT_EQ(profiler.latestMs("never used"), 0.0);

    profiler.clearSamples();
    EXPECT_TRUE(profiler.samples().empty());
    {
        const auto pass = profiler.pass("b");
        work();
    }
    profiler.collectAll();
    ASSERT_EQ(profiler.samples().size(), 1u);
    EXPECT_EQ(profiler.samples().at("b").size(), 1u);
}

TEST_P(Profiler, NestedPassesThrow) {
    cs::GpuProfiler profiler;
    profiler.setMethod(GetParam());
    const GLint depth = debugGroupDepth();
    {
        const auto outer = profiler.pass("outer");
        work();
        EXPECT_THROW({ const auto inner = profiler.pass("inner"); }, std::logic_error);
        // The failed pass left no debug group behind, and the outer one is still open.
        EXPECT_EQ(debugGroupDepth(), depth + 1);
    }
    EXPECT_EQ(debugGroupDepth(), depth);
    profiler.collectAll();
    EXPECT_EQ(profiler.passNames(), std::vector<std::string>{"outer"});
    ASSERT_EQ(profiler.samples().count("outer"), 1u);
    EXPECT_EQ(profiler.samples().at("outer").size(), 1u);
    EXPECT_EQ(profiler.samples().count("inner"), 0u);

    // The profiler is usable again once the outer pass has ended.
    {
        const auto pass = profiler.pass("inner");
        work();
    }
    profiler.collectAll();
    EXPECT_EQ(profiler.passNames(), (std::vector<std::string>{"outer", "inner"}));
    EXPECT_EQ(profiler.samples().at("inner").size(), 1u);
}

TEST_P(Profiler, ChangingTheMethodDuringAPassIsSafe) {
    // A pass must end the way it began (or setMethod must refuse while a pass is open):
    // ending a timer query that was never begun, or leaving one open, is a GL error.
    cs::GpuProfiler profiler;
    profiler.setMethod(GetParam());
    const Method other =
        GetParam() == Method::TimerQueries ? Method::FinishAndClock : Method::TimerQueries;
    {
        const auto pass = profiler.pass("a");
        work();
        try {
            profiler.setMethod(other);
        } catch (const std::logic_error&) {
            // Refusing is fine too.
        }
    }
    profiler.collectAll();
    ASSERT_EQ(profiler.samples().count("a"), 1u);
    ASSERT_EQ(profiler.samples().at("a").size(), 1u);
    EXPECT_GE(profiler.samples().at("a").front(), 0.0);
    // GlTest::TearDown checks that no GL error was raised.
}

std::string methodName(const ::testing::TestParamInfo<Method>& method) {
    return method.param == Method::TimerQueries ? "TimerQueries" : "FinishAndClock";
}

INSTANTIATE_TEST_SUITE_P(Methods, Profiler,
                         ::testing::Values(Method::TimerQueries, Method::FinishAndClock),
                         methodName);

TEST(ProfilerMethod, NamesSayHowTheyMeasure) {
    cs::GpuProfiler profiler;
    EXPECT_EQ(profiler.method(), Method::TimerQueries);  // the default
    EXPECT_EQ(profiler.methodName(), "GL_TIME_ELAPSED queries");
    profiler.setMethod(Method::FinishAndClock);
    EXPECT_EQ(profiler.methodName(), "glFinish + CPU clock (timer queries miss compute)");
}

}  // namespace
