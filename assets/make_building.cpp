// Generates assets/building.png: the default input of the line_space sample.
//
//   g++ -std=c++17 -O2 -I/usr/include/stb assets/make_building.cpp -lstb -o make_building
//   ./make_building assets/building.png
//
// A 384x384 RGB drawing of a building, deterministic (no randomness), the size of the
// thesis' test image and with what a line detector should find: a gabled house front
// (its roof line at two slopes, eaves, a plinth), a grid of framed windows and a door,
// a chimney, a side wing drawn in perspective (its edges converge, so they are neither
// horizontal nor vertical), a fence in the foreground and a sky with a soft gradient.
// The walls carry a faint plaster texture (a hash of the position, +-3 levels) so that edge
// detection has noise to reject. Every pixel is the average of 4x4 samples, so edges are
// anti-aliased.
#include <stb_image_write.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <vector>

namespace {

constexpr int kSize = 384;
constexpr int kSubsamples = 4;  // per axis

struct Colour {
    float r = 0, g = 0, b = 0;
};

Colour mix(Colour a, Colour b, float t) {
    return {a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t};
}

// Which side of the line from (x0, y0) to (x1, y1) the point is on: > 0 on the left
// (image coordinates, y down).
float side(float x, float y, float x0, float y0, float x1, float y1) {
    return (x1 - x0) * (y - y0) - (y1 - y0) * (x - x0);
}

bool inRect(float x, float y, float x0, float y0, float x1, float y1) {
    return x >= x0 && x < x1 && y >= y0 && y < y1;
}

// A framed window: white frame, dark glass split by a cross bar.
bool window(float x, float y, float x0, float y0, float w, float h, Colour& c) {
    if (!inRect(x, y, x0, y0, x0 + w, y0 + h)) return false;
    const float frame = 3;
    const bool inFrame = x < x0 + frame || x >= x0 + w - frame || y < y0 + frame ||
                         y >= y0 + h - frame || std::fabs(x - (x0 + w / 2)) < 1.5f ||
                         std::fabs(y - (y0 + h * 0.4f)) < 1.5f;
    c = inFrame ? Colour{0.93f, 0.92f, 0.88f}
                : mix(Colour{0.16f, 0.22f, 0.32f}, Colour{0.35f, 0.45f, 0.58f}, (y - y0) / h);
    return true;
}

// The side wing in perspective: its top edge falls and its bottom edge rises towards the
// vanishing point on the right, so a point (u, v) of the wing's flat face (u, v in [0, 1])
// lands at x = x0 + u * (x1 - x0), y between the two edges.
constexpr float kWingX0 = 296, kWingX1 = 372;
constexpr float kWingTop0 = 150, kWingTop1 = 176, kWingBottom0 = 330, kWingBottom1 = 318;
float wingTop(float x) {
    return kWingTop0 + (kWingTop1 - kWingTop0) * (x - kWingX0) / (kWingX1 - kWingX0);
}
float wingBottom(float x) {
    return kWingBottom0 + (kWingBottom1 - kWingBottom0) * (x - kWingX0) / (kWingX1 - kWingX0);
}

// A faint, fixed texture: a hash of the integer position, in [-1, 1].
float grain(float x, float y) {
    std::uint32_t h = std::uint32_t(int(x)) * 73856093u ^ std::uint32_t(int(y)) * 19349663u;
    h ^= h >> 13;
    h *= 0x5bd1e995u;
    h ^= h >> 15;
    return float(h & 1023u) / 511.5f - 1.0f;
}

Colour shade(float x, float y) {
    const Colour sky = mix(Colour{0.55f, 0.70f, 0.90f}, Colour{0.85f, 0.90f, 0.95f}, y / 300);
    const Colour wall{0.86f, 0.78f, 0.62f}, wingWall{0.70f, 0.62f, 0.50f};
    const Colour roof{0.55f, 0.20f, 0.16f}, ground{0.42f, 0.50f, 0.32f};
    const float plaster = 0.012f * grain(x, y);
    Colour c = y < 330 ? sky : mix(ground, Colour{0.30f, 0.38f, 0.22f}, (y - 330) / 54);

    // The fence in front of everything: posts and two rails.
    if (y >= 322 && y < 372) {
        const bool post = std::fmod(x + 400, 24.0f) < 5 && y >= 326;
        const bool rail = (y >= 336 && y < 341) || (y >= 356 && y < 361);
        if (post || rail) return {0.95f, 0.95f, 0.93f};
    }
    // The side wing, behind the main front.
    if (x >= kWingX0 && x < kWingX1 && y >= wingTop(x) && y < wingBottom(x)) {
        const float u = (x - kWingX0) / (kWingX1 - kWingX0);
        const float v = (y - wingTop(x)) / (wingBottom(x) - wingTop(x));
        c = {wingWall.r + plaster, wingWall.g + plaster, wingWall.b + plaster};
        // Two windows on the face, foreshortened: frames along the converging edges.
        for (float u0 : {0.18f, 0.58f}) {
            if (u >= u0 && u < u0 + 0.26f && v >= 0.22f && v < 0.52f) {
                const bool edge = u < u0 + 0.04f || u >= u0 + 0.22f || v < 0.25f || v >= 0.49f;
                c = edge ? Colour{0.88f, 0.87f, 0.83f} : Colour{0.20f, 0.26f, 0.36f};
            }
        }
        // The wing's roof: a dark band along its top edge.
        if (y < wingTop(x) + 7) c = roof;
    }
    // The chimney, behind the roof.
    if (inRect(x, y, 214, 56, 236, 104)) c = {0.50f, 0.30f, 0.24f};
    if (inRect(x, y, 210, 50, 240, 58)) c = {0.40f, 0.24f, 0.20f};
    // The gabled roof: a triangle whose eaves overhang the wall.
    const float apexX = 176, apexY = 58, eaveY = 132, eaveL = 40, eaveR = 312;
    if (y >= apexY && y < eaveY && side(x, y, eaveL, eaveY, apexX, apexY) >= 0 &&
        side(x, y, apexX, apexY, eaveR, eaveY) >= 0) {
        c = mix(roof, Colour{0.40f, 0.14f, 0.12f}, (y - apexY) / (eaveY - apexY));
        // A round attic window in the gable.
        if (std::hypot(x - apexX, y - 104) < 12)
            c = std::hypot(x - apexX, y - 104) < 9 ? Colour{0.20f, 0.26f, 0.36f}
                                                   : Colour{0.93f, 0.92f, 0.88f};
    }
    // The main front: wall, a plinth, windows, door and a step.
    if (inRect(x, y, 52, 132, 300, 330)) {
        c = {wall.r + plaster, wall.g + plaster, wall.b + plaster};
        if (y >= 312) c = {0.55f, 0.53f, 0.50f};  // plinth
        Colour w;
        for (int row = 0; row < 2; ++row)
            for (int column = 0; column < 4; ++column) {
                if (row == 1 && (column == 1 || column == 2)) continue;  // the door goes there
                if (window(x, y, 68 + column * 58, 150 + row * 82, 38, 52, w)) c = w;
            }
        if (inRect(x, y, 150, 244, 202, 312)) {  // the door, with a panel line
            c = {0.42f, 0.26f, 0.16f};
            if (std::fabs(x - 176) < 1.2f) c = {0.30f, 0.18f, 0.11f};
        }
        if (inRect(x, y, 142, 306, 210, 312)) c = {0.62f, 0.60f, 0.57f};  // the step
    }
    // A cornice under the eaves: a light band across the whole front.
    if (inRect(x, y, 46, 132, 306, 138)) c = {0.95f, 0.93f, 0.88f};
    return c;
}

}  // namespace

int main(int argc, char** argv) {
    const char* output = argc > 1 ? argv[1] : "building.png";
    std::vector<unsigned char> rgb(std::size_t(kSize) * kSize * 3);
    for (int py = 0; py < kSize; ++py)
        for (int px = 0; px < kSize; ++px) {
            Colour sum;
            for (int sy = 0; sy < kSubsamples; ++sy)
                for (int sx = 0; sx < kSubsamples; ++sx) {
                    const Colour c =
                        shade(px + (sx + 0.5f) / kSubsamples, py + (sy + 0.5f) / kSubsamples);
                    sum.r += c.r, sum.g += c.g, sum.b += c.b;
                }
            const float n = kSubsamples * kSubsamples;
            unsigned char* out = &rgb[(std::size_t(py) * kSize + px) * 3];
            out[0] =
                static_cast<unsigned char>(std::lround(std::clamp(sum.r / n, 0.0f, 1.0f) * 255));
            out[1] =
                static_cast<unsigned char>(std::lround(std::clamp(sum.g / n, 0.0f, 1.0f) * 255));
            out[2] =
                static_cast<unsigned char>(std::lround(std::clamp(sum.b / n, 0.0f, 1.0f) * 255));
        }
    stbi_write_png_compression_level = 9;
    if (!stbi_write_png(output, kSize, kSize, 3, rgb.data(), kSize * 3)) {
        std::fprintf(stderr, "%s: cannot write PNG\n", output);
        return 1;
    }
    return 0;
}
