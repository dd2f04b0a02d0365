#include "reference.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "util/pfm.h"

namespace summed_area {

int blurRadius(int x, int width, int maxRadius) {
    return maxRadius * x / std::max(width - 1, 1);
}

std::vector<glm::dvec4> blurOnCpu(const cs::Image& image, int maxRadius) {
    const int width = image.width, height = image.height;
    // table(x, y) holds S(x - 1, y - 1): one extra zero row and column make the four
    // reads at the image's first row and column plain reads.
    const size_t stride = size_t(width) + 1;
    std::vector<glm::dvec4> table(stride * (size_t(height) + 1), glm::dvec4(0.0));
    for (int y = 0; y < height; ++y) {
        glm::dvec4 row(0.0);
        for (int x = 0; x < width; ++x) {
            const std::uint8_t* p = &image.rgba[(size_t(y) * width + x) * 4];
            row += glm::dvec4(p[0], p[1], p[2], p[3]) / 255.0;
            table[(y + 1) * stride + x + 1] = table[y * stride + x + 1] + row;
        }
    }
    std::vector<glm::dvec4> blurred(size_t(width) * height);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            const int r = blurRadius(x, width, maxRadius);
            const int x0 = std::max(x - r, 0), x1 = std::min(x + r, width - 1);
            const int y0 = std::max(y - r, 0), y1 = std::min(y + r, height - 1);
            const glm::dvec4 sum = table[(y1 + 1) * stride + x1 + 1] -
                                   table[(y1 + 1) * stride + x0] - table[y0 * stride + x1 + 1] +
                                   table[y0 * stride + x0];
            blurred[size_t(y) * width + x] = sum / double((x1 - x0 + 1) * (y1 - y0 + 1));
        }
    return blurred;
}

BlurError blurError(const std::vector<glm::vec4>& gpu, const std::vector<glm::dvec4>& reference) {
    BlurError error;
    double total = 0.0;
    for (size_t i = 0; i < gpu.size() && i < reference.size(); ++i)
        for (int c = 0; c < 3; ++c) {
            const double difference = std::abs(double(gpu[i][c]) - reference[i][c]) * 255.0;
            error.max = std::max(error.max, difference);
            total += difference;
        }
    if (!gpu.empty()) error.mean = total / (3.0 * double(gpu.size()));
    return error;
}

std::string errorLine(const BlurError& error, bool bias, int tileSize) {
    char line[160];
    std::snprintf(line, sizeof line,
                  "blur error vs double CPU (1/255): max %.6f mean %.6f [bias %s, tiled %s]",
                  error.max, error.mean, bias ? "on" : "off",
                  tileSize > 0 ? std::to_string(tileSize).c_str() : "off");
    return line;
}

std::vector<glm::vec4> channelValues(const cs::Image& image) {
    std::vector<glm::vec4> values(size_t(image.width) * image.height);
    for (size_t i = 0; i < values.size(); ++i)
        values[i] = glm::vec4(image.rgba[4 * i], image.rgba[4 * i + 1], image.rgba[4 * i + 2],
                              image.rgba[4 * i + 3]);
    return values;
}

std::string rgbPfm(int width, int height, const std::vector<glm::vec4>& values, Rows order) {
    // PfmImage keeps the top row first, as cs::Image does; encodePfm stores the rows bottom
    // up, as PFM does.
    cs::PfmImage pfm{width, height, {}};
    pfm.rgb.reserve(values.size() * 3);
    for (int top = 0; top < height; ++top)
        for (int x = 0; x < width; ++x) {
            const int row = order == Rows::TopFirst ? top : height - 1 - top;
            const glm::vec4& v = values[size_t(row) * width + x];
            pfm.rgb.insert(pfm.rgb.end(), {v.r, v.g, v.b});
        }
    return cs::encodePfm(pfm);
}

}  // namespace summed_area
