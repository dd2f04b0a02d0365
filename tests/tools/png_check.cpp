// png_check: checks on sample screenshots, for the per-sample CTest tests.
//   png_check nonblank FILE.png
//       passes when the image is not one flat colour (at least 1% of pixels differ from
//       the most common colour)
//   png_check golden ACTUAL.png EXPECTED.png FAILURE_DIR
//       compares with the graded tolerance of tests/support/golden.h; on failure writes
//       actual, expected and diff images into FAILURE_DIR. With CS_UPDATE_GOLDEN=1 it
//       copies ACTUAL over EXPECTED instead (scripts/update-golden), and says so.
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

}  // namespace

int main(int argc, char** argv) {
    try {
        if (argc == 3 && std::string(argv[1]) == "nonblank") return nonBlank(argv[2]);
        if (argc == 5 && std::string(argv[1]) == "golden") return golden(argv[2], argv[3], argv[4]);
    } catch (const std::exception& e) {
        std::fprintf(stderr, "png_check: %s\n", e.what());
        return 1;
    }
    std::fprintf(stderr,
                 "usage: png_check nonblank FILE.png | golden ACTUAL EXPECTED FAILURE_DIR\n");
    return 2;
}
