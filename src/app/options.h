#pragma once
// The command line every sample shares (the table in DESIGN.md).
//
// Flags take their value either as the next argument or after '=':
//     --size 640x480    --size=640x480
// Anything wrong throws cs::UsageError with one line naming the flag and what it accepts.
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace cs {

struct Options {
    bool help = false;      // --help (or -h)
    bool headless = false;  // --headless
    bool info = false;      // --info
    bool bench = false;     // --bench, or implied by --bench-json
    bool noUi = false;      // --no-ui
    // --fixed-dt / --no-fixed-dt; unset lets the app decide (on when headless).
    std::optional<bool> fixedDt;
    int width = 1280;  // --size WxH, each side in [1, 16384]
    int height = 720;
    int frames = 0;                 // --frames N; 0 runs until the window is closed
    std::uint32_t seed = 1;         // --seed N; 32 bits, all of which every sample uses
    std::string screenshot;         // --screenshot FILE.png
    std::string benchJson;          // --bench-json FILE
    std::string input;              // --input FILE
    std::string output;             // --output FILE
    std::vector<std::string> sets;  // each --set name=value, in order; applied by Params::setAll
    // Sample-specific value flags (declared in parseOptions' extraFlags), as (flag, value)
    // in the order given, e.g. {"--steps", "100"}.
    std::vector<std::pair<std::string, std::string>> extra;

    // The value of the last occurrence of a sample-specific flag such as "--steps", if any.
    std::optional<std::string> extraValue(const std::string& flag) const;
};

// Parse argv (argv[0] is the program). `extraFlags` names the sample's own value flags,
// each starting with "--", e.g. {"--steps"}. Throws UsageError on anything it cannot accept.
Options parseOptions(int argc, char** argv, const std::vector<std::string>& extraFlags = {});

// Throws UsageError unless `path` is empty or ends in `extension` (any case), e.g.
// requireExtension("--output", options.output, ".png"): a writer's format follows its name.
// A device, a FIFO or /dev/stdout has no such name, and passes.
void requireExtension(const std::string& flag, const std::string& path,
                      const std::string& extension);

// Before any work, every output as (flag, path), the path empty where the flag was not given:
// two that name the same file (also through "./" or a symlink) are a UsageError, and one that
// cannot be written is a cs::Error naming it (see checkWritable). With `info` (--info, which
// prints the GL's description and stops before any work) any output is a UsageError: it
// would never be written.
void checkOutputs(const std::vector<std::pair<std::string, std::string>>& outputs, bool info);

// Usage text for the common flags, one line each; the sample appends its parameters.
std::string optionsHelp(const std::string& program);

}  // namespace cs
