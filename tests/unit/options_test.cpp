// The common command line: every flag in both forms, the defaults, and every rejected input.
#include "app/options.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "util/error.h"

namespace cs {
namespace {

// parseOptions on a list of arguments, with "sample" as argv[0].
Options parse(std::vector<std::string> args, const std::vector<std::string>& extraFlags = {}) {
    args.insert(args.begin(), "sample");
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    return parseOptions(static_cast<int>(args.size()), argv.data(), extraFlags);
}

// The message of the UsageError that parsing `args` throws; fails the test if none.
std::string usageErrorOf(const std::vector<std::string>& args,
                         const std::vector<std::string>& extraFlags = {}) {
    try {
        parse(args, extraFlags);
    } catch (const UsageError& e) {
        return e.what();
    }
    ADD_FAILURE() << "expected a UsageError";
    return {};
}

TEST(Options, Defaults) {
    Options o = parse({});
    EXPECT_FALSE(o.help);
    EXPECT_FALSE(o.headless);
    EXPECT_FALSE(o.info);
    EXPECT_FALSE(o.bench);
    EXPECT_FALSE(o.noUi);
    EXPECT_FALSE(o.fixedDt.has_value());
    EXPECT_EQ(o.width, 1280);
    EXPECT_EQ(o.height, 720);
    EXPECT_EQ(o.frames, 0);
    EXPECT_EQ(o.seed, 1u);
    EXPECT_EQ(o.screenshot, "");
    EXPECT_EQ(o.benchJson, "");
    EXPECT_EQ(o.input, "");
    EXPECT_EQ(o.output, "");
    EXPECT_TRUE(o.sets.empty());
    EXPECT_TRUE(o.extra.empty());
}

TEST(Options, Switches) {
    Options o = parse({"--help", "--headless", "--info", "--no-ui"});
    EXPECT_TRUE(o.help);
    EXPECT_TRUE(o.headless);
    EXPECT_TRUE(o.info);
    EXPECT_TRUE(o.noUi);
    EXPECT_TRUE(parse({"--bench"}).bench);  // not with --info: see InfoRefusesBenchAndEveryOutput
    EXPECT_TRUE(parse({"-h"}).help);
}

TEST(Options, SwitchesTakeNoValue) {
    EXPECT_EQ(usageErrorOf({"--headless=1"}), "--headless takes no value");
    EXPECT_EQ(usageErrorOf({"--fixed-dt=yes"}), "--fixed-dt takes no value");
}

TEST(Options, FixedDtIsUnsetOnOrOffAndTheLastOneWins) {
    EXPECT_EQ(parse({"--fixed-dt"}).fixedDt, std::optional<bool>(true));
    EXPECT_EQ(parse({"--no-fixed-dt"}).fixedDt, std::optional<bool>(false));
    EXPECT_EQ(parse({"--fixed-dt", "--no-fixed-dt"}).fixedDt, std::optional<bool>(false));
}

TEST(Options, SizeBothForms) {
    Options o = parse({"--size", "640x480"});
    EXPECT_EQ(o.width, 640);
    EXPECT_EQ(o.height, 480);
    o = parse({"--size=1x16384"});
    EXPECT_EQ(o.width, 1);
    EXPECT_EQ(o.height, 16384);
    o = parse({"--size=16384X2"});
    EXPECT_EQ(o.width, 16384);
    EXPECT_EQ(o.height, 2);
}

TEST(Options, SizeRejectsBadValues) {
    for (const char* bad : {"0x10", "10", "10x", "x10", "-5x5", "20000x10", "10x20000", "10x0",
                            "axb", "10x10x10", " 10x10", "10.5x10", "99999999999x1"}) {
        EXPECT_EQ(usageErrorOf({"--size", bad}),
                  "--size expects WxH with W and H in [1, 16384], got '" + std::string(bad) + "'");
    }
}

TEST(Options, SizeNeedsAValue) {
    EXPECT_EQ(usageErrorOf({"--size"}), "--size needs a value WxH");
    EXPECT_EQ(usageErrorOf({"--size="}), "--size needs a value WxH");
    // The next flag is not mistaken for the value.
    EXPECT_EQ(usageErrorOf({"--size", "--headless"}), "--size needs a value WxH");
}

TEST(Options, FramesBothForms) {
    EXPECT_EQ(parse({"--frames", "10"}).frames, 10);
    EXPECT_EQ(parse({"--frames=0"}).frames, 0);
    EXPECT_EQ(parse({"--frames=2147483647"}).frames, 2147483647);
}

TEST(Options, FramesRejectsBadValues) {
    for (const char* bad : {"-1", "abc", "10f", "1.5", "2147483648"}) {
        EXPECT_EQ(usageErrorOf({"--frames", bad}),
                  "--frames expects an integer N >= 0, got '" + std::string(bad) + "'");
    }
    EXPECT_EQ(usageErrorOf({"--frames"}), "--frames needs a value N");
}

TEST(Options, SeedBothForms) {
    EXPECT_EQ(parse({"--seed", "42"}).seed, 42u);
    EXPECT_EQ(parse({"--seed=0"}).seed, 0u);
    EXPECT_EQ(parse({"--seed=4294967295"}).seed, 4294967295u);
}

TEST(Options, SeedRejectsBadValues) {
    // Above 32 bits, e.g. 2^32, is refused rather than cut to 32 bits (which made it seed 0).
    for (const char* bad : {"-1", "x", "12x", "4294967296", "18446744073709551616"}) {
        EXPECT_EQ(usageErrorOf({"--seed", bad}),
                  "--seed expects an integer in [0, 4294967295], got '" + std::string(bad) + "'");
    }
    EXPECT_EQ(usageErrorOf({"--seed"}), "--seed needs a value N");
}

// --info prints the GL's description and stops: an output with it would never be written,
// and a --bench never run, so they are refused rather than silently skipped.
TEST(Options, InfoRefusesBenchAndEveryOutput) {
    EXPECT_EQ(usageErrorOf({"--info", "--bench"}),
              "--info only prints the GL's description; it runs no --bench");
    EXPECT_TRUE(parse({"--info", "--bench-json", "b.json"}).info) << "refused by checkOutputs";
    const std::vector<std::pair<std::string, std::string>> outputs = {
        {"--output", ""}, {"--screenshot", ""}, {"--blur-output", "b.pfm"}};
    try {
        checkOutputs(outputs, /*info=*/true);
        ADD_FAILURE() << "expected a UsageError";
    } catch (const UsageError& e) {
        EXPECT_STREQ(e.what(),
                     "--info only prints the GL's description; it writes no --blur-output");
    }
    EXPECT_NO_THROW(checkOutputs({{"--output", ""}, {"--screenshot", ""}}, /*info=*/true));
}

// What the user typed comes back escaped and shortened: a newline cannot split the message,
// an escape sequence cannot reach the terminal, a huge argument makes no huge message.
TEST(Options, EchoedArgumentsAreEscapedAndShortened) {
    EXPECT_EQ(usageErrorOf({"--frames", "1\n2"}),
              "--frames expects an integer N >= 0, got '1\\n2'");
    EXPECT_EQ(usageErrorOf({"bad\x1b[2J"}),
              "unexpected argument 'bad\\x1b[2J'; options start with -- (see --help)");
    EXPECT_EQ(usageErrorOf({"--\x1b]0;title\a"}),
              "unknown option '--\\x1b]0;title\\x07' (see --help)");
    EXPECT_LT(usageErrorOf({"--size", std::string(100000, 'x')}).size(), 200u);
}

TEST(Options, ScreenshotBothForms) {
    EXPECT_EQ(parse({"--screenshot", "out/shot.png"}).screenshot, "out/shot.png");
    EXPECT_EQ(parse({"--screenshot=SHOT.PNG"}).screenshot, "SHOT.PNG");
    EXPECT_EQ(parse({"--screenshot=a.Png"}).screenshot, "a.Png");
}

TEST(Options, ScreenshotMustBePng) {
    for (const char* bad : {"shot.jpg", "shot", "png", "shot.png.bak"}) {
        EXPECT_EQ(usageErrorOf({"--screenshot", bad}),
                  "--screenshot writes PNG only; the file name must end in .png, got '" +
                      std::string(bad) + "'");
    }
    EXPECT_EQ(usageErrorOf({"--screenshot"}), "--screenshot needs a value FILE.png");
}

TEST(Options, BenchJsonImpliesBench) {
    Options o = parse({"--bench-json", "r.json"});
    EXPECT_EQ(o.benchJson, "r.json");
    EXPECT_TRUE(o.bench);
    o = parse({"--bench-json=b/r.json"});
    EXPECT_EQ(o.benchJson, "b/r.json");
    EXPECT_TRUE(o.bench);
    EXPECT_EQ(usageErrorOf({"--bench-json"}), "--bench-json needs a value FILE");
}

TEST(Options, InputAndOutputBothForms) {
    Options o = parse({"--input", "in.pgm", "--output=out.pgm"});
    EXPECT_EQ(o.input, "in.pgm");
    EXPECT_EQ(o.output, "out.pgm");
    o = parse({"--input=a", "--output", "b"});
    EXPECT_EQ(o.input, "a");
    EXPECT_EQ(o.output, "b");
    EXPECT_EQ(usageErrorOf({"--input"}), "--input needs a value FILE");
    EXPECT_EQ(usageErrorOf({"--output="}), "--output needs a value FILE");
}

TEST(Options, SetIsRepeatableAndKeepsOrder) {
    Options o = parse({"--set", "count=10", "--set=mode=inclusive", "--set", "count=20"});
    std::vector<std::string> expected = {"count=10", "mode=inclusive", "count=20"};
    EXPECT_EQ(o.sets, expected);
    EXPECT_EQ(usageErrorOf({"--set"}), "--set needs a value name=value");
}

TEST(Options, ValuesMayStartWithASingleDash) {
    // Only "--" marks the next flag; "-" alone or "-x" are ordinary values.
    EXPECT_EQ(parse({"--output", "-"}).output, "-");
    EXPECT_EQ(parse({"--input", "-weird"}).input, "-weird");
}

TEST(Options, UnknownFlags) {
    EXPECT_EQ(usageErrorOf({"--x"}), "unknown option '--x' (see --help)");
    EXPECT_EQ(usageErrorOf({"--x=5"}), "unknown option '--x' (see --help)");
    EXPECT_EQ(usageErrorOf({"-x"}), "unknown option '-x' (see --help)");
    EXPECT_EQ(usageErrorOf({"--"}), "unknown option '--' (see --help)");
    // A sample flag is only known to the sample that declares it.
    EXPECT_EQ(usageErrorOf({"--steps", "5"}), "unknown option '--steps' (see --help)");
}

TEST(Options, PositionalArgumentsAreRejected) {
    EXPECT_EQ(usageErrorOf({"file.txt"}),
              "unexpected argument 'file.txt'; options start with -- (see --help)");
    EXPECT_EQ(usageErrorOf({"--headless", "640x480"}),
              "unexpected argument '640x480'; options start with -- (see --help)");
    EXPECT_EQ(usageErrorOf({"-"}), "unexpected argument '-'; options start with -- (see --help)");
}

TEST(Options, ExtraFlagsBothFormsInOrder) {
    Options o = parse({"--steps", "100", "--headless", "--kernel=tiled", "--steps=200"},
                      {"--steps", "--kernel"});
    ASSERT_EQ(o.extra.size(), 3u);
    EXPECT_EQ(o.extra[0], std::make_pair(std::string("--steps"), std::string("100")));
    EXPECT_EQ(o.extra[1], std::make_pair(std::string("--kernel"), std::string("tiled")));
    EXPECT_EQ(o.extra[2], std::make_pair(std::string("--steps"), std::string("200")));
    EXPECT_TRUE(o.headless);
    EXPECT_EQ(o.extraValue("--steps"), std::optional<std::string>("200"));
    EXPECT_EQ(o.extraValue("--kernel"), std::optional<std::string>("tiled"));
    EXPECT_FALSE(o.extraValue("--other").has_value());
}

TEST(Options, ExtraFlagsNeedAValue) {
    EXPECT_EQ(usageErrorOf({"--steps"}, {"--steps"}), "--steps needs a value VALUE");
    EXPECT_EQ(usageErrorOf({"--steps="}, {"--steps"}), "--steps needs a value VALUE");
}

TEST(Options, BadExtraFlagDeclarationsAreLogicErrors) {
    EXPECT_THROW(parse({}, {"steps"}), std::logic_error);
    EXPECT_THROW(parse({}, {"--"}), std::logic_error);
    EXPECT_THROW(parse({}, {"--size"}), std::logic_error);
    EXPECT_THROW(parse({}, {"--headless"}), std::logic_error);
    EXPECT_THROW(parse({}, {"--a=b"}), std::logic_error);
}

TEST(Options, EverythingTogether) {
    Options o = parse({"--headless", "--size=320x200", "--frames", "3", "--seed=7", "--screenshot",
                       "s.png", "--set", "n=1", "--no-ui", "--no-fixed-dt"});
    EXPECT_TRUE(o.headless);
    EXPECT_EQ(o.width, 320);
    EXPECT_EQ(o.height, 200);
    EXPECT_EQ(o.frames, 3);
    EXPECT_EQ(o.seed, 7u);
    EXPECT_EQ(o.screenshot, "s.png");
    EXPECT_EQ(o.sets, std::vector<std::string>{"n=1"});
    EXPECT_TRUE(o.noUi);
    EXPECT_EQ(o.fixedDt, std::optional<bool>(false));
    EXPECT_FALSE(o.bench);
}

TEST(Options, HelpListsEveryCommonFlag) {
    std::string help = optionsHelp("boids");
    EXPECT_EQ(help.rfind("usage: boids [options]\n", 0), 0u);
    for (const char* flag :
         {"--help", "--headless", "--size WxH", "--frames N", "--screenshot FILE.png", "--no-ui",
          "--set name=value", "--seed N", "--fixed-dt", "--no-fixed-dt", "--info", "--bench",
          "--bench-json FILE", "--input FILE", "--output FILE"}) {
        EXPECT_NE(help.find(flag), std::string::npos) << flag;
    }
}

}  // namespace
}  // namespace cs
