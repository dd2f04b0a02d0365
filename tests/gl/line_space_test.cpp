// The line_space sample's pieces against their CPU references (samples/line_space/reference.h):
// the enumeration of lines against the thesis' formula, Canny's edges bit for bit, the tiled
// count with a slab too small to hold anything (so every path of count_tiled.comp runs), and
// the three interpretations on constructed spaces whose maxima are known. The whole pipeline
// on images, through the sample itself, is in tests/samples/line_space_test.cpp.
#include <algorithm>
#include <cstdint>
#include <random>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "app/params.h"
#include "gl/program.h"
#include "gl/uniform_block.h"
#include "gl_test.h"
#include "line_space/geometry.h"
#include "line_space/passes.h"
#include "line_space/reference.h"
#include "line_space/synthetic.h"

namespace {

using line_space::Entry;

// The scanned lines of a layout, as unordered pairs of border numbers.
std::vector<std::pair<int, int>> layoutLines(int width, int height) {
    std::vector<std::pair<int, int>> lines;
    const glm::ivec2 size = line_space::layoutSize(width, height);
    for (int y = 0; y < size.y; ++y)
        for (int x = 0; x < size.x; ++x) {
            int p = 0, q = 0;
            if (!line_space::layoutPair(width, height, {x, y}, p, q)) continue;
            if (line_space::scanned(width, height, line_space::borderPoint(width, height, p),
                                    line_space::borderPoint(width, height, q)))
                lines.emplace_back(std::min(p, q), std::max(p, q));
        }
    return lines;
}

// Sizes: the smallest, thin, odd, square and not, and the thesis' 768 x 768.
const std::pair<int, int> kLayoutSizes[] = {{2, 2},    {2, 3},     {3, 2},     {2, 9},    {3, 3},
                                            {5, 7},    {16, 9},    {33, 17},   {64, 64},  {100, 3},
                                            {97, 131}, {384, 384}, {512, 300}, {768, 768}};

TEST(LineSpaceLayout, CountEqualsTheFormulaForEverySize) {
    for (const auto& [width, height] : kLayoutSizes) {
        const std::int64_t k = line_space::borderCount(width, height);
        const std::int64_t formula = k * (k - 1) / 2 - std::int64_t(width) * (width - 1) -
                                     std::int64_t(height) * (height - 1) + 4;
        EXPECT_EQ(line_space::lineCount(width, height), formula) << width << "x" << height;
        EXPECT_EQ(std::int64_t(layoutLines(width, height).size()), formula)
            << width << "x" << height;
    }
    // The thesis' count for its 768 x 768 images.
    EXPECT_EQ(line_space::lineCount(768, 768), 3526670);
}

// Every pair of border points that is not on one side (and the four sides themselves)
// appears exactly once, counted by brute force over all pairs.
TEST(LineSpaceLayout, HoldsEveryScannedPairExactlyOnce) {
    for (const auto& [width, height] : kLayoutSizes) {
        if (width * height > 64 * 64) continue;
        const int k = line_space::borderCount(width, height);
        std::set<std::pair<int, int>> expected;
        for (int p = 0; p < k; ++p)
            for (int q = p + 1; q < k; ++q)
                if (line_space::scanned(width, height, line_space::borderPoint(width, height, p),
                                        line_space::borderPoint(width, height, q)))
                    expected.emplace(p, q);
        const auto lines = layoutLines(width, height);
        const std::set<std::pair<int, int>> actual(lines.begin(), lines.end());
        EXPECT_EQ(actual.size(), lines.size()) << width << "x" << height << ": a line twice";
        EXPECT_TRUE(actual == expected) << width << "x" << height;
    }
}

// The border points are the border pixels, each once, counter-clockwise from (0, 0).
TEST(LineSpaceLayout, BorderPointsGoRoundTheImageOnce) {
    for (const auto& [width, height] : kLayoutSizes) {
        const int k = line_space::borderCount(width, height);
        std::set<std::pair<int, int>> seen;
        for (int i = 0; i < k; ++i) {
            const glm::ivec2 p = line_space::borderPoint(width, height, i);
            const glm::ivec2 next = line_space::borderPoint(width, height, (i + 1) % k);
            EXPECT_TRUE(p.x == 0 || p.y == 0 || p.x == width - 1 || p.y == height - 1);
            EXPECT_EQ(std::max(std::abs(next.x - p.x), std::abs(next.y - p.y)), 1);
            seen.emplace(p.x, p.y);
        }
        EXPECT_EQ(int(seen.size()), k) << width << "x" << height;
        EXPECT_EQ(line_space::borderPoint(width, height, 0), glm::ivec2(0, 0));
        EXPECT_EQ(line_space::borderPoint(width, height, 1), glm::ivec2(1, 0));
    }
}

// pairEntry undoes layoutPair: every entry of the blocks, from its pair, either way round.
TEST(LineSpaceLayout, PairEntryIsTheInverseOfLayoutPair) {
    for (const auto& [width, height] : kLayoutSizes) {
        if (width * height > 100 * 100) continue;
        const glm::ivec2 size = line_space::layoutSize(width, height);
        for (int y = 0; y < size.y; ++y)
            for (int x = 0; x < size.x; ++x) {
                int p = 0, q = 0;
                if (!line_space::layoutPair(width, height, {x, y}, p, q)) continue;
                ASSERT_EQ(line_space::pairEntry(width, height, p, q), glm::ivec2(x, y));
                ASSERT_EQ(line_space::pairEntry(width, height, q, p), glm::ivec2(x, y));
            }
    }
}

// The thesis stores the 768 x 768 line space in 3n x 3n entries, a third of them empty; this
// layout holds the same lines in two thirds of that, almost all used.
TEST(LineSpaceLayout, SavesTheThirdTheThesisLeftEmpty) {
    const glm::ivec2 size = line_space::layoutSize(768, 768);
    EXPECT_EQ(size, glm::ivec2(2301, 1534));
    const double entries = double(size.x) * size.y, thesis = 3.0 * 768 * 3 * 768;
    EXPECT_LT(entries / thesis, 0.67);
    EXPECT_GT(3526670 / entries, 0.999);
    EXPECT_LT(3526670 / thesis, 0.67);
}

// A picture with flat areas, gradients, noise and sharp shapes: every Canny path.
cs::Image testPicture(int width, int height, unsigned seed) {
    std::mt19937 random(seed);
    cs::Image image{width, height, std::vector<std::uint8_t>(std::size_t(width) * height * 4)};
    const int cx = int(random() % width), cy = int(random() % height);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            std::uint8_t* p = &image.rgba[(std::size_t(y) * width + x) * 4];
            const bool inside = (x - cx) * (x - cx) + 2 * (y - cy) * (y - cy) < width * height / 6;
            const bool stripe = (x + 2 * y) / 7 % 3 == 0;
            p[0] = std::uint8_t(inside ? 220 : 30 + x * 3 % 60 + random() % 12);
            p[1] = std::uint8_t(stripe ? 180 : 60 + random() % 8);
            p[2] = std::uint8_t(y * 255 / std::max(height - 1, 1));
            p[3] = 255;
        }
    return image;
}

cs::Texture2D uploaded(const cs::Image& image) {
    cs::Texture2D texture("test input", image.width, image.height, GL_RGBA8);
    texture.upload(GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
    return texture;
}

// Which pixels of an RGBA8 edge texture are white (edges), bottom row first.
std::vector<std::uint8_t> downloadEdges(const cs::Texture2D& edges) {
    // The read-back is a texture update of the passes' image stores.
    glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
    std::vector<std::uint8_t> rgba(std::size_t(edges.width()) * edges.height() * 4);
    edges.download(GL_RGBA, GL_UNSIGNED_BYTE, rgba.data(), rgba.size());
    std::vector<std::uint8_t> mask(rgba.size() / 4);
    for (std::size_t i = 0; i < mask.size(); ++i) mask[i] = rgba[4 * i] == 255;
    return mask;
}

class CannyTest : public cs::test::GlTest {};

// Sizes around the 16 x 16 work group and its tile, thin ones, a single work group; thresholds
// from everything-is-an-edge to almost nothing. Exact: the shaders compute in integers.
TEST_F(CannyTest, EdgesEqualTheCpuReferenceBitForBit) {
    const std::pair<int, int> sizes[] = {{2, 2}, {16, 16}, {17, 33}, {64, 40}, {100, 7}, {1, 9}};
    const std::pair<int, int> thresholds[] = {{1, 1}, {20, 60}, {40, 100}, {300, 600}};
    line_space::EdgeDetector detector;
    unsigned seed = 1;
    for (const auto& [width, height] : sizes) {
        const cs::Image image = testPicture(width, height, seed++);
        const cs::Texture2D source = uploaded(image);
        const cs::Texture2D edges("test edges", width, height, GL_RGBA8);
        detector.prepare(width, height);
        for (const auto& [low, high] : thresholds) {
            detector.block.values.canny_low = low;
            detector.block.values.canny_high = high;
            line_space::cannyPasses(detector, source, edges);
            const auto expected = line_space::cannyOnCpu(image, low, high).edge;
            EXPECT_TRUE(downloadEdges(edges) == expected)
                << width << "x" << height << " thresholds " << low << ", " << high;
        }
    }
}

// A chain of weak pixels that crosses many work-group tiles, fed by strong pixels at its right
// end only: a horizontal step, faint up to x = 80, then ever stronger (a gentle ramp, so that
// the gradient keeps pointing along y). Each dispatch follows the chain across one 16-pixel
// tile, so hysteresis must dispatch again and again.
TEST_F(CannyTest, HysteresisFollowsAChainAcrossTiles) {
    const int width = 120, height = 40;
    cs::Image image{width, height, std::vector<std::uint8_t>(std::size_t(width) * height * 4, 0)};
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x) {
            std::uint8_t* p = &image.rgba[(std::size_t(y) * width + x) * 4];
            p[0] = p[1] = p[2] = y < 20 ? 0 : std::uint8_t(x < 80 ? 40 : 40 + (x - 80) * 5);
            p[3] = 255;
        }
    line_space::EdgeDetector detector;
    const cs::Texture2D source = uploaded(image);
    const cs::Texture2D edges("test edges", width, height, GL_RGBA8);
    detector.prepare(width, height);
    detector.block.values.canny_low = 20;
    detector.block.values.canny_high = 200;
    line_space::cannyPasses(detector, source, edges);
    const auto actual = downloadEdges(edges);
    EXPECT_TRUE(actual == line_space::cannyOnCpu(image, 20, 200).edge);
    // The whole step is an edge, from x = 0 on.
    EXPECT_EQ(actual[19 * width + 0] + actual[20 * width + 0], 1);
    EXPECT_GE(detector.hysteresisDispatches, width / 16) << "one dispatch per tile crossed";
}

TEST_F(CannyTest, InputEdgesAreThePixelsNotBlack) {
    cs::Image image = testPicture(37, 21, 5);
    for (std::size_t i = 0; i < image.rgba.size(); i += 12)
        image.rgba[i] = image.rgba[i + 1] = image.rgba[i + 2] = 0;
    const cs::Texture2D source = uploaded(image);
    const cs::Texture2D edges("test edges", 37, 21, GL_RGBA8);
    line_space::EdgeDetector detector;
    detector.prepare(37, 21);
    line_space::inputEdgesPass(detector, source, edges);
    EXPECT_TRUE(downloadEdges(edges) == line_space::inputEdgesOnCpu(image).edge);
}

class LineSpaceTest : public cs::test::GlTest {};

// count.comp and count_tiled.comp as the sample dispatches them, here with the tiled
// kernel's slab made tiny (4 rows, 1 word), so that slabs are many and most of them too wide
// to copy: the copied path, the path past the copied words and the uncopied path all run.
std::vector<Entry> gpuLineSpace(const line_space::EdgeImage& edges, const cs::Program& program,
                                int gap, bool segments) {
    const int width = edges.width, height = edges.height, words = (width + 31) / 32;
    std::vector<std::uint32_t> bits(std::size_t(height) * words);
    for (int y = 0; y < height; ++y)
        for (int x = 0; x < width; ++x)
            if (edges.at(x, y)) bits[std::size_t(y) * words + x / 32] |= 1u << (x % 32);
    const cs::Buffer edgeBits("test edge bits", GLsizeiptr(bits.size() * 4), cs::BufferUse::Input,
                              bits.data());
    const glm::ivec2 size = line_space::layoutSize(width, height);
    const cs::Texture2D space("test line space", size.x, size.y, GL_RGBA32UI);
    // The parameters as the sample's block holds them, checked against the kernel as linked.
    using Block = line_space::LineSpaceBlock;
    cs::UniformBlock<Block> block{
        "LineSpace",
        {CS_BLOCK_MEMBER(Block, imageExtent), CS_BLOCK_MEMBER(Block, size),
         CS_BLOCK_MEMBER(Block, wordsPerRow), CS_BLOCK_MEMBER(Block, gap),
         CS_BLOCK_MEMBER(Block, segments)}};
    const cs::Params noParameters;
    block.check(program, noParameters);
    block.values = {{width, height}, size, words, gap, segments ? 1u : 0u};
    block.upload();
    program.use();
    block.bind(1);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, edgeBits.id());
    glBindImageTexture(0, space.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32UI);
    const glm::uvec3 groups = program.groupsFor(size.x, size.y);
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The read-back is a texture update of the image stores.
    glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
    std::vector<Entry> entries(std::size_t(size.x) * size.y);
    space.download(GL_RGBA_INTEGER, GL_UNSIGNED_INT, entries.data(),
                   entries.size() * sizeof(Entry));
    return entries;
}

TEST_F(LineSpaceTest, EveryCountKernelEqualsTheCpuReference) {
    const cs::Program kernels[] = {cs::Program::compute("line_space/count.comp"),
                                   cs::Program::compute("line_space/count_tiled.comp"),
                                   cs::Program::compute("line_space/count_tiled.comp",
                                                        {{"SLAB_ROWS", "4"}, {"SLAB_WORDS", "1"}})};
    const std::pair<int, int> sizes[] = {{2, 2}, {3, 5}, {16, 16}, {33, 17}, {70, 40}};
    unsigned seed = 3;
    for (const auto& [width, height] : sizes) {
        const line_space::SyntheticImage synthetic =
            line_space::syntheticEdges(width, height, 3, 0.05, seed++);
        const line_space::EdgeImage edges = line_space::inputEdgesOnCpu(synthetic.edges);
        for (int gap : {0, 3})
            for (bool segments : {false, true}) {
                const auto expected = line_space::lineSpaceOnCpu(edges, gap, segments);
                for (int k = 0; k < 3; ++k)
                    EXPECT_TRUE(gpuLineSpace(edges, kernels[k], gap, segments) == expected)
                        << width << "x" << height << " kernel " << k << " gap " << gap
                        << (segments ? " segments" : "");
            }
    }
}

class LineSpaceInterpretTest : public cs::test::GlTest {
protected:
    // The interpretations of `entries` (size.x x size.y) on the GPU: the chosen indices.
    std::vector<std::uint32_t> chosen(const std::vector<Entry>& entries, glm::ivec2 size,
                                      const std::string& how, int most, int parameter,
                                      const line_space::Neighbourhood& around = {}) {
        const cs::Texture2D texture("test entries", size.x, size.y, GL_RGBA32UI);
        texture.upload(GL_RGBA_INTEGER, GL_UNSIGNED_INT, entries.data());
        line_space::Interpreter interpreter;
        interpreter.resize(size);
        // The parameter in the read-out's block, where the sample's parameters live.
        interpreter.setNeighbourhood(around);
        if (how == "threshold") interpreter.block.values.threshold = parameter;
        if (how == "reduce") interpreter.block.values.suppress = parameter;
        if (how == "sort") interpreter.block.values.prereduce = parameter;
        line_space::pyramidPasses(interpreter, texture);  // uploads the block, then the pyramid
        if (how == "threshold") line_space::thresholdPasses(interpreter, texture, most);
        if (how == "reduce") line_space::reducePasses(interpreter, texture, most);
        if (how == "sort") line_space::sortPasses(interpreter, texture, most);
        std::vector<std::uint32_t> indices;
        for (const auto& c : line_space::readChosen(interpreter)) {
            indices.push_back(c.index);
            if (c.index != 0xFFFFFFFFu)
                EXPECT_EQ(c.entry, entries[c.index]) << "the gathered entry is the chosen one";
        }
        return indices;
    }
};

// Random scores with many ties (few distinct values), so that the tie rule (the lower index
// first) is tested too.
std::vector<Entry> randomEntries(glm::ivec2 size, unsigned seed, std::uint32_t distinct) {
    std::mt19937 random(seed);
    std::vector<Entry> entries(std::size_t(size.x) * size.y);
    for (std::size_t i = 0; i < entries.size(); ++i)
        entries[i] = {random() % distinct, std::uint32_t(i), 0u, 0u};
    return entries;
}

// Planted maxima on a low background, each far enough from the others that suppressing one
// leaves the rest: reduce must find exactly them, best first.
TEST_F(LineSpaceInterpretTest, ReduceFindsTheKnownMaxima) {
    for (const glm::ivec2 size : {glm::ivec2(37, 23), glm::ivec2(64, 64), glm::ivec2(100, 3)}) {
        std::vector<Entry> entries = randomEntries(size, 9, 50);
        std::vector<std::uint32_t> planted;
        for (int i = 0; i < 6; ++i) {
            const glm::ivec2 at((7 + 17 * i) % size.x, (5 + 11 * i) % size.y);
            const std::uint32_t index = std::uint32_t(at.y * size.x + at.x);
            if (std::find(planted.begin(), planted.end(), index) != planted.end()) continue;
            entries[index].x = 1000 - 10 * std::uint32_t(i);
            planted.push_back(index);
        }
        // suppress = 1: only the maximum itself goes, so the planted ones come first.
        const auto found = chosen(entries, size, "reduce", int(planted.size()), 1);
        EXPECT_EQ(found, planted) << size.x << "x" << size.y;
    }
}

using Kind = line_space::Neighbourhood::Kind;

// Every kind of neighbourhood, of every size, on spaces small and large, with ties. The line
// space's neighbourhood goes by border points, so its spaces are layouts of real images.
TEST_F(LineSpaceInterpretTest, ReduceEqualsTheCpuReference) {
    const std::pair<glm::ivec2, line_space::Neighbourhood> spaces[] = {
        {{2, 2}, {}},
        {{37, 23}, {}},
        {{130, 17}, {Kind::HoughAngles, {}}},
        {{3, 2}, {Kind::HoughAngles, {}}},
        {line_space::layoutSize(2, 2), {Kind::BorderPoints, {2, 2}}},
        {line_space::layoutSize(13, 7), {Kind::BorderPoints, {13, 7}}},
        {line_space::layoutSize(30, 30), {Kind::BorderPoints, {30, 30}}}};
    for (const auto& [size, around] : spaces)
        for (int suppress : {1, 2, 5, 10}) {
            const auto entries = randomEntries(size, unsigned(suppress), 20);
            const int most = 25;  // more than a 2 x 2 space holds: the rest are ~0u
            EXPECT_EQ(chosen(entries, size, "reduce", most, suppress, around),
                      line_space::reduceOnCpu(entries, size, most, suppress, around))
                << size.x << "x" << size.y << " suppress " << suppress << " kind "
                << int(around.kind);
        }
}

// The line space's neighbourhood goes round the border: two lines from points either side of
// a corner of the image to the same far point are neighbours, though the layout keeps them in
// different blocks, far apart.
TEST_F(LineSpaceInterpretTest, ReduceGoesRoundTheBordersCorners) {
    const int width = 20, height = 12;
    const glm::ivec2 size = line_space::layoutSize(width, height);
    const int k = line_space::borderCount(width, height), far = 25;  // a point on the right
    // Border point 1 is (1, 0) on the bottom; k - 1 is (0, 1) on the left.
    const glm::ivec2 a = line_space::pairEntry(width, height, 1, far);
    const glm::ivec2 b = line_space::pairEntry(width, height, k - 1, far);
    ASSERT_GT(std::abs(a.y - b.y) + std::abs(a.x - b.x), 10) << "far apart in the texture";
    std::vector<Entry> entries(std::size_t(size.x) * size.y, Entry(0u));
    entries[a.y * size.x + a.x].x = 100;
    entries[b.y * size.x + b.x].x = 90;
    entries[3].x = 10;
    const auto found = chosen(entries, size, "reduce", 2, 5, {Kind::BorderPoints, {width, height}});
    EXPECT_EQ(found, (std::vector<std::uint32_t>{std::uint32_t(a.y * size.x + a.x), 3u}));
}

TEST_F(LineSpaceInterpretTest, SortEqualsTheCpuReference) {
    for (const glm::ivec2 size : {glm::ivec2(2, 2), glm::ivec2(37, 23), glm::ivec2(200, 65)})
        for (int prereduce : {0, 1, 2, 5, 16}) {
            const auto entries = randomEntries(size, unsigned(prereduce) + 1, 30);
            EXPECT_EQ(chosen(entries, size, "sort", 40, prereduce),
                      line_space::sortOnCpu(entries, size, prereduce, 40))
                << size.x << "x" << size.y << " prereduce " << prereduce;
        }
}

TEST_F(LineSpaceInterpretTest, ThresholdEqualsTheCpuReference) {
    for (const glm::ivec2 size : {glm::ivec2(3, 2), glm::ivec2(37, 23), glm::ivec2(200, 65)})
        for (std::uint32_t minimum : {1u, 15u, 29u, 30u}) {
            const auto entries = randomEntries(size, minimum, 30);
            EXPECT_EQ(chosen(entries, size, "threshold", 50, int(minimum)),
                      line_space::thresholdOnCpu(entries, minimum, 50))
                << size.x << "x" << size.y << " threshold " << minimum;
        }
}

// More entries than 65535 work groups of 64 cover, 65535 being the least a GL must launch
// along x, and llvmpipe's: the passes over every entry (threshold's flags and scatter, sort's
// keys) go on in rows of groups. A 1024 x 1024 image's line space has 6,279,174 entries; this
// space has what they need at a fraction of the transform's cost.
TEST_F(LineSpaceInterpretTest, ThresholdAndSortTakeMoreEntriesThanOneRowOfGroups) {
    const glm::ivec2 size(2048, 2049);  // 4,196,352 entries, past 65535 x 64 = 4,194,240
    const auto entries = randomEntries(size, 11, 30);
    EXPECT_EQ(chosen(entries, size, "threshold", 1024, 25),
              line_space::thresholdOnCpu(entries, 25, 1024));
    EXPECT_EQ(chosen(entries, size, "sort", 1024, 0),
              line_space::sortOnCpu(entries, size, 0, 1024));
}

// The Hough bins of every pixel of an image lie in the accumulator, at every angle.
TEST(HoughBins, EveryPixelVotesInsideTheAccumulator) {
    for (const auto& [width, height] : {std::pair<int, int>{2, 2}, {3, 7}, {64, 17}, {301, 300}}) {
        const line_space::HoughSize size = line_space::houghSize(width, height, 180);
        const auto angles = line_space::houghAngles(180);
        for (int y = 0; y < height; y += std::max(1, height / 13))
            for (int x = 0; x < width; x += std::max(1, width / 13))
                for (const glm::vec2& angle : angles) {
                    const int bin =
                        line_space::houghBin(width, height, size.dOffset, {x, y}, angle);
                    ASSERT_GE(bin, 0);
                    ASSERT_LT(bin, size.dBins);
                }
    }
}

}  // namespace
