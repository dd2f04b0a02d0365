// Params: one declaration per parameter drives --set, --help and validation.
#include "app/params.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

#include "app/param_kinds.h"
#include "util/error.h"
#include "util/parse.h"

namespace cs {
namespace {

// The message of the UsageError that `f` throws; fails the test if it throws none.
template <typename F>
std::string usageErrorOf(F&& f) {
    try {
        f();
    } catch (const UsageError& e) {
        return e.what();
    }
    ADD_FAILURE() << "expected a UsageError";
    return {};
}

// A sample-like set of declarations, one of each kind.
struct ParamsTest : ::testing::Test {
    Params params;
    int& count = params.add("count", 1024, {1, 1 << 20}, "number of elements");
    float& dt = params.add("dt", 0.01f, {0.001f, 0.1f}, "time step in seconds");
    bool& wrap = params.add("wrap", true, "wrap around at the edges");
    int& group = params.choice("group", 16, {8, 16, 32}, "work-group size");
    std::string& mode =
        params.choice("mode", std::string("exclusive"), {"inclusive", "exclusive"}, "scan mode");
};

TEST_F(ParamsTest, DefaultsAreStoredInTheReturnedReferences) {
    EXPECT_EQ(count, 1024);
    EXPECT_EQ(dt, 0.01f);
    EXPECT_TRUE(wrap);
    EXPECT_EQ(group, 16);
    EXPECT_EQ(mode, "exclusive");
}

TEST_F(ParamsTest, ReferencesStayValidWhileMoreAreDeclared) {
    int* before = &count;
    for (int i = 0; i < 100; ++i) params.add("extra_" + std::to_string(i), 0, {0, 1}, "filler");
    EXPECT_EQ(before, &count);
    params.set("count", "7");
    EXPECT_EQ(*before, 7);
}

TEST_F(ParamsTest, IntAcceptsValuesInRange) {
    params.set("count", "1");
    EXPECT_EQ(count, 1);
    params.set("count", "1048576");
    EXPECT_EQ(count, 1048576);
    params.set("count", "65536");
    EXPECT_EQ(count, 65536);
    EXPECT_EQ(params.valueText("count"), "65536");
}

TEST_F(ParamsTest, IntAcceptsNegativeValuesWhenTheRangeDoes) {
    int& offset = params.add("offset", 0, {-10, 10}, "offset");
    params.set("offset", "-10");
    EXPECT_EQ(offset, -10);
}

TEST_F(ParamsTest, IntRejectsTextThatIsNotAWholeInteger) {
    for (const char* bad : {"12abc", "", "abc", " 12", "12 ", "1.5", "0x10", "1e3"}) {
        std::string message = usageErrorOf([&] { params.set("count", bad); });
        EXPECT_EQ(message, "parameter 'count' expects an integer in [1, 1048576], got '" +
                               std::string(bad) + "'");
    }
    EXPECT_EQ(count, 1024);
}

TEST_F(ParamsTest, IntRejectsValuesOutOfRange) {
    EXPECT_EQ(usageErrorOf([&] { params.set("count", "5000000"); }),
              "parameter 'count' = 5000000 is out of range [1, 1048576]");
    EXPECT_EQ(usageErrorOf([&] { params.set("count", "0"); }),
              "parameter 'count' = 0 is out of range [1, 1048576]");
    EXPECT_EQ(usageErrorOf([&] { params.set("count", "-1"); }),
              "parameter 'count' = -1 is out of range [1, 1048576]");
    EXPECT_EQ(count, 1024);
}

TEST_F(ParamsTest, IntRejectsOverflow) {
    EXPECT_EQ(usageErrorOf([&] { params.set("count", "99999999999999999999"); }),
              "parameter 'count' = 99999999999999999999 is out of range [1, 1048576]");
    EXPECT_EQ(usageErrorOf([&] { params.set("count", "-2147483649"); }),
              "parameter 'count' = -2147483649 is out of range [1, 1048576]");
}

TEST_F(ParamsTest, FloatAcceptsValuesInRange) {
    params.set("dt", "0.05");
    EXPECT_EQ(dt, 0.05f);
    params.set("dt", "1e-3");
    EXPECT_EQ(dt, 0.001f);
    params.set("dt", "0.1");
    EXPECT_EQ(dt, 0.1f);
    EXPECT_EQ(params.valueText("dt"), "0.1");
}

TEST_F(ParamsTest, FloatRejectsNonNumbersAndNonFiniteValues) {
    for (const char* bad : {"", "abc", "0.05s", " 0.05", "nan", "inf", "-inf", "NaN"}) {
        std::string message = usageErrorOf([&] { params.set("dt", bad); });
        EXPECT_EQ(message, "parameter 'dt' expects a finite number in [0.001, 0.1], got '" +
                               std::string(bad) + "'");
    }
    EXPECT_EQ(dt, 0.01f);
}

TEST_F(ParamsTest, FloatRejectsValuesOutOfRange) {
    EXPECT_EQ(usageErrorOf([&] { params.set("dt", "0.5"); }),
              "parameter 'dt' = 0.5 is out of range [0.001, 0.1]");
    EXPECT_EQ(usageErrorOf([&] { params.set("dt", "-0.01"); }),
              "parameter 'dt' = -0.01 is out of range [0.001, 0.1]");
    EXPECT_EQ(dt, 0.01f);
}

// A value that no float holds is not blamed on the range: 1e-400 lies in [0, 50], yet reads
// as no float at all. A denormal such as 1e-45 is a float, and is kept.
TEST(Params, FloatSaysWhenAValueUnderflowsOrOverflows) {
    Params params;
    float& gravity = params.add("gravity", 9.81f, {0.0f, 50.0f}, "m/s^2");
    for (const char* tiny :
         {"1e-400", "-1e-400", "1e-46", "0.000001e-40", "1e-99999999999999999999"})
        EXPECT_EQ(usageErrorOf([&] { params.set("gravity", tiny); }),
                  "parameter 'gravity' = " + std::string(tiny) +
                      " underflows: the least float above 0 is 1e-45");
    for (const char* huge : {"1e400", "1e39", "-1e39", "340282360000000000000000000000000000000",
                             "1e+99999999999999999999"})
        EXPECT_EQ(usageErrorOf([&] { params.set("gravity", huge); }),
                  "parameter 'gravity' = " + std::string(huge) +
                      " overflows: the largest float is 3.4028235e+38");
    EXPECT_EQ(gravity, 9.81f);
    params.set("gravity", "1e-45");
    EXPECT_EQ(gravity, std::numeric_limits<float>::denorm_min());
    params.set("gravity", "0e-400");
    EXPECT_EQ(gravity, 0.0f);
}

TEST(Parse, BelowOneReadsThePowerOfTheFirstSignificantDigit) {
    for (const char* below : {"1e-400", "-1e-400", "0.5", "0.0012e2", "9.9e-1", "000.01", "0"})
        EXPECT_TRUE(belowOne(below)) << below;
    for (const char* above : {"1e400", "1", "-1.0", "12e-1", "0.01e3", "0012", "123.4e-2"})
        EXPECT_FALSE(belowOne(above)) << above;
}

// A declaration that acts only with other settings: summed_area's tile_size, say.
struct ActivityTest : ::testing::Test {
    Params params;
    bool& tiled = params.add("tiled", false, "per-tile tables");
    int& tileSize = params.choice("tile_size", 32, {8, 16, 32}, "tile edge")
                        .activeWhen([this] { return tiled; }, "unless tiled=true");
};

TEST_F(ActivityTest, TheDeclarationStillHandsOutTheValue) {
    EXPECT_EQ(tileSize, 32);
    params.set("tile_size", "8");
    EXPECT_EQ(tileSize, 8);
}

TEST_F(ActivityTest, ActiveFollowsThePredicate) {
    EXPECT_FALSE(params.active(&tileSize));
    EXPECT_TRUE(params.active(&tiled)) << "no predicate: always active";
    tiled = true;
    EXPECT_TRUE(params.active(&tileSize));
}

TEST_F(ActivityTest, AGivenInactiveParameterIsRefusedWithTheReason) {
    params.setAll({"tile_size=8"});
    EXPECT_EQ(usageErrorOf([&] { params.refuseInactive(); }),
              "--set tile_size has no effect unless tiled=true");
}

// Any explicit value, the default too: it is still a setting with no effect.
TEST_F(ActivityTest, TheDefaultValueGivenIsRefusedToo) {
    params.setAll({"tile_size=32"});
    EXPECT_EQ(usageErrorOf([&] { params.refuseInactive(); }),
              "--set tile_size has no effect unless tiled=true");
}

// Activity is judged once every value is in, whatever the order of the --set flags.
TEST_F(ActivityTest, ActivityIsJudgedAfterEverySetInAnyOrder) {
    params.setAll({"tile_size=8", "tiled=true"});
    EXPECT_NO_THROW(params.refuseInactive());
}

TEST_F(ActivityTest, AParameterNotGivenIsNeverRefused) {
    params.set("tiled", "false");
    EXPECT_NO_THROW(params.refuseInactive());
}

TEST_F(ActivityTest, HelpNamesTheCondition) {
    EXPECT_EQ(params.helpText(),
              "  tiled=false   bool  true|false  per-tile tables\n"
              "  tile_size=32  int   8|16|32     tile edge (no effect unless tiled=true)\n");
}

TEST(Params, InactiveFlagsAreNamedAsTheyAreGiven) {
    bool bench = false;
    Params flags(Params::Style::Flags);
    int& benchMax = flags.add("bench-max", 256, {8, 4096}, "largest grid edge")
                        .activeWhen([&] { return bench; }, "without --bench");
    flags.set("bench-max", "64");
    EXPECT_EQ(benchMax, 64);
    EXPECT_EQ(usageErrorOf([&] { flags.refuseInactive(); }),
              "--bench-max has no effect without --bench");
    bench = true;
    EXPECT_NO_THROW(flags.refuseInactive());
}

TEST_F(ParamsTest, BoolAcceptsItsSixSpellings) {
    for (const char* off : {"false", "0", "off"}) {
        wrap = true;
        params.set("wrap", off);
        EXPECT_FALSE(wrap) << off;
    }
    for (const char* on : {"true", "1", "on"}) {
        wrap = false;
        params.set("wrap", on);
        EXPECT_TRUE(wrap) << on;
    }
    EXPECT_EQ(params.valueText("wrap"), "true");
}

TEST_F(ParamsTest, BoolRejectsOtherText) {
    for (const char* bad : {"yes", "", "2", "TRUE "}) {
        EXPECT_EQ(usageErrorOf([&] { params.set("wrap", bad); }),
                  "parameter 'wrap' expects one of true, false, 1, 0, on, off; got '" +
                      std::string(bad) + "'");
    }
}

TEST_F(ParamsTest, IntChoiceAcceptsOnlyTheAllowedValues) {
    params.set("group", "32");
    EXPECT_EQ(group, 32);
    params.set("group", "8");
    EXPECT_EQ(group, 8);
    for (const char* bad : {"12", "", "x", "16x"}) {
        EXPECT_EQ(usageErrorOf([&] { params.set("group", bad); }),
                  "parameter 'group' expects one of 8, 16, 32; got '" + std::string(bad) + "'");
    }
    EXPECT_EQ(group, 8);
}

TEST_F(ParamsTest, StringChoiceAcceptsOnlyTheAllowedValues) {
    params.set("mode", "inclusive");
    EXPECT_EQ(mode, "inclusive");
    EXPECT_EQ(params.valueText("mode"), "inclusive");
    for (const char* bad : {"Inclusive", "", "both"}) {
        EXPECT_EQ(
            usageErrorOf([&] { params.set("mode", bad); }),
            "parameter 'mode' expects one of inclusive, exclusive; got '" + std::string(bad) + "'");
    }
    EXPECT_EQ(mode, "inclusive");
}

TEST_F(ParamsTest, UnknownNameListsTheValidOnes) {
    EXPECT_EQ(usageErrorOf([&] { params.set("x", "1"); }),
              "unknown parameter 'x'; valid: count, dt, wrap, group, mode");
    EXPECT_EQ(usageErrorOf([&] { params.valueText("x"); }),
              "unknown parameter 'x'; valid: count, dt, wrap, group, mode");
}

TEST(Params, UnknownNameWithoutParameters) {
    Params none;
    EXPECT_EQ(usageErrorOf([&] { none.set("x", "1"); }),
              "unknown parameter 'x'; this sample has no parameters");
    EXPECT_EQ(none.helpText(), "");
}

TEST_F(ParamsTest, ChangedIsTrueOnceAfterASet) {
    EXPECT_FALSE(params.changed(&count));
    params.set("count", "2048");
    EXPECT_TRUE(params.changed(&count));
    EXPECT_FALSE(params.changed(&count));
    // Only the parameter that was set is flagged.
    EXPECT_FALSE(params.changed(&dt));
    EXPECT_FALSE(params.changed(&wrap));
    EXPECT_FALSE(params.changed(&group));
    EXPECT_FALSE(params.changed(&mode));
}

TEST_F(ParamsTest, ChangedWorksForEveryKind) {
    params.set("dt", "0.02");
    params.set("wrap", "off");
    params.set("group", "8");
    params.set("mode", "inclusive");
    EXPECT_TRUE(params.changed(&dt));
    EXPECT_TRUE(params.changed(&wrap));
    EXPECT_TRUE(params.changed(&group));
    EXPECT_TRUE(params.changed(&mode));
    EXPECT_FALSE(params.changed(&dt));
    EXPECT_FALSE(params.changed(&wrap));
    EXPECT_FALSE(params.changed(&group));
    EXPECT_FALSE(params.changed(&mode));
}

TEST_F(ParamsTest, SettingTheSameValueIsNotAChange) {
    params.set("count", "1024");
    params.set("mode", "exclusive");
    EXPECT_FALSE(params.changed(&count));
    EXPECT_FALSE(params.changed(&mode));
}

TEST_F(ParamsTest, ARejectedValueIsNotAChange) {
    usageErrorOf([&] { params.set("count", "0"); });
    EXPECT_FALSE(params.changed(&count));
}

TEST_F(ParamsTest, ChangedOnUndeclaredStorageIsAProgrammingError) {
    int notAParameter = 0;
    EXPECT_THROW(params.changed(&notAParameter), std::logic_error);
}

TEST_F(ParamsTest, ChangedOfSeveralReadsAndClearsEveryOne) {
    params.set("count", "5");
    params.set("dt", "0.02");
    EXPECT_TRUE(params.changed({&count, &dt, &wrap}));
    EXPECT_FALSE(params.changed(&count)) << "cleared, not short-circuited";
    EXPECT_FALSE(params.changed(&dt));
}

TEST_F(ParamsTest, GivenRemembersAnySet) {
    EXPECT_FALSE(params.given(&count));
    params.set("count", "1024");  // the default again: given, though not changed
    EXPECT_TRUE(params.given(&count));
    EXPECT_FALSE(params.changed(&count));
}

// A change the sample could not run (a count past the GL's dispatch limit) is undone as a
// change back, so the sample rebuilds with the value it had.
TEST_F(ParamsTest, UndoEditsRestoresTheValuesBeforeThem) {
    params.set("count", "7");
    params.keepEdits();
    params.set("count", "9");
    params.set("mode", "inclusive");
    params.clearChanged();
    EXPECT_TRUE(params.undoEdits());
    EXPECT_EQ(count, 7);
    EXPECT_EQ(mode, "exclusive");
    EXPECT_TRUE(params.changed({&count, &mode}));
    EXPECT_FALSE(params.undoEdits()) << "nothing left to undo";
}

TEST(Params, FlagsAreNamedAsTheyAreGiven) {
    Params flags(Params::Style::Flags);
    int& steps = flags.add("steps", 0, {0, 100}, "steps to run");
    std::string& sizes = flags.text("bench-sizes", "N,N,...", "body counts");
    std::string& extra = flags.output("extra-output", "FILE.pfm", "another file");
    EXPECT_EQ(usageErrorOf([&] { flags.set("steps", "-3"); }),
              "--steps -3 is out of range [0, 100]");
    EXPECT_EQ(usageErrorOf([&] { flags.set("steps", "x"); }),
              "--steps expects an integer in [0, 100], got 'x'");
    flags.set("bench-sizes", "1,2");
    flags.set("extra-output", "a.pfm");
    EXPECT_EQ(sizes, "1,2");
    EXPECT_EQ(steps, 0);
    EXPECT_EQ(flags.outputs(),
              (std::vector<std::pair<std::string, std::string>>{{"--extra-output", extra}}));
    EXPECT_EQ(flags.helpText(),
              "  --steps=0                int   [0, 100]  steps to run\n"
              "  --bench-sizes=N,N,...    text            body counts\n"
              "  --extra-output=FILE.pfm  file            another file\n");
    EXPECT_THROW(flags.add("with_underscore", 0, {0, 1}, ""), std::logic_error);
}

TEST_F(ParamsTest, HelpTextHasOneLinePerParameter) {
    std::string help = params.helpText();
    EXPECT_EQ(std::count(help.begin(), help.end(), '\n'), 5);
    EXPECT_EQ(help,
              "  count=1024      int     [1, 1048576]         number of elements\n"
              "  dt=0.01         float   [0.001, 0.1]         time step in seconds\n"
              "  wrap=true       bool    true|false           wrap around at the edges\n"
              "  group=16        int     8|16|32              work-group size\n"
              "  mode=exclusive  string  inclusive|exclusive  scan mode\n");
}

TEST_F(ParamsTest, HelpTextShowsDefaultsNotCurrentValues) {
    params.set("count", "5");
    EXPECT_NE(params.helpText().find("count=1024 "), std::string::npos);
}

TEST_F(ParamsTest, SetAllAppliesAssignmentsInOrder) {
    params.setAll({"count=10", "mode=inclusive", "count=20", "dt=0.002"});
    EXPECT_EQ(count, 20);
    EXPECT_EQ(mode, "inclusive");
    EXPECT_EQ(dt, 0.002f);
}

TEST_F(ParamsTest, SetAllSplitsAtTheFirstEquals) {
    std::string& expr = params.choice("expr", std::string("a"), {"a", "a=b"}, "expression");
    params.setAll({"expr=a=b"});
    EXPECT_EQ(expr, "a=b");
}

TEST_F(ParamsTest, SetAllRejectsMalformedAssignments) {
    EXPECT_EQ(usageErrorOf([&] { params.setAll({"count"}); }),
              "--set expects name=value, got 'count'");
    EXPECT_EQ(usageErrorOf([&] { params.setAll({"=5"}); }), "--set expects name=value, got '=5'");
    EXPECT_EQ(usageErrorOf([&] { params.setAll({"count="}); }),
              "parameter 'count' expects an integer in [1, 1048576], got ''");
    EXPECT_EQ(usageErrorOf([&] { params.setAll({"nope=1"}); }),
              "unknown parameter 'nope'; valid: count, dt, wrap, group, mode");
}

// What the user typed comes back escaped and shortened: a newline cannot split the message,
// an escape sequence cannot reach the terminal, a huge value makes no huge message.
TEST_F(ParamsTest, EchoedTextIsEscapedAndShortened) {
    EXPECT_EQ(usageErrorOf([&] { params.set("mode", "a\nb"); }),
              "parameter 'mode' expects one of inclusive, exclusive; got 'a\\nb'");
    EXPECT_EQ(usageErrorOf([&] { params.setAll({"\x1b[2J=1"}); }),
              "unknown parameter '\\x1b[2J'; valid: count, dt, wrap, group, mode");
    EXPECT_LT(usageErrorOf([&] { params.set("count", std::string(100000, '9')); }).size(), 200u);
}

TEST_F(ParamsTest, NamesAndValuesForJson) {
    params.set("dt", "0.002");
    std::vector<std::string> expected = {"count", "dt", "wrap", "group", "mode"};
    EXPECT_EQ(params.names(), expected);
    std::string all;
    for (const std::string& name : params.names()) all += name + "=" + params.valueText(name) + " ";
    EXPECT_EQ(all, "count=1024 dt=0.002 wrap=true group=16 mode=exclusive ");
}

TEST(Params, DuplicateNamesAreLogicErrorsAcrossKinds) {
    Params params;
    params.add("x", 1, {1, 10}, "");
    EXPECT_THROW(params.add("x", 0.5f, {0.0f, 1.0f}, ""), std::logic_error);
    EXPECT_THROW(params.add("x", true, ""), std::logic_error);
    EXPECT_THROW(params.choice("x", 8, {8, 16}, ""), std::logic_error);
    EXPECT_THROW(params.choice("x", std::string("a"), {"a"}, ""), std::logic_error);
}

TEST(Params, DefaultsOutsideTheirRangeAreLogicErrors) {
    Params params;
    EXPECT_THROW(params.add("a", 0, {1, 10}, ""), std::logic_error);
    EXPECT_THROW(params.add("b", 11, {1, 10}, ""), std::logic_error);
    EXPECT_THROW(params.add("c", 5, {10, 1}, ""), std::logic_error);
    EXPECT_THROW(params.add("d", 2.0f, {0.0f, 1.0f}, ""), std::logic_error);
    EXPECT_THROW(params.choice("e", 12, {8, 16}, ""), std::logic_error);
    EXPECT_THROW(params.choice("f", std::string("z"), {"a", "b"}, ""), std::logic_error);
    EXPECT_TRUE(params.names().empty());
}

TEST(Params, NamesAreLowercaseLettersDigitsAndUnderscores) {
    Params params;
    params.add("work_group_2", 1, {1, 10}, "");
    for (const char* bad : {"", "Count", "2count", "_count", "count-x", "count x", "count=x"}) {
        EXPECT_THROW(params.add(bad, 1, {1, 10}, ""), std::logic_error) << "'" << bad << "'";
    }
}

// Ctrl+R: every parameter back to its default, as changes the sample sees; text is kept.
TEST_F(ParamsTest, ResetAllRestoresTheDefaultsAsChanges) {
    std::string& file = params.text("file", "FILE.pfm", "an input");
    params.setAll({"count=7", "dt=0.05", "wrap=false", "group=32", "mode=inclusive", "file=a.pfm"});
    params.clearChanged();
    params.keepEdits();  // as the framework does after each frame's update()
    params.resetAll();
    EXPECT_EQ(count, 1024);
    EXPECT_EQ(dt, 0.01f);
    EXPECT_TRUE(wrap);
    EXPECT_EQ(group, 16);
    EXPECT_EQ(mode, "exclusive");
    EXPECT_EQ(file, "a.pfm");
    EXPECT_TRUE(params.changed({&count, &dt, &wrap, &group, &mode}));
    EXPECT_FALSE(params.changed(&file));
    // As edits: a sample that cannot run them gets the values before the reset back.
    EXPECT_TRUE(params.undoEdits());
    EXPECT_EQ(count, 7);
    EXPECT_EQ(mode, "inclusive");
}

// "copy as command line": only what differs from the defaults, as --set that reads back.
TEST_F(ParamsTest, CommandLineNamesWhatDiffersFromTheDefaults) {
    EXPECT_EQ(params.commandLine(), "");
    params.setAll({"count=7", "mode=inclusive", "group=16"});
    EXPECT_EQ(params.commandLine(), " --set count=7 --set mode=inclusive");
}

// The wheel scales a zoom parameter within its range, as an edit.
TEST_F(ParamsTest, ScaleByStaysInRange) {
    params.scaleBy(&dt, 2.0f);
    EXPECT_FLOAT_EQ(dt, 0.02f);
    EXPECT_TRUE(params.changed(&dt));
    params.scaleBy(&dt, 100.0f);
    EXPECT_EQ(dt, 0.1f);
    params.scaleBy(&dt, 1e-6f);
    EXPECT_EQ(dt, 0.001f);
}

// "make it interactive": the declared values of the parameters that act now, checked at the
// declaration like a --set.
TEST(Params, InteractiveValuesAreCheckedAndListedWhileActive) {
    Params params;
    bool& grid = params.add("grid", false, "");
    int& count = params.add("count", 16384, {1, 1 << 20}, "").interactiveAt(2048);
    params.add("radius", 0.0f, {0.0f, 10.0f}, "")
        .activeWhen([&] { return grid; }, "unless grid=true")
        .interactiveAt(2.0f);
    EXPECT_EQ(count, 16384);  // the default stays
    EXPECT_EQ(params.interactiveSettings(), std::vector<std::string>{"count=2048"});
    grid = true;
    EXPECT_EQ(params.interactiveSettings(), (std::vector<std::string>{"count=2048", "radius=2"}));
    // Once a value holds, it is no longer offered.
    params.setAll(params.interactiveSettings());
    EXPECT_EQ(count, 2048);
    EXPECT_TRUE(params.interactiveSettings().empty());
    EXPECT_THROW(params.add("size", 8, {1, 16}, "").interactiveAt(32), UsageError);
}

// A slider's run-time ends stay inside the declared range; --set keeps the declared range.
TEST(Params, SliderRangeNarrowsTheSliderOnly) {
    int length = 16;
    Number<int> number;
    number.range = {0, 11};
    number.sliderRange = [&] { return Range<int>{0, length == 16 ? 4 : 20}; };
    EXPECT_EQ(number.shownRange().max, 4);
    length = 4096;
    EXPECT_EQ(number.shownRange().max, 11);  // never past the declared range

    Params params;
    int& step = params.add("step", 2, {0, 11}, "").sliderRange([] { return Range<int>{0, 4}; });
    params.set("step", "9");  // the command line takes what it documents
    EXPECT_EQ(step, 9);
    EXPECT_THROW(params.choice("size", 8, {8, 16}, "").sliderRange([] {
        return Range<int>{8, 8};
    }),
                 std::logic_error);
}

// A number may live in the caller's storage (a uniform block's struct): the declaration
// writes its default there, --set and the overlay write there, and changed() knows it by it.
TEST(Params, NumbersInTheCallersStorage) {
    struct Block {
        float dt;
        int substeps;
        float other;
    } block{-1.0f, -1, 7.0f};
    Params params;
    float& dt = params.add("dt", block.dt, 0.5f, {0.0f, 1.0f}, "");
    int& substeps = params.add("substeps", block.substeps, 4, {1, 16}, "");
    params.add("elsewhere", 3, {1, 16}, "");
    EXPECT_EQ(&dt, &block.dt);
    EXPECT_EQ(block.dt, 0.5f);
    EXPECT_EQ(block.substeps, 4);
    params.clearChanged();
    params.setAll({"substeps=8", "dt=0.25"});
    EXPECT_EQ(block.substeps, 8);
    EXPECT_EQ(substeps, 8);
    EXPECT_EQ(block.dt, 0.25f);
    EXPECT_TRUE(params.changed({&block.dt, &block.substeps}));
    EXPECT_EQ(block.other, 7.0f);
    EXPECT_EQ(params.valueText("dt"), "0.25");
    EXPECT_EQ(params.commandLine(), " --set dt=0.25 --set substeps=8");
    params.resetAll();
    EXPECT_EQ(block.dt, 0.5f);
    // What a uniform block's check reads: the members that parameters declare.
    const std::vector<Params::Stored> stored = params.storedIn(&block, sizeof block);
    ASSERT_EQ(stored.size(), 2u);
    EXPECT_EQ(stored[0].name, "dt");
    EXPECT_EQ(stored[0].offset, offsetof(Block, dt));
    EXPECT_TRUE(stored[0].isFloat);
    EXPECT_EQ(stored[1].name, "substeps");
    EXPECT_EQ(stored[1].offset, offsetof(Block, substeps));
    EXPECT_FALSE(stored[1].isFloat);
}

// A declared cost gives the ratio between two values' frames, and an edit held back (while
// the window asks) leaves the value as it was, with no change to report.
TEST(Params, CostRatioAndHoldingAnEditBack) {
    Params params;
    int& bodies = params.add("bodies", 4096, {1, 1 << 20}, "").costGrowsAs(growth::square);
    int& plain = params.add("plain", 8, {1, 64}, "");
    EXPECT_EQ(params.costRatio("plain", "4"), 0.0);  // no cost declared
    params.clearChanged();
    params.set("bodies", "8192");
    EXPECT_DOUBLE_EQ(params.costRatio("bodies", "4096"), 4.0);
    params.holdBack({"bodies", "4096", "8192"});
    EXPECT_EQ(bodies, 4096);
    EXPECT_FALSE(params.changed(&bodies));
    EXPECT_FALSE(params.undoEdits());  // nothing of it left to undo
    EXPECT_EQ(plain, 8);
}

}  // namespace
}  // namespace cs
