#include "app/options.h"

#include <algorithm>
#include <cctype>
#include <stdexcept>
#include <system_error>

#include "util/error.h"
#include "util/file.h"
#include "util/parse.h"

namespace cs {

namespace {

constexpr int kMaxSide = 16384;

// Flags without a value; each sets one bool in Options.
struct Switch {
    const char* flag;
    bool Options::*field;
};
const Switch kSwitches[] = {
    {"--help", &Options::help},   {"--headless", &Options::headless}, {"--info", &Options::info},
    {"--bench", &Options::bench}, {"--no-ui", &Options::noUi},
};

// Flags with a value, and how the value is written in messages and in --help.
struct ValueFlag {
    const char* flag;
    const char* hint;
};
const ValueFlag kValueFlags[] = {
    {"--size", "WxH"},        {"--frames", "N"},
    {"--seed", "N"},          {"--screenshot", "FILE.png"},
    {"--bench-json", "FILE"}, {"--input", "FILE"},
    {"--output", "FILE"},     {"--set", "name=value"},
};

bool startsWith(const std::string& s, const char* prefix) {
    return s.rfind(prefix, 0) == 0;
}

std::string lowercase(std::string s) {
    std::transform(s.begin(), s.end(), s.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

bool isCommonFlag(const std::string& flag) {
    if (flag == "--fixed-dt" || flag == "--no-fixed-dt") return true;
    for (const Switch& s : kSwitches) {
        if (flag == s.flag) return true;
    }
    for (const ValueFlag& v : kValueFlags) {
        if (flag == v.flag) return true;
    }
    return false;
}

// The whole text must be a number: no spaces, no sign on unsigned, nothing after it.
template <typename T>
bool parseWhole(const std::string& text, T& out) {
    return parseNumber(text, out) == std::errc();
}

void parseSize(const std::string& text, Options& o) {
    size_t x = text.find_first_of("xX");
    int w = 0, h = 0;
    bool ok = x != std::string::npos && parseWhole(text.substr(0, x), w) &&
              parseWhole(text.substr(x + 1), h) && w >= 1 && w <= kMaxSide && h >= 1 &&
              h <= kMaxSide;
    if (!ok) {
        throw UsageError("--size expects WxH with W and H in [1, " + std::to_string(kMaxSide) +
                         "], got " + quoted(text));
    }
    o.width = w;
    o.height = h;
}

}  // namespace

std::optional<std::string> Options::extraValue(const std::string& flag) const {
    for (auto it = extra.rbegin(); it != extra.rend(); ++it) {
        if (it->first == flag) return it->second;
    }
    return std::nullopt;
}

Options parseOptions(int argc, char** argv, const std::vector<std::string>& extraFlags) {
    for (const std::string& f : extraFlags) {
        if (!startsWith(f, "--") || f.size() < 3 || f.find('=') != std::string::npos ||
            isCommonFlag(f)) {
            throw std::logic_error("sample flag '" + f +
                                   "' must start with -- and not repeat a common flag");
        }
    }

    Options o;
    for (int i = 1; i < argc; ++i) {
        std::string arg = argv[i];
        if (arg == "-h") arg = "--help";
        if (!startsWith(arg, "-") || arg == "-") {
            throw UsageError("unexpected argument " + quoted(arg) +
                             "; options start with -- (see --help)");
        }

        // "--flag=value" carries its value inline; "--flag value" takes the next argument.
        std::string flag = arg;
        std::optional<std::string> inlineValue;
        if (size_t eq = arg.find('='); eq != std::string::npos) {
            flag = arg.substr(0, eq);
            inlineValue = arg.substr(eq + 1);
        }

        // Flags without a value.
        auto sw = std::find_if(std::begin(kSwitches), std::end(kSwitches),
                               [&](const Switch& s) { return flag == s.flag; });
        if (sw != std::end(kSwitches) || flag == "--fixed-dt" || flag == "--no-fixed-dt") {
            if (inlineValue) throw UsageError(flag + " takes no value");
            if (sw != std::end(kSwitches)) {
                o.*(sw->field) = true;
            } else {
                o.fixedDt = flag == "--fixed-dt";
            }
            continue;
        }

        // Flags with a value: common ones, then the sample's own.
        const char* hint = nullptr;
        for (const ValueFlag& v : kValueFlags) {
            if (flag == v.flag) hint = v.hint;
        }
        bool isExtra = std::find(extraFlags.begin(), extraFlags.end(), flag) != extraFlags.end();
        if (isExtra) hint = "VALUE";
        if (!hint) throw UsageError("unknown option " + quoted(flag) + " (see --help)");

        // A following "--something" is the next flag, not this one's value: "--frames --headless"
        // is a forgotten number, not a frame count of "--headless".
        std::string value;
        if (inlineValue) {
            value = *inlineValue;
        } else if (i + 1 < argc && !startsWith(argv[i + 1], "--")) {
            value = argv[++i];
        }
        if (value.empty()) throw UsageError(flag + " needs a value " + hint);

        if (isExtra) {
            o.extra.emplace_back(flag, value);
        } else if (flag == "--size") {
            parseSize(value, o);
        } else if (flag == "--frames") {
            if (!parseWhole(value, o.frames) || o.frames < 0) {
                throw UsageError("--frames expects an integer N >= 0, got " + quoted(value));
            }
        } else if (flag == "--seed") {
            if (!parseWhole(value, o.seed)) {
                throw UsageError("--seed expects an integer in [0, 4294967295], got " +
                                 quoted(value));
            }
        } else if (flag == "--screenshot") {
            requireExtension(flag, value, ".png");
            o.screenshot = value;
        } else if (flag == "--bench-json") {
            o.benchJson = value;
            o.bench = true;
        } else if (flag == "--input") {
            o.input = value;
        } else if (flag == "--output") {
            o.output = value;
        } else if (flag == "--set") {
            o.sets.push_back(value);  // checked against the declared parameters by Params::setAll
        }
    }
    // --info prints the GL's description and stops before any work. Its outputs are refused
    // with the sample's own by checkOutputs; --bench, which writes to stdout, here.
    if (o.info && o.bench && o.benchJson.empty())
        throw UsageError("--info only prints the GL's description; it runs no --bench");
    return o;
}

void requireExtension(const std::string& flag, const std::string& path,
                      const std::string& extension) {
    // A special file takes any name; a closed stream (/dev/stdout with stdout closed) is
    // reported by checkWritable, which says that it is closed.
    if (path.empty() || isSpecialFile(path) || isStreamName(path)) return;
    const bool matches = path.size() >= extension.size() &&
                         lowercase(path.substr(path.size() - extension.size())) == extension;
    if (matches) return;
    std::string format = extension.substr(1);
    std::transform(format.begin(), format.end(), format.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    throw UsageError(flag + " writes " + format + " only; the file name must end in " + extension +
                     ", got " + quoted(path));
}

void checkOutputs(const std::vector<std::pair<std::string, std::string>>& outputs, bool info) {
    for (const auto& [flag, path] : outputs)
        if (info && !path.empty())
            throw UsageError("--info only prints the GL's description; it writes no " + flag);
    for (size_t i = 0; i < outputs.size(); ++i) {
        for (size_t j = 0; j < i; ++j) {
            const auto& [flag, path] = outputs[i];
            const auto& [earlierFlag, earlierPath] = outputs[j];
            if (!path.empty() && !earlierPath.empty() && sameFile(path, earlierPath))
                throw UsageError(earlierFlag + " and " + flag + " name the same file, " +
                                 quoted(path));
        }
    }
    for (const auto& [flag, path] : outputs)
        if (!path.empty()) checkWritable(path);
}

std::string optionsHelp(const std::string& program) {
    const std::pair<const char*, const char*> lines[] = {
        {"--help", "this text, with every parameter's default, range and help"},
        {"--headless", "render without a window (EGL); automatic when there is no display"},
        {"--size WxH", "framebuffer size, each side in [1, 16384] (default 1280x720)"},
        {"--frames N", "run N frames, then exit (default 0: until the window is closed)"},
        {"--screenshot FILE.png", "write the last frame (overlay included unless --no-ui)"},
        {"--no-ui", "hide the overlay"},
        {"--set name=value", "set a parameter (repeatable; see the parameters below)"},
        {"--seed N", "seed for anything random, 0 to 4294967295 (default 1)"},
        {"--fixed-dt, --no-fixed-dt",
         "advance time by a fixed step instead of the clock (default: on when headless)"},
        {"--info", "print GL vendor, renderer, version and compute limits"},
        {"--bench", "warm up, then time frames: per-pass GPU times against the device's limits"},
        {"--bench-json FILE", "the same, written as JSON to FILE (implies --bench)"},
        {"--input FILE", "input data, for samples that transform data"},
        {"--output FILE", "output data, for samples that transform data"},
    };
    size_t width = 0;
    for (const auto& line : lines) width = std::max(width, std::string(line.first).size());

    std::string out = "usage: " + program + " [options]\n";
    for (const auto& line : lines) {
        std::string flags = line.first;
        out += "  " + flags + std::string(width - flags.size() + 2, ' ') + line.second + "\n";
    }
    out += "A value may also follow '=', as in --size=640x480.\n";
    return out;
}

}  // namespace cs
