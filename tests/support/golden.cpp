#include "support/golden.h"

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <system_error>

#include "util/error.h"

namespace cs {
namespace {

bool isWellFormed(const Image& image) {
    return image.width >= 0 && image.height >= 0 &&
           image.rgba.size() ==
               static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 4;
}

std::string sizeText(const Image& image) {
    return std::to_string(image.width) + "x" + std::to_string(image.height);
}

const std::uint8_t* pixelAt(const Image& image, int x, int y) {
    return image.rgba.data() + (static_cast<std::size_t>(y) * image.width + x) * 4;
}

std::string pixelText(const std::uint8_t* p) {
    return "(" + std::to_string(p[0]) + "," + std::to_string(p[1]) + "," + std::to_string(p[2]) +
           "," + std::to_string(p[3]) + ")";
}

// Largest per-channel absolute difference between two RGBA pixels.
int channelDifference(const std::uint8_t* a, const std::uint8_t* b) {
    int largest = 0;
    for (int c = 0; c < 4; ++c) largest = std::max(largest, std::abs(int(a[c]) - int(b[c])));
    return largest;
}

// Grade 3's test for one pixel: does any expected pixel in the 3x3 block around
// (x, y) match the actual pixel within the tolerance in every channel?
bool matchesExpectedNeighbour(const Image& actual, const Image& expected, int x, int y) {
    const std::uint8_t* a = pixelAt(actual, x, y);
    for (int ny = std::max(y - 1, 0); ny <= std::min(y + 1, expected.height - 1); ++ny) {
        for (int nx = std::max(x - 1, 0); nx <= std::min(x + 1, expected.width - 1); ++nx) {
            if (channelDifference(a, pixelAt(expected, nx, ny)) <= kGoldenNeighbourTolerance) {
                return true;
            }
        }
    }
    return false;
}

std::string percentText(double fraction) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g%%", 100.0 * fraction);
    return text;
}

}  // namespace

GoldenResult compareGolden(const Image& actual, const Image& expected) {
    GoldenResult result;
    result.level = "fail";
    if (!isWellFormed(actual) || !isWellFormed(expected)) {
        result.message = "malformed image: actual " + sizeText(actual) + " with " +
                         std::to_string(actual.rgba.size()) + " bytes, expected " +
                         sizeText(expected) + " with " + std::to_string(expected.rgba.size()) +
                         " bytes";
        return result;
    }
    if (actual.width != expected.width || actual.height != expected.height) {
        result.message =
            "size mismatch: actual " + sizeText(actual) + ", expected " + sizeText(expected);
        return result;
    }

    // One pass for the statistics that grades 1 and 2 need.
    for (int y = 0; y < actual.height; ++y) {
        for (int x = 0; x < actual.width; ++x) {
            const int d = channelDifference(pixelAt(actual, x, y), pixelAt(expected, x, y));
            result.maxChannelDifference = std::max(result.maxChannelDifference, d);
            if (d > 1) ++result.pixelsOverOne;
        }
    }
    const std::size_t total = static_cast<std::size_t>(actual.width) * actual.height;

    if (result.maxChannelDifference == 0) {
        result.pass = true;
        result.level = "exact";
        result.message = "exact match";
        return result;
    }
    if (result.pixelsOverOne == 0) {
        result.pass = true;
        result.level = "within 1";
        result.message = "every channel within 1";
        return result;
    }

    const std::string overOneText =
        std::to_string(result.pixelsOverOne) + " of " + std::to_string(total) + " pixels (" +
        percentText(double(result.pixelsOverOne) / double(total)) +
        ") differ by more than 1, at most " + std::to_string(result.maxChannelDifference);

    // Grade 3, first condition: a pixel that matches nothing near it is a real
    // difference in content, not a shifted edge. Report the first one.
    for (int y = 0; y < actual.height; ++y) {
        for (int x = 0; x < actual.width; ++x) {
            const std::uint8_t* a = pixelAt(actual, x, y);
            const std::uint8_t* e = pixelAt(expected, x, y);
            if (channelDifference(a, e) > 1 && !matchesExpectedNeighbour(actual, expected, x, y)) {
                result.message = "pixel (" + std::to_string(x) + ", " + std::to_string(y) +
                                 ") is " + pixelText(a) + ", expected " + pixelText(e) +
                                 ", and no expected pixel in its 3x3 neighbourhood is within " +
                                 std::to_string(kGoldenNeighbourTolerance) + "; " + overOneText;
                return result;
            }
        }
    }

    // Second condition: edges are a small part of a picture. Many shifted pixels
    // mean the geometry itself moved.
    if (double(result.pixelsOverOne) > kGoldenMaxNeighbourFraction * double(total)) {
        result.message = overOneText + "; more than the " +
                         percentText(kGoldenMaxNeighbourFraction) + " allowed for shifted edges";
        return result;
    }

    result.pass = true;
    result.level = "neighbourhood";
    result.message = overOneText + ", each within " + std::to_string(kGoldenNeighbourTolerance) +
                     " of an expected pixel next to it";
    return result;
}

void writeGoldenFailure(const std::string& dir, const std::string& name, const Image& actual,
                        const Image& expected) {
    std::error_code error;
    std::filesystem::create_directories(dir, error);
    if (error) throw Error(dir + ": cannot create directory (" + error.message() + ")");

    const std::string base = (std::filesystem::path(dir) / name).string();
    savePng(base + ".actual.png", actual);
    savePng(base + ".expected.png", expected);

    // The diff covers both images; where only one of them has a pixel it is magenta.
    Image diff;
    diff.width = std::max(actual.width, expected.width);
    diff.height = std::max(actual.height, expected.height);
    diff.rgba.assign(static_cast<std::size_t>(diff.width) * diff.height * 4, 0);
    for (int y = 0; y < diff.height; ++y) {
        for (int x = 0; x < diff.width; ++x) {
            std::uint8_t* out =
                diff.rgba.data() + (static_cast<std::size_t>(y) * diff.width + x) * 4;
            out[3] = 255;
            const bool inActual = x < actual.width && y < actual.height;
            const bool inExpected = x < expected.width && y < expected.height;
            if (!inActual || !inExpected) {
                out[0] = 255, out[1] = 0, out[2] = 255;
                continue;
            }
            const std::uint8_t* a = pixelAt(actual, x, y);
            const std::uint8_t* e = pixelAt(expected, x, y);
            const int alphaDifference = std::abs(int(a[3]) - int(e[3]));
            for (int c = 0; c < 3; ++c) {
                // A difference of d shows as 64 + 12 d (capped): 1 is already a
                // visible dark grey on black, 16 and above is full intensity.
                const int d = std::max(std::abs(int(a[c]) - int(e[c])), alphaDifference);
                out[c] = std::uint8_t(d == 0 ? 0 : std::min(255, 64 + 12 * d));
            }
        }
    }
    savePng(base + ".diff.png", diff);
}

}  // namespace cs
