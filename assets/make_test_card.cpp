// Generates assets/test_card.png: the default input of the image samples.
//
//   g++ -std=c++17 -O2 -I/usr/include/stb assets/make_test_card.cpp -lstb -o make_test_card
//   ./make_test_card assets/test_card.png
//
// A 512x384 RGBA test card, deterministic (no randomness), built so that image
// filters show their effect at a glance:
//   - hue sweeps (full and half saturation): colour handling;
//   - 75% colour bars: channel order (a swapped R/B is obvious);
//   - a 16 px and a 4 px checkerboard: sampling, blurring, edge detection;
//   - a ringed target with additive R, G, B discs: smooth anti-aliased edges;
//   - an alpha panel (horizontal alpha ramp and a soft disc): alpha preservation;
//   - a smooth and a 16-step grey ramp, and R, G, B ramps: tone curves;
//   - a text label, which is also upright only when rows are not flipped.
// Every pixel is the average of 4x4 samples, so edges are anti-aliased.
#include <stb_image_write.h>

// stb_easy_font is header-only with static functions; this program uses only some.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#include <stb_easy_font.h>
#pragma GCC diagnostic pop

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr int kWidth = 512, kHeight = 384;
constexpr int kSubsamples = 4;  // per axis

struct Colour {
    float r = 0, g = 0, b = 0, a = 1;
};

Colour grey(float v) {
    return {v, v, v, 1};
}

// Hue in [0, 1) to a fully saturated colour, mixed towards white by (1 - saturation).
Colour hueColour(float hue, float saturation = 1) {
    auto channel = [&](float offset) {
        float t = std::fabs(std::fmod(hue * 6 + offset, 6.0f) - 3) - 1;
        return 1 - saturation + saturation * std::clamp(t, 0.0f, 1.0f);
    };
    return {channel(0), channel(4), channel(2), 1};
}

// The text label, as axis-aligned rectangles from stb_easy_font.
struct Rect {
    float x0, y0, x1, y1;
};
std::vector<Rect> gLabel;

// Centres `text` horizontally on centreX, with its top at `top`.
void layoutLabel(const char* text, float centreX, float top, float scale) {
    const float left = centreX - stb_easy_font_width(const_cast<char*>(text)) * scale / 2;
    // stb_easy_font emits quads as 4 vertices of 16 bytes (x, y, z floats + RGBA).
    static char buffer[64 * 1024];
    int quads = stb_easy_font_print(0, 0, const_cast<char*>(text), nullptr, buffer, sizeof buffer);
    for (int q = 0; q < quads; ++q) {
        const char* quad = buffer + std::ptrdiff_t(q) * 64;
        const auto* v0 = reinterpret_cast<const float*>(quad);       // top-left corner
        const auto* v2 = reinterpret_cast<const float*>(quad + 32);  // bottom-right corner
        gLabel.push_back(
            {left + v0[0] * scale, top + v0[1] * scale, left + v2[0] * scale, top + v2[1] * scale});
    }
}

// Target: a white ring around three additive discs, over crosshairs.
Colour target(float x, float y) {
    const float cx = 256, cy = 192;
    const float dx = x - cx, dy = y - cy, r = std::hypot(dx, dy);
    Colour c = grey(0.06f);
    if (std::fabs(dx) < 0.75f || std::fabs(dy) < 0.75f) c = grey(0.45f);
    if (std::fabs(r - 88) < 2.5f || std::fabs(r - 78) < 1) c = grey(0.95f);
    const float pi = 3.14159265f;
    const Colour discs[3] = {{1, 0, 0, 1}, {0, 1, 0, 1}, {0, 0, 1, 1}};
    bool inDisc = false;
    Colour sum{0, 0, 0, 1};
    for (int i = 0; i < 3; ++i) {
        const float angle = -pi / 2 + i * 2 * pi / 3;
        if (std::hypot(x - (cx + 26 * std::cos(angle)), y - (cy + 26 * std::sin(angle))) < 44) {
            inDisc = true;
            sum.r += discs[i].r, sum.g += discs[i].g, sum.b += discs[i].b;
        }
    }
    return inDisc ? sum : c;
}

// Alpha panel: hue gradient whose alpha ramps 0 -> 1 left to right (top half), and
// an orange disc whose alpha falls off smoothly to 0 at its rim (bottom half).
Colour alphaPanel(float x, float y) {
    if (y < 192) {
        Colour c = hueColour((y - 96) / 96.0f * 0.8f);
        c.a = (x - 384) / 128.0f;
        return c;
    }
    const float r = std::hypot(x - 448, y - 240) / 44.0f;
    Colour c{1.0f, 0.55f, 0.1f, 0};
    if (r < 1) c.a = 0.5f + 0.5f * std::cos(r * 3.14159265f);  // 1 at centre, 0 at rim
    if (r > 0.55f && r < 0.62f) c = {0.1f, 0.2f, 0.9f, 1};     // opaque thin ring
    return c;
}

Colour shade(float x, float y) {
    if (y < 32) return hueColour(x / kWidth);
    if (y < 48) return hueColour(x / kWidth, 0.5f);
    if (y < 96) {
        const Colour bars[8] = {
            grey(0.75f),          {0.75f, 0.75f, 0, 1}, {0, 0.75f, 0.75f, 1}, {0, 0.75f, 0, 1},
            {0.75f, 0, 0.75f, 1}, {0.75f, 0, 0, 1},     {0, 0, 0.75f, 1},     grey(0)};
        return bars[int(x) / 64];
    }
    if (y < 288) {
        if (x < 128) {
            const int cell = y < 192 ? 16 : 4;
            return grey(((int(x) / cell + int(y) / cell) % 2) ? 0.92f : 0.08f);
        }
        if (x < 384) return target(x, y);
        return alphaPanel(x, y);
    }
    if (y < 312) return grey(x / kWidth);
    if (y < 336) return grey(float(int(x) / 32) / 15.0f);  // 16 steps of 32 px
    if (x < 256) {
        const float v = x / 256;
        if (y < 352) return {v, 0, 0, 1};
        if (y < 368) return {0, v, 0, 1};
        return {0, 0, v, 1};
    }
    for (const Rect& rect : gLabel) {
        if (x >= rect.x0 && x < rect.x1 && y >= rect.y0 && y < rect.y1) return grey(1);
    }
    return grey(0.12f);
}

}  // namespace

int main(int argc, char** argv) {
    const char* output = argc > 1 ? argv[1] : "test_card.png";

    const float scale = 2;
    layoutLabel("COMPUTE SAMPLES", 384, 338, scale);
    layoutLabel("TEST CARD 512x384", 384, 360, scale);

    std::vector<unsigned char> rgba(std::size_t(kWidth) * kHeight * 4);
    for (int py = 0; py < kHeight; ++py) {
        for (int px = 0; px < kWidth; ++px) {
            // Average premultiplied colour, so transparent samples do not darken edges.
            float r = 0, g = 0, b = 0, a = 0;
            for (int sy = 0; sy < kSubsamples; ++sy) {
                for (int sx = 0; sx < kSubsamples; ++sx) {
                    const Colour c =
                        shade(px + (sx + 0.5f) / kSubsamples, py + (sy + 0.5f) / kSubsamples);
                    r += std::min(c.r, 1.0f) * c.a, g += std::min(c.g, 1.0f) * c.a;
                    b += std::min(c.b, 1.0f) * c.a, a += c.a;
                }
            }
            const float n = kSubsamples * kSubsamples;
            unsigned char* out = &rgba[(std::size_t(py) * kWidth + px) * 4];
            // Fully transparent pixels keep the colour at the pixel centre, so a filter
            // that changes colour and keeps alpha still has something to change there.
            const Colour last = shade(px + 0.5f, py + 0.5f);
            const float cr = a > 0 ? r / a : std::min(last.r, 1.0f);
            const float cg = a > 0 ? g / a : std::min(last.g, 1.0f);
            const float cb = a > 0 ? b / a : std::min(last.b, 1.0f);
            out[0] = static_cast<unsigned char>(std::lround(cr * 255));
            out[1] = static_cast<unsigned char>(std::lround(cg * 255));
            out[2] = static_cast<unsigned char>(std::lround(cb * 255));
            out[3] = static_cast<unsigned char>(std::lround(a / n * 255));
        }
    }

    stbi_write_png_compression_level = 9;
    if (!stbi_write_png(output, kWidth, kHeight, 4, rgba.data(), kWidth * 4)) {
        std::fprintf(stderr, "%s: cannot write PNG\n", output);
        return 1;
    }
    return 0;
}
