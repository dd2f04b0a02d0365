// The depth_of_field sample's compute passes (copy_bias.comp, the library's summed-area table,
// filter.comp) against a CPU reference of the same per-pixel box filter, computed in double
// from the same sharp image and depth: a summed-area table of the biased colour, a box of
// half-width round(coc) clamped to the image, divided by the clamped box's real area.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <glm/glm.hpp>
#include <random>
#include <vector>

#include "compute/summed_area_table.h"
#include "gl/objects.h"
#include "gl/program.h"
#include "gl/uniform_block.h"
#include "gl_test.h"

namespace {

struct Focus {
    float distance, depth;
    int maxRadius;
};

struct Scene {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgba;  // row 0 first, as uploaded
    std::vector<float> depth;
};

Scene randomScene(int width, int height, unsigned seed, float maxDepth) {
    Scene scene{width, height, std::vector<std::uint8_t>(size_t(width) * height * 4),
                std::vector<float>(size_t(width) * height)};
    std::mt19937 random(seed);
    for (size_t i = 0; i < scene.rgba.size(); ++i)
        scene.rgba[i] = i % 4 == 3 ? 255 : std::uint8_t(random());
    std::uniform_real_distribution<float> depth(0.0f, maxDepth);
    for (float& d : scene.depth) d = depth(random);
    return scene;
}

double smoothstep(double edge0, double edge1, double x) {
    const double t = std::clamp((x - edge0) / (edge1 - edge0), 0.0, 1.0);
    return t * t * (3.0 - 2.0 * t);
}

// coc.glsl's radius in double: the blur radius before rounding to whole pixels.
double cocRadius(double depth, const Focus& focus) {
    return focus.maxRadius * smoothstep(0.0, focus.depth, std::abs(depth - focus.distance));
}

// The filter on the CPU. Each result channel is in [0, 1]; alpha is 1.
std::vector<glm::dvec3> cpuFilter(const Scene& scene, const Focus& focus, double bias) {
    const int w = scene.width, h = scene.height;
    std::vector<glm::dvec3> table(size_t(w) * h);
    auto at = [&](int x, int y) {
        return x < 0 || y < 0 ? glm::dvec3(0.0) : table[size_t(y) * w + x];
    };
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const std::uint8_t* p = &scene.rgba[(size_t(y) * w + x) * 4];
            const glm::dvec3 colour = glm::dvec3(p[0], p[1], p[2]) / 255.0 - bias;
            table[size_t(y) * w + x] = colour + at(x - 1, y) + at(x, y - 1) - at(x - 1, y - 1);
        }
    std::vector<glm::dvec3> result(table.size());
    for (int y = 0; y < h; ++y)
        for (int x = 0; x < w; ++x) {
            const int r = int(cocRadius(scene.depth[size_t(y) * w + x], focus) + 0.5);
            const int x0 = std::max(x - r, 0), x1 = std::min(x + r, w - 1);
            const int y0 = std::max(y - r, 0), y1 = std::min(y + r, h - 1);
            const glm::dvec3 sum =
                at(x1, y1) - at(x0 - 1, y1) - at(x1, y0 - 1) + at(x0 - 1, y0 - 1);
            result[size_t(y) * w + x] = sum / double((x1 - x0 + 1) * (y1 - y0 + 1)) + bias;
        }
    return result;
}

// coc.glsl's std140 block Blur, as samples/depth_of_field/main.cpp mirrors it.
struct BlurBlock {
    float focal_distance;
    float focal_depth;
    std::int32_t max_radius;
    float bias;
};

// The GPU passes, bound exactly as samples/depth_of_field/main.cpp binds them.
std::vector<std::uint8_t> gpuFilter(const Scene& scene, const Focus& focus, float bias) {
    const int w = scene.width, h = scene.height;
    const BlurBlock settings{focus.distance, focus.depth, focus.maxRadius, bias};
    const cs::Buffer blurBlock("dof test Blur block", sizeof settings, cs::BufferUse::Input,
                               &settings);
    cs::Texture2D sharp("dof test sharp", w, h, GL_RGBA8);
    sharp.upload(GL_RGBA, GL_UNSIGNED_BYTE, scene.rgba.data());
    cs::Texture2D depth("dof test depth", w, h, GL_R32F);
    depth.upload(GL_RED, GL_FLOAT, scene.depth.data());
    cs::Texture2D blurred("dof test blurred", w, h, GL_RGBA8);
    cs::Buffer table("dof test table", GLsizeiptr(w) * h * 16, cs::BufferUse::Computed);

    const cs::Program copyBias = cs::Program::compute("depth_of_field/copy_bias.comp");
    copyBias.use();
    glBindBufferBase(GL_UNIFORM_BUFFER, 0, blurBlock.id());
    glBindImageTexture(0, sharp.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, table.id());
    const glm::uvec3 groups = copyBias.groupsFor(w, h);
    glDispatchCompute(groups.x, groups.y, groups.z);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // the table's row scan reads the pixels

    cs::SummedAreaTable sat;
    sat.build(table, table, w, h);
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // the filter reads the table

    const cs::Program filter = cs::Program::compute("depth_of_field/filter.comp");
    // The mirror above against the block as linked (throws on a member it misplaces).
    cs::checkUniformBlock(
        filter, "Blur", sizeof(BlurBlock),
        {CS_BLOCK_MEMBER(BlurBlock, focal_distance), CS_BLOCK_MEMBER(BlurBlock, focal_depth),
         CS_BLOCK_MEMBER(BlurBlock, max_radius), CS_BLOCK_MEMBER(BlurBlock, bias)});
    filter.use();
    glBindBufferBase(GL_UNIFORM_BUFFER, 0, blurBlock.id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, table.id());
    glBindImageTexture(0, depth.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32F);
    glBindImageTexture(1, blurred.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
    glDispatchCompute(groups.x, groups.y, groups.z);  // the same local size as copy_bias.comp
    glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);   // the download reads the image stores

    std::vector<std::uint8_t> result(scene.rgba.size());
    blurred.download(GL_RGBA, GL_UNSIGNED_BYTE, result.data(), result.size());
    return result;
}

// The filter writes 8-bit unorm channels. OpenGL 4.3 ("Conversion from Floating-Point to
// Normalized Fixed-Point") turns a float f into one of the two integers closest to 255 f;
// rounding to the nearest is preferred, not required. So a conformant driver may differ
// from 255 f by anything below 1, and that is the bound these tests allow, plus 0.02 for
// the float table's own error (sums of at most width x height values of at most 1).
constexpr double kUnormTolerance = 1.0;
constexpr double kFloatSlack = 0.02;

// The largest difference of the colour channels of two RGBA8 images, and how many of them
// differ at all (printed: a driver that rounds to the nearest gets them all exact).
int maxChannelDifference(const std::vector<std::uint8_t>& a, const std::vector<std::uint8_t>& b) {
    int worst = 0;
    size_t differing = 0;
    for (size_t i = 0; i < a.size(); ++i) {
        const int difference = std::abs(int(a[i]) - int(b[i]));
        worst = std::max(worst, difference);
        differing += difference != 0;
    }
    std::printf("%zu of %zu channels differ by 1/255 or more\n", differing, a.size());
    return worst;
}

class DepthOfFieldFilterTest : public cs::test::GlTest {
protected:
    // Compares every channel of every pixel within kUnormTolerance + kFloatSlack. Pixels whose
    // radius sits within 1e-3 of a rounding boundary may round the other way in float; they
    // are skipped and counted.
    void expectMatchesCpu(const Scene& scene, const Focus& focus, float bias) {
        const std::vector<glm::dvec3> expected = cpuFilter(scene, focus, bias);
        const std::vector<std::uint8_t> actual = gpuFilter(scene, focus, bias);
        size_t bad = 0, skipped = 0;
        double worst = 0.0;
        for (size_t i = 0; i < expected.size(); ++i) {
            const double coc = cocRadius(scene.depth[i], focus);
            if (std::abs(coc - std::floor(coc) - 0.5) < 1e-3) {
                ++skipped;
                continue;
            }
            for (int c = 0; c < 3; ++c) {
                const double error = std::abs(actual[i * 4 + c] - 255.0 * expected[i][c]);
                worst = std::max(worst, error);
                bad += error > kUnormTolerance + kFloatSlack;
            }
            bad += actual[i * 4 + 3] != 255;
        }
        EXPECT_EQ(bad, 0u) << scene.width << "x" << scene.height << ", worst error " << worst
                           << "/255";
        std::printf("%dx%d: worst error %.3f/255 (0.5 when rounding to the nearest)\n", scene.width,
                    scene.height, worst);
        EXPECT_LE(skipped, 1 + expected.size() / 100) << "too many pixels on a rounding boundary";
    }
};

// Awkward sizes (not multiples of the 16 x 16 work group, a single row), radii from 0 to 6,
// so most boxes near the border are cut by it.
TEST_F(DepthOfFieldFilterTest, MatchesCpuBoxFilter) {
    const Focus focus{20.0f, 15.0f, 6};
    const std::pair<int, int> sizes[] = {{67, 43}, {16, 16}, {1, 1}, {130, 1}, {33, 97}};
    unsigned seed = 1;
    for (const auto& [w, h] : sizes)
        expectMatchesCpu(randomScene(w, h, seed++, 40.0f), focus, 0.5f);
}

// The table of unbiased colour has larger sums, but at this size float is still exact enough.
TEST_F(DepthOfFieldFilterTest, MatchesCpuWithoutBias) {
    expectMatchesCpu(randomScene(67, 43, 9, 40.0f), Focus{20.0f, 15.0f, 6}, 0.0f);
}

// Everything within the focal depth of a huge focal range has radius 0: the output is the
// input, within the unorm conversion's allowance (bit for bit where it rounds to nearest).
TEST_F(DepthOfFieldFilterTest, InFocusIsIdentity) {
    const Scene scene = randomScene(45, 29, 3, 40.0f);
    EXPECT_LE(maxChannelDifference(gpuFilter(scene, Focus{20.0f, 10000.0f, 8}, 0.5f), scene.rgba),
              kUnormTolerance);
}

// Fixes 3 and 4: a flat colour stays flat under any blur, also where boxes are cut by the
// border. Dividing by the full (2r + 1)^2 instead of the clamped area would pull the border
// towards the bias; reading past the edge would pick up wrong table entries.
TEST_F(DepthOfFieldFilterTest, FlatImageStaysFlatAtTheBorder) {
    Scene scene = randomScene(40, 24, 4, 40.0f);
    for (size_t i = 0; i < scene.rgba.size(); i += 4) {
        scene.rgba[i] = 200;
        scene.rgba[i + 1] = 30;
        scene.rgba[i + 2] = 128;
    }
    const std::vector<std::uint8_t> actual = gpuFilter(scene, Focus{0.5f, 5.0f, 12}, 0.5f);
    EXPECT_LE(maxChannelDifference(actual, scene.rgba), kUnormTolerance);
}

// A box larger than the image in every direction averages the whole image at every pixel.
TEST_F(DepthOfFieldFilterTest, BoxLargerThanImageGivesTheMean) {
    const Scene scene = randomScene(21, 9, 5, 1.0f);
    const std::vector<std::uint8_t> actual = gpuFilter(scene, Focus{100.0f, 1.0f, 32}, 0.5f);
    glm::dvec3 mean(0.0);
    for (size_t i = 0; i < scene.rgba.size(); i += 4)
        mean += glm::dvec3(scene.rgba[i], scene.rgba[i + 1], scene.rgba[i + 2]);
    mean /= double(scene.width * scene.height);
    for (size_t i = 0; i < actual.size(); i += 4)
        for (int c = 0; c < 3; ++c)
            ASSERT_NEAR(actual[i + c], mean[c], kUnormTolerance + kFloatSlack) << "pixel " << i / 4;
}

}  // namespace
