#include "quads.h"

#include <algorithm>
#include <random>
#include <stdexcept>

namespace overdraw {

namespace {

// An integer in [low, high], the same on every platform: std::mt19937 is specified bit for
// bit, the standard's distributions are not.
int uniform(std::mt19937& random, int low, int high) {
    return low + int(random() % std::uint32_t(high - low + 1));
}

}  // namespace

std::vector<Quad> makeQuads(int count, int width, int height, const std::string& order,
                            std::uint32_t seed) {
    std::mt19937 random(seed);
    // Generated nearest first: quad i lies at depth (i + 1) / (count + 1).
    std::vector<Quad> quads(size_t(std::max(count, 0)));
    for (size_t i = 0; i < quads.size(); ++i) {
        const int w = uniform(random, std::max(width / 16, 1), std::max(width / 3, 1));
        const int h = uniform(random, std::max(height / 16, 1), std::max(height / 3, 1));
        const int x = uniform(random, 0, width - w), y = uniform(random, 0, height - h);
        const std::uint32_t rgb = random() | 0x404040u;  // no very dark colour
        quads[i] = {float(x),
                    float(y),
                    float(x + w),
                    float(y + h),
                    float(double(i + 1) / double(quads.size() + 1)),
                    {std::uint8_t(rgb), std::uint8_t(rgb >> 8), std::uint8_t(rgb >> 16), 255}};
    }
    if (order == "back_to_front") {
        std::reverse(quads.begin(), quads.end());
    } else if (order == "shuffled") {
        // Fisher-Yates with the same generator: the same order on every platform.
        for (size_t i = quads.size(); i > 1; --i)
            std::swap(quads[i - 1], quads[size_t(random() % std::uint32_t(i))]);
    } else if (order != "front_to_back") {
        throw std::logic_error("overdraw: unknown order '" + order + "'");
    }
    return quads;
}

}  // namespace overdraw
