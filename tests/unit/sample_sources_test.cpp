// What the style guide asks of every sample's source, checked so that it holds: a main.cpp
// that reads as the lesson (at most 300 lines, its frame map at the top), and no
// comma-joined statements anywhere in a sample (`a = 1, b = 2;` squeezes two lines into one
// to fit a limit, and a reader skims past the second).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

namespace {

const std::filesystem::path kSamples =
    std::filesystem::path(CS_TEST_DATA_DIR) / ".." / ".." / "samples";

std::vector<std::string> linesOf(const std::filesystem::path& file) {
    std::ifstream in(file);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

std::vector<std::filesystem::path> sampleDirs() {
    std::vector<std::filesystem::path> dirs;
    for (const auto& entry : std::filesystem::directory_iterator(kSamples))
        if (entry.is_directory()) dirs.push_back(entry.path());
    return dirs;
}

TEST(SampleSources, EveryMainReadsAsTheLesson) {
    const std::vector<std::filesystem::path> dirs = sampleDirs();
    ASSERT_GE(dirs.size(), 14u) << kSamples;
    // The frame map: a comment line before the first #include that opens it.
    const std::regex mapHeading(R"(^// (The frame|Frame map)\b.*)");
    for (const auto& dir : dirs) {
        const std::vector<std::string> lines = linesOf(dir / "main.cpp");
        const std::string name = dir.filename().string() + "/main.cpp";
        ASSERT_FALSE(lines.empty()) << name;
        EXPECT_LE(lines.size(), 300u)
            << name << " has " << lines.size() << " lines: move plots and sweeps beside it";
        bool heading = false;
        int mapLines = 0;
        for (const std::string& line : lines) {
            if (line.rfind("#include", 0) == 0) break;
            if (std::regex_match(line, mapHeading)) heading = true;
            if (heading && line.rfind("//", 0) == 0) ++mapLines;
        }
        EXPECT_TRUE(heading) << name
                             << " has no frame map (\"// The frame...\") before its "
                                "#includes";
        EXPECT_GE(mapLines, 2) << name << ": its frame map names no pass";
    }
}

TEST(SampleSources, NoCommaJoinedStatements) {
    // Two assignments joined by a comma: `left = a, right = b;` (a for-loop's header aside).
    const std::regex joined(R"(^\s*[\w.\[\]>-]+ [-+*/]?= [^;]*, [\w.\[\]>-]+ [-+*/]?= [^;]*;.*)");
    for (const auto& dir : sampleDirs())
        for (const auto& entry : std::filesystem::directory_iterator(dir)) {
            const auto ext = entry.path().extension();
            if (ext != ".cpp" && ext != ".h") continue;
            const std::vector<std::string> lines = linesOf(entry.path());
            for (std::size_t i = 0; i < lines.size(); ++i) {
                if (lines[i].find("for (") != std::string::npos) continue;
                EXPECT_FALSE(std::regex_match(lines[i], joined))
                    << dir.filename().string() << "/" << entry.path().filename().string() << ":"
                    << i + 1 << " joins two statements with a comma: " << lines[i];
            }
        }
}

}  // namespace
