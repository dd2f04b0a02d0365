#include "gl/shader_source.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <set>
#include <sstream>

#include "util/error.h"

// How the #line markers work. GLSL core has no file names in #line, so we write
// "#line L S" where S is a source-string number: an index into ShaderSource::files. Since
// GLSL 3.30 the spec gives #line the C preprocessor meaning: the line AFTER "#line L S" is
// line L of string S (GLSL 1.50 and older said L + 1; compute shaders need 4.30, so that
// never applies here). Drivers then report (S, L) and mapShaderLog turns that back into
// "file:L". The end-to-end test in tests/unit/shader_source_test.cpp checks this with
// glslangValidator.
//
// Drivers do not all keep S faithfully: Mesa 22 reports some errors in an included file
// (an undeclared identifier) with S = 0 but the right line. So the file is also encoded in
// the line number: file k > 0 starts at line k * kShaderLineStride + 1, and mapShaderLog
// decodes the file from the line whenever the line is that large.

namespace fs = std::filesystem;

namespace cs {
namespace {

std::string where(const std::string& file, size_t line) {
    return file + ":" + std::to_string(line);
}

std::optional<std::vector<std::string>> readLines(const fs::path& path) {
    std::ifstream file(path);
    if (!fs::is_regular_file(path) || !file) return std::nullopt;
    std::vector<std::string> lines;
    std::string line;
    while (std::getline(file, line)) {
        if (!line.empty() && line.back() == '\r') line.pop_back();  // CRLF files
        lines.push_back(line);
    }
    return lines;
}

// Matches a preprocessor directive; group 1 is its name, group 2 the rest of the line.
const std::regex& directivePattern() {
    static const std::regex pattern(R"(^\s*#\s*(\w+)(.*)$)");
    return pattern;
}

bool isDirective(const std::string& line, const char* name) {
    std::smatch match;
    return std::regex_match(line, match, directivePattern()) && match[1] == name;
}

// True if `line` holds only whitespace and comments. `inComment` carries an open /* */
// from one line to the next.
bool isBlankOrComment(const std::string& line, bool& inComment) {
    size_t i = 0;
    while (i < line.size()) {
        if (inComment) {
            size_t end = line.find("*/", i);
            if (end == std::string::npos) return true;
            inComment = false;
            i = end + 2;
        } else if (std::isspace(static_cast<unsigned char>(line[i])) != 0) {
            ++i;
        } else if (line.compare(i, 2, "//") == 0) {
            return true;
        } else if (line.compare(i, 2, "/*") == 0) {
            inComment = true;
            i += 2;
        } else {
            return false;
        }
    }
    return true;
}

// Next to the including file first, then in each include directory in order.
std::optional<fs::path> findInclude(const std::string& name, const std::string& includer,
                                    const std::vector<std::string>& includeDirs) {
    std::vector<fs::path> candidates{fs::path(includer).parent_path() / name};
    for (const std::string& dir : includeDirs) candidates.push_back(fs::path(dir) / name);
    for (const fs::path& candidate : candidates) {
        if (fs::is_regular_file(candidate)) return candidate.lexically_normal();
    }
    return std::nullopt;
}

struct Preprocessor {
    const std::vector<std::string>& includeDirs;
    std::vector<std::string> files;
    std::set<fs::path> seen;  // canonical paths of every file already expanded
    std::ostringstream text;

    Preprocessor(const std::string& mainPath, const std::vector<std::string>& includeDirs)
        : includeDirs(includeDirs), files{mainPath}, seen{fs::canonical(mainPath)} {}

    // Appends lines [first, end) of source string `index` to `text`, expanding includes.
    void expand(size_t index, const std::vector<std::string>& lines, size_t first) {
        const std::string file = files[index];  // a copy: `files` grows while we recurse
        for (size_t i = first; i < lines.size(); ++i) {
            const size_t lineNumber = i + 1;
            std::smatch directive;
            if (!std::regex_match(lines[i], directive, directivePattern()) ||
                (directive[1] != "include" && directive[1] != "version")) {
                text << lines[i] << '\n';
                continue;
            }
            if (directive[1] == "version") {
                throw Error(where(file, lineNumber) +
                            ": #version is only allowed once, at the top of the main shader file");
            }

            static const std::regex quotedName(R"re(^\s*"([^"]+)"\s*(//.*)?$)re");
            const std::string argument = directive[2];
            std::smatch quoted;
            if (!std::regex_match(argument, quoted, quotedName)) {
                throw Error(where(file, lineNumber) +
                            ": malformed #include, expected #include \"name\"");
            }
            const std::string name = quoted[1];
            const std::optional<fs::path> found = findInclude(name, file, includeDirs);
            if (!found) {
                throw Error(where(file, lineNumber) + ": cannot find include \"" + name + "\"");
            }
            if (!seen.insert(fs::canonical(*found)).second) {
                // Keep a line here so the numbering of this file needs no new #line marker.
                text << "// " << lines[i] << " (already included)\n";
                continue;
            }
            const std::optional<std::vector<std::string>> included = readLines(*found);
            if (!included) throw Error(found->generic_string() + ": cannot open shader file");

            const size_t includedIndex = files.size();
            files.push_back(found->generic_string());
            text << "#line " << includedIndex * kShaderLineStride + 1 << ' ' << includedIndex
                 << '\n';
            expand(includedIndex, *included, 0);
            text << "#line " << index * kShaderLineStride + lineNumber + 1 << ' ' << index << '\n';
        }
    }
};

}  // namespace

ShaderSource preprocessShader(const std::string& path, const std::vector<std::string>& includeDirs,
                              const std::vector<std::pair<std::string, std::string>>& defines) {
    const std::optional<std::vector<std::string>> lines = readLines(path);
    if (!lines) throw Error(path + ": cannot open shader file");

    // GLSL allows only comments and blank lines before #version.
    size_t version = 0;
    bool inComment = false;
    while (version < lines->size() && isBlankOrComment((*lines)[version], inComment)) ++version;
    if (version == lines->size()) throw Error(path + ": missing #version");
    if (!isDirective((*lines)[version], "version")) {
        throw Error(where(path, version + 1) + ": #version must come before anything else");
    }

    Preprocessor preprocessor(path, includeDirs);
    preprocessor.text << (*lines)[version] << '\n';

    static const std::regex identifier(R"([A-Za-z_]\w*)");
    for (const auto& [name, value] : defines) {
        if (!std::regex_match(name, identifier) || value.find('\n') != std::string::npos) {
            throw Error(path + ": cannot define \"" + name + "\" as \"" + value + "\"");
        }
        preprocessor.text << "#define " << name << (value.empty() ? "" : " ") << value << '\n';
    }
    // The defines shifted the numbering; the line after #version is main-file line version + 2.
    preprocessor.text << "#line " << version + 2 << " 0\n";
    preprocessor.expand(0, *lines, version + 1);

    return {preprocessor.text.str(), preprocessor.files};
}

namespace {

// One driver's diagnostic format; the numbers are capture groups of `pattern`.
struct LogFormat {
    std::regex pattern;
    int sourceString, line, severity, message;
};

const std::vector<LogFormat>& logFormats() {
    static const std::vector<LogFormat> formats = {
        // Mesa: 0:12(5): error: msg
        {std::regex(R"(^(\d+):(\d+)\(\d+\): (error|warning): (.*)$)"), 1, 2, 3, 4},
        // NVIDIA: 0(12) : error C1234: msg (the code stays in the message)
        {std::regex(R"(^(\d+)\((\d+)\) : (error|warning) (C\d+: .*)$)"), 1, 2, 3, 4},
        // AMD, Intel, glslang: ERROR: 0:12: msg
        {std::regex(R"(^(ERROR|WARNING): (\d+):(\d+): (.*)$)"), 2, 3, 1, 4},
    };
    return formats;
}

bool parseNumber(const std::string& text, size_t& value) {
    const std::from_chars_result parsed =
        std::from_chars(text.data(), text.data() + text.size(), value);
    return parsed.ec == std::errc() && parsed.ptr == text.data() + text.size();
}

std::string mapLogLine(const std::string& line, const std::vector<std::string>& files) {
    for (const LogFormat& format : logFormats()) {
        std::smatch match;
        if (!std::regex_match(line, match, format.pattern)) continue;

        size_t index = 0, lineNumber = 0;
        if (!parseNumber(match[format.sourceString], index) ||
            !parseNumber(match[format.line], lineNumber))
            return line;
        // The line number carries the file when the source-string number may not (see top).
        if (lineNumber >= kShaderLineStride) {
            index = lineNumber / kShaderLineStride;
            lineNumber %= kShaderLineStride;
        }
        if (index >= files.size()) return line;

        std::string severity = match[format.severity];
        for (char& c : severity) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
        return files[index] + ":" + std::to_string(lineNumber) + ": " + severity + ": " +
               match[format.message].str();
    }
    return line;
}

}  // namespace

std::set<std::string> declaredUniforms(const std::string& source) {
    // Comments out first, so that a commented-out declaration does not count.
    static const std::regex comment(R"(//[^\n]*|/\*[\s\S]*?\*/)");
    const std::string code = std::regex_replace(source, comment, " ");
    // "uniform" up to its semicolon; a block ("uniform Block { ... }") has braces and is skipped.
    static const std::regex declaration(R"(\buniform\b([^;{}]*);)");
    static const std::regex lastName(R"(([A-Za-z_]\w*)\s*$)");
    std::set<std::string> names;
    for (auto it = std::sregex_iterator(code.begin(), code.end(), declaration);
         it != std::sregex_iterator(); ++it) {
        // "vec3 a = vec3(1, 2, 3), b[4]": split at commas outside brackets; each piece's name
        // is its last identifier once an initialiser or array size is cut off.
        const std::string declarators = (*it)[1];
        int depth = 0;
        std::string piece;
        for (size_t i = 0; i <= declarators.size(); ++i) {
            const char c = i < declarators.size() ? declarators[i] : ',';
            if (c == '(' || c == '[') ++depth;
            if (c == ')' || c == ']') --depth;
            if (c != ',' || depth > 0) {
                piece += c;
                continue;
            }
            piece = piece.substr(0, std::min(piece.find('='), piece.find('[')));
            std::smatch name;
            if (std::regex_search(piece, name, lastName)) names.insert(name[1]);
            piece.clear();
        }
    }
    return names;
}

std::string firstShaderError(const std::string& log) {
    std::vector<std::string> lines, errors;
    std::istringstream in(log);
    for (std::string line; std::getline(in, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (line.find_first_not_of(" \t") == std::string::npos) continue;
        lines.push_back(line);
        // Mapped and Mesa "...: error: msg", NVIDIA "0(12) : error C1234: msg", AMD "ERROR: ..."
        if (line.find(": error: ") != std::string::npos ||
            line.find(" : error ") != std::string::npos || line.rfind("ERROR: ", 0) == 0)
            errors.push_back(line);
    }
    const std::vector<std::string>& shown = errors.empty() ? lines : errors;
    if (shown.empty()) return "";
    return shown[0] +
           (shown.size() > 1 ? " (and " + std::to_string(shown.size() - 1) + " more)" : "");
}

std::string mapShaderLog(const std::string& log, const std::vector<std::string>& files) {
    std::string mapped;
    size_t start = 0;
    while (start < log.size()) {
        size_t end = log.find('\n', start);
        if (end == std::string::npos) end = log.size();
        std::string line = log.substr(start, end - start);
        if (!line.empty() && line.back() == '\r') line.pop_back();
        mapped += mapLogLine(line, files);
        if (end < log.size()) mapped += '\n';
        start = end + 1;
    }
    return mapped;
}

}  // namespace cs
