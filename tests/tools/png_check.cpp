// png_check: checks on sample screenshots, for the per-sample CTest tests.
//   png_check nonblank FILE.png
//       passes when the image is not one flat colour (at least 1% of pixels differ from
//       the most common colour)
//   png_check golden ACTUAL.png EXPECTED.png FAILURE_DIR
//       compares with the graded tolerance of tests/support/golden.h; on failure writes
//       actual, expected and diff images into FAILURE_DIR. With CS_UPDATE_GOLDEN=1 it
//       copies ACTUAL over EXPECTED instead (scripts/update-golden), and says so.
// And for the window's tests (tests/window_keys.sh), on F2 shots:
//   png_check size FILE.png                prints WIDTHxHEIGHT
//   png_check same A.png B.png [X Y W H]   passes when the pixels are equal (in the rectangle
//   png_check differ A.png B.png [X Y W H] at X, Y from the top left), or when they are not
//   png_check find FILE.png RRGGBB [X Y W H]  prints "X Y", the centre of the first pixels of
//       exactly that colour (top row first), in the rectangle: the first slider's grab in the
//       overlay, found by the colour ImGui draws it in, so that a test needs no layout of its own
#if defined(_WIN32)
#include <fcntl.h>
#include <io.h>
#endif

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <string>

#include "support/golden.h"
#include "util/image.h"

namespace {

int nonBlank(const std::string& path) {
    const cs::Image image = cs::loadImage(path);
    std::map<std::uint32_t, size_t> counts;
    const size_t pixels = size_t(image.width) * image.height;
    for (size_t i = 0; i < pixels; ++i) {
        std::uint32_t rgba;
        std::memcpy(&rgba, &image.rgba[i * 4], 4);
        ++counts[rgba];
    }
    size_t most = 0;
    for (const auto& entry : counts) most = std::max(most, entry.second);
    const double others = 1.0 - double(most) / double(pixels);
    std::printf("%s: %dx%d, %zu colours, %.1f%% differ from the most common\n", path.c_str(),
                image.width, image.height, counts.size(), 100.0 * others);
    if (others < 0.01) {
        std::fprintf(stderr, "%s is blank\n", path.c_str());
        return 1;
    }
    return 0;
}

int golden(const std::string& actualPath, const std::string& expectedPath,
           const std::string& failureDir) {
    const char* update = std::getenv("CS_UPDATE_GOLDEN");
    if (update && std::string(update) == "1") {
        std::filesystem::copy_file(actualPath, expectedPath,
                                   std::filesystem::copy_options::overwrite_existing);
        std::printf("updated golden image %s\n", expectedPath.c_str());
        return 0;
    }
    if (!std::filesystem::exists(expectedPath)) {
        std::fprintf(stderr, "%s: no golden image; create it with scripts/update-golden\n",
                     expectedPath.c_str());
        return 1;
    }
    const cs::Image actual = cs::loadImage(actualPath);
    const cs::Image expected = cs::loadImage(expectedPath);
    const cs::GoldenResult result = cs::compareGolden(actual, expected);
    std::printf("%s vs %s: %s\n", actualPath.c_str(), expectedPath.c_str(), result.message.c_str());
    if (result.pass) return 0;
    const std::string name = std::filesystem::path(expectedPath).stem().string();
    cs::writeGoldenFailure(failureDir, name, actual, expected);
    std::fprintf(stderr, "golden mismatch; see %s/%s.{actual,expected,diff}.png\n",
                 failureDir.c_str(), name.c_str());
    return 1;
}

// Whether the pixels inside the rectangle (clipped to the images) are all equal, as wanted.
int compareImages(const std::string& pathA, const std::string& pathB, bool wantSame, int x0, int y0,
                  int w, int h) {
    const cs::Image a = cs::loadImage(pathA);
    const cs::Image b = cs::loadImage(pathB);
    if (a.width != b.width || a.height != b.height) {
        std::fprintf(stderr, "%s is %dx%d, %s is %dx%d\n", pathA.c_str(), a.width, a.height,
                     pathB.c_str(), b.width, b.height);
        return 1;
    }
    const int x1 = std::min(a.width, x0 + w), y1 = std::min(a.height, y0 + h);
    size_t differing = 0;
    for (int y = std::max(0, y0); y < y1; ++y)
        for (int x = std::max(0, x0); x < x1; ++x)
            differing += std::memcmp(&a.rgba[(size_t(y) * a.width + x) * 4],
                                     &b.rgba[(size_t(y) * b.width + x) * 4], 4) != 0;
    std::printf("%s vs %s: %zu pixels differ\n", pathA.c_str(), pathB.c_str(), differing);
    if ((differing == 0) == wantSame) return 0;
    std::fprintf(stderr, "%s and %s %s\n", pathA.c_str(), pathB.c_str(),
                 wantSame ? "differ" : "are the same");
    return 1;
}

int findColour(const std::string& path, const std::string& hex, int x0, int y0, int w, int h) {
    const cs::Image image = cs::loadImage(path);
    const int x1 = std::min(image.width, x0 + w), y1 = std::min(image.height, y0 + h);
    x0 = std::max(0, x0), y0 = std::max(0, y0);
    const unsigned long rgb = std::strtoul(hex.c_str(), nullptr, 16);
    const auto matches = [&](int x, int y) {
        const std::uint8_t* p = &image.rgba[(size_t(y) * image.width + x) * 4];
        return p[0] == ((rgb >> 16) & 0xff) && p[1] == ((rgb >> 8) & 0xff) && p[2] == (rgb & 0xff);
    };
    for (int y = y0; y < y1; ++y)
        for (int x = x0; x < x1; ++x) {
            if (!matches(x, y)) continue;
            int right = x, bottom = y;
            while (right + 1 < x1 && matches(right + 1, y)) ++right;
            while (bottom + 1 < y1 && matches(x, bottom + 1)) ++bottom;
            std::printf("%d %d\n", (x + right) / 2, (y + bottom) / 2);
            return 0;
        }
    std::fprintf(stderr, "%s: no pixel of colour %s\n", path.c_str(), hex.c_str());
    return 1;
}

}  // namespace

int main(int argc, char** argv) {
#if defined(_WIN32)
    // Lines end in "\n" as on Linux: the scripts read sizes and colours from stdout.
    _setmode(_fileno(stdout), _O_BINARY);
#endif
    try {
        if (argc == 3 && std::string(argv[1]) == "nonblank") return nonBlank(argv[2]);
        if (argc == 5 && std::string(argv[1]) == "golden") return golden(argv[2], argv[3], argv[4]);
        if (argc == 3 && std::string(argv[1]) == "size") {
            const cs::Image image = cs::loadImage(argv[2]);
            std::printf("%dx%d\n", image.width, image.height);
            return 0;
        }
        const std::string mode = argc > 1 ? argv[1] : "";
        if (argc == 4 && (mode == "same" || mode == "differ"))
            return compareImages(argv[2], argv[3], mode == "same", 0, 0, INT_MAX / 2, INT_MAX / 2);
        if (argc == 8 && (mode == "same" || mode == "differ"))
            return compareImages(argv[2], argv[3], mode == "same", std::atoi(argv[4]),
                                 std::atoi(argv[5]), std::atoi(argv[6]), std::atoi(argv[7]));
        if (argc == 4 && mode == "find")
            return findColour(argv[2], argv[3], 0, 0, INT_MAX / 2, INT_MAX / 2);
        if (argc == 8 && mode == "find")
            return findColour(argv[2], argv[3], std::atoi(argv[4]), std::atoi(argv[5]),
                              std::atoi(argv[6]), std::atoi(argv[7]));
    } catch (const std::exception& e) {
        std::fprintf(stderr, "png_check: %s\n", e.what());
        return 1;
    }
    std::fprintf(stderr,
                 "usage: png_check nonblank FILE.png | golden ACTUAL EXPECTED FAILURE_DIR | size "
                 "FILE.png | same|differ A.png B.png [X Y W H] | find FILE.png RRGGBB [X Y W H]\n");
    return 2;
}
