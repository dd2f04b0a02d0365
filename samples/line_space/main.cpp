// line_space: straight lines found two ways on the GPU, after the thesis "Possibilities of
// compute shaders" (ch. 5). The line space walks every line between two border points and
// counts the edge pixels on it; the Hough transform has every edge pixel vote for the lines
// through it. Either result is read out by a threshold, by repeated 2x2 max reduction, or by a
// GPU sort. The window draws the lines over the image, beside the line space or the
// accumulator. See README.md.
#include <imgui.h>

#include <algorithm>
#include <string>
#include <vector>

#include "app/draw.h"
#include "app/paths.h"
#include "app/sample.h"
#include "bench.h"
#include "bench/calibration.h"
#include "canny.h"
#include "draw.h"
#include "geometry.h"
#include "gl/info.h"
#include "hough.h"
#include "interpret.h"
#include "output.h"
#include "util/error.h"
#include "util/image.h"

class LineSpace : public cs::Sample {
public:
    LineSpace()
        : Sample("line_space", "line detection: the line space against Hough, on the GPU") {}

private:
    std::string& method = params.choice("method", "linespace", {"linespace", "hough"},
                                        "line space (thesis 5.1) or Hough transform (5.2)");
    std::string& edgesFrom = params.choice("edges", "detect", {"detect", "input"},
                                           "Canny edges of the input, or the input is edges");
    int& cannyLow =
        params.add("canny_low", 40, {1, 1443}, "Canny's low threshold (gradient)")
            .activeWhen([this] { return edgesFrom == "detect"; }, "unless edges=detect");
    int& cannyHigh =
        params.add("canny_high", 100, {1, 1443}, "Canny's high threshold")
            .activeWhen([this] { return edgesFrom == "detect"; }, "unless edges=detect");
    std::string& interpret = params.choice("interpret", "reduce", {"threshold", "reduce", "sort"},
                                           "how lines are read out of the space (thesis 5.3)");
    int& lineCount = params.add("lines", 10, {1, 1024}, "m: the most lines reported");
    int& threshold =
        params.add("threshold", 150, {1, 65535}, "least score")
            .activeWhen([this] { return interpret == "threshold"; }, "unless interpret=threshold");
    int& suppress =
        params.add("suppress", 10, {1, 255}, "neighbourhood zeroed")
            .activeWhen([this] { return interpret == "reduce"; }, "unless interpret=reduce");
    int& prereduce =
        params.add("prereduce", 2, {0, 16}, "2x2 reductions first")
            .activeWhen([this] { return interpret == "sort"; }, "unless interpret=sort");
    int& thetaSteps = params.add("theta_steps", 180, {2, 3600}, "Hough's angles in [0, pi)")
                          .activeWhen([this] { return isHough(); }, "unless method=hough");
    bool& segments = params.add("segments", false, "longest runs, not whole lines")
                         .activeWhen([this] { return !isHough(); },
                                     "with method=hough: Hough finds whole lines");
    int& gap = params.add("gap", 3, {0, 255}, "non-edge pixels a run may bridge")
                   .activeWhen([this] { return !isHough() && segments; },
                               "unless method=linespace and segments=true");
    bool& sharedMemory = params.add("shared_memory", false, "tiled count, shared-memory votes");
    std::string& show = params.choice("show", "image", {"image", "edges"}, "under the lines");
    bool& showSpace = params.add("space", true, "the line space or accumulator beside");

    std::string& edgesOutput =
        flags.output("edges-output", "FILE.png", "also write the edge image the transforms read");
    std::string& spaceOutput =
        flags.output("space-output", "FILE", "also write the space's entries, raw (README.md)");
    std::string& benchSizesText =
        flags
            .text("bench-sizes", "N,N,...",
                  "image sides of --bench's Figure 22 (default 256,384,512,768; to 512 on a CPU "
                  "renderer)")
            .activeWhen([this] { return options().bench; }, "without --bench");
    int& benchImages =
        flags.add("bench-images", 10, {1, 1000}, "synthetic images of --bench's accuracy figures")
            .activeWhen([this] { return options().bench; }, "without --bench");

    cs::Image image;  // bottom row first, as every texture here
    cs::Texture2D source, edges, entries, view;
    cs::Buffer edgeBits;  // the edges as bits, for the line space
    cs::Program packBits, count, countTiled, spaceView;
    line_space::EdgeDetector detector;
    line_space::HoughTransform hough;
    line_space::Interpreter interpreter;
    glm::ivec2 spaceSize{0};
    std::vector<line_space::Line> lines;  // what the last detection found, best first
    line_space::LineDrawer imageLines, spaceMarks;
    cs::TextureDrawer drawer;
    bool stale = true;  // a parameter changed since the last detection

    bool isHough() const { return method == "hough"; }
    bool sharedVote() const { return sharedMemory && hough.sharedFits(); }
    int wordsPerRow() const { return (image.width + 31) / 32; }

    void checkOptions() override {
        cs::requireExtension("--output", options().output, ".json");
        cs::requireExtension("--edges-output", edgesOutput, ".png");
        if (cannyLow > cannyHigh)
            throw cs::UsageError("canny_low (" + std::to_string(cannyLow) +
                                 ") must not exceed canny_high (" + std::to_string(cannyHigh) +
                                 ")");
        line_space::parseBenchSizes(benchSizesText, flags.given(&benchSizesText), false);
    }

    // --bench-sizes decides the sweep's images: each side is refused now if this GL cannot
    // hold its space for either method, not once the sweep has reached it.
    void checkLimits() override {
        if (!options().bench) return;
        for (int side : line_space::parseBenchSizes(benchSizesText, flags.given(&benchSizesText),
                                                    cs::isSoftwareRenderer()))
            for (bool hough : {false, true}) {
                try {
                    line_space::requireSpace(side, side, hough, thetaSteps);
                } catch (const cs::Error& e) {
                    throw cs::Error("--bench-sizes " + std::to_string(side) + ": " + e.what());
                }
            }
    }

    void setup() override {
        load(loadInput());
        buildPrograms();
    }

    cs::Image loadInput() const {
        return cs::flipRows(cs::loadImage(
            options().input.empty() ? cs::assetPath("building.png") : options().input,
            cs::glInteger(GL_MAX_TEXTURE_SIZE)));  // refused before decoding if larger
    }

    // A new image, bottom row first: its textures and buffers, and the space for it.
    void load(cs::Image picture) {
        if (picture.width < 2 || picture.height < 2)
            throw cs::Error("a " + std::to_string(picture.width) + "x" +
                            std::to_string(picture.height) +
                            " image holds no line: both sides need at least 2 pixels");
        // Before the image's textures: an image too large for the space is refused first.
        line_space::requireSpace(picture.width, picture.height, isHough(), thetaSteps);
        image = std::move(picture);
        source = cs::Texture2D("input", image.width, image.height, GL_RGBA8);
        source.upload(GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
        edges = cs::Texture2D("edges", image.width, image.height, GL_RGBA8);
        edgeBits = cs::Buffer("edge bits", GLsizeiptr(image.height) * wordsPerRow() * 4,
                              cs::BufferUse::Computed);
        prepareSpace();
    }

    // The space the method fills: the line space's layout (geometry.h), or the Hough
    // accumulator of dBins x theta_steps (hough.h). Again when either changes.
    void prepareSpace() {
        spaceSize = line_space::requireSpace(image.width, image.height, isHough(), thetaSteps);
        if (isHough()) hough.prepare(image.width, image.height, thetaSteps);
        interpreter.resize(spaceSize);
        entries = cs::Texture2D(isHough() ? "accumulator" : "line space", spaceSize.x, spaceSize.y,
                                GL_RGBA32UI);
        view = cs::Texture2D("space view", spaceSize.x, spaceSize.y, GL_RGBA8);
        stale = true;
    }

    void buildPrograms() {
        packBits = cs::Program::compute("line_space/pack_bits.comp");
        count = cs::Program::compute("line_space/count.comp");
        // 32 rows of up to 64 words: 8 KiB of shared memory, and slabs as wide as 2048 pixels.
        countTiled = cs::Program::compute("line_space/count_tiled.comp",
                                          {{"SLAB_ROWS", "32"}, {"SLAB_WORDS", "64"}});
        spaceView = cs::Program::compute("line_space/space_view.comp");
    }

    void update(double) override {
        if (segments && isHough()) throw cs::Error("segments=true is the line space's alone");
        if (cannyLow > cannyHigh) throw cs::Error("canny_low must not exceed canny_high");
        if (params.changed({&method, &thetaSteps})) prepareSpace();
        stale =
            params.changed({&edgesFrom, &cannyLow, &cannyHigh, &interpret, &lineCount, &threshold,
                            &suppress, &prereduce, &segments, &gap, &sharedMemory}) ||
            stale;
        // The image does not change between frames, so neither do the lines: detection runs
        // when a parameter changes. With --bench it runs every frame, to time its passes.
        if (stale || options().bench) detect();
        stale = false;
    }

    void shadersReloaded() override { stale = true; }

    void detect() {
        {
            auto pass = gpuPass("edges");
            findEdges();
        }
        if (isHough()) {
            auto pass = gpuPass(sharedVote() ? "hough shared" : "hough");
            hough.vote(edges, entries, sharedMemory);
        } else {
            {
                auto pass = gpuPass("pack bits");
                packEdgeBits();
            }
            auto pass = gpuPass(sharedMemory ? "line space tiled" : "line space");
            countLineSpace();
        }
        readOut();
    }

    // Canny's edges (canny.h), or the input's own.
    void findEdges() {
        if (edgesFrom == "input")
            detector.fromInput(source, edges);
        else
            detector.canny(source, edges, cannyLow, cannyHigh);
        // The transforms load the edges (SHADER_IMAGE_ACCESS), the draw samples them
        // (TEXTURE_FETCH), --edges-output reads them back (TEXTURE_UPDATE).
        glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |
                        GL_TEXTURE_UPDATE_BARRIER_BIT);
    }

    // The edges as bits, 32 pixels to a word, for the line space's walks (walk.glsl).
    void packEdgeBits() {
        const GLuint words = GLuint(image.height * wordsPerRow());
        packBits.use();
        glUniform1i(packBits.uniform("wordsPerRow"), wordsPerRow());
        glUniform2i(packBits.uniform("imageExtent"), image.width, image.height);
        glUniform1ui(packBits.uniform("count"), words);
        glBindImageTexture(0, edges.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, edgeBits.id());
        const glm::uvec3 groups = packBits.itemGroupsFor(words);  // numbered by linearItem()
        glDispatchCompute(groups.x, groups.y, groups.z);
        // The walks read the bits from a storage buffer.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }

    // The line space (thesis §5.1): one invocation per entry of the layout walks the line
    // between its two border points and counts the edge pixels on it (count.comp), or the
    // same with the edge bits a work group needs copied into shared memory (count_tiled.comp).
    void countLineSpace() {
        const cs::Program& program = sharedMemory ? countTiled : count;
        program.use();
        glUniform2i(program.uniform("size"), spaceSize.x, spaceSize.y);
        glUniform2i(program.uniform("imageExtent"), image.width, image.height);
        glUniform1i(program.uniform("wordsPerRow"), wordsPerRow());
        glUniform1i(program.uniform("gap"), gap);
        glUniform1i(program.uniform("segments"), segments);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, edgeBits.id());
        glBindImageTexture(0, entries.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32UI);
        const glm::uvec3 groups = program.groupsFor(spaceSize.x, spaceSize.y);
        glDispatchCompute(groups.x, groups.y, groups.z);
        // The pyramid, the view and the gather load the entries with imageLoad, and
        // --space-output reads them back (TEXTURE_UPDATE).
        glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
    }

    // Reading the lines out (thesis §5.3): the max pyramid, the picture of the space, the
    // chosen interpretation, and the chosen entries back to the CPU as lines.
    void readOut() {
        {
            auto pass = gpuPass("pyramid");
            interpreter.buildPyramid(entries);
            // The view and the interpretations read the pyramid from a storage buffer.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
        {
            auto pass = gpuPass("space view");
            spaceView.use();
            glUniform2i(spaceView.uniform("size"), spaceSize.x, spaceSize.y);
            glUniform1i(spaceView.uniform("topOffset"), interpreter.topOffset());
            glUniform1i(spaceView.uniform("layoutGaps"), !isHough());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, interpreter.pyramid().id());
            glBindImageTexture(0, entries.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32UI);
            glBindImageTexture(1, view.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
            const glm::uvec3 groups = spaceView.groupsFor(spaceSize.x, spaceSize.y);
            glDispatchCompute(groups.x, groups.y, groups.z);
            // The draw samples the view as a texture.
            glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
        }
        {
            auto pass = gpuPass(interpret.c_str());
            interpretSpace(lineCount);
        }
        // The chosen entries, a few of them, come back to the CPU: a wait for the GPU, once
        // per detection.
        std::vector<line_space::Entry> chosen;
        std::vector<glm::vec2> marks;
        for (const auto& [index, entry] : interpreter.chosen(entries)) {
            chosen.push_back(entry);
            if (entry.x > 0) marks.emplace_back(index % spaceSize.x, index / spaceSize.x);
        }
        lines = line_space::linesOf({image.width, image.height, isHough(), thetaSteps, segments},
                                    chosen);
        std::vector<glm::vec2> a, b;
        for (const line_space::Line& line : lines) a.push_back(line.a), b.push_back(line.b);
        imageLines.set(a, b, glm::vec2(image.width, image.height));
        spaceMarks.setMarks(marks, glm::vec2(spaceSize));
    }

    void interpretSpace(int most) {
        if (interpret == "threshold")
            interpreter.threshold(GLuint(threshold), most);
        else if (interpret == "reduce")
            // Round the accumulator's angles, or round the image's border (geometry.h).
            interpreter.reduce(most, suppress,
                               {isHough() ? line_space::Neighbourhood::Kind::HoughAngles
                                          : line_space::Neighbourhood::Kind::BorderPoints,
                                {image.width, image.height}});
        else
            interpreter.sort(prereduce, most);
    }

    void render() override {
        const cs::Rect free = freeArea();
        const float split = showSpace ? free.width / 2.0f : free.width;
        const cs::Rect picture =
            cs::fitRect({free.x, free.y, split, free.height}, image.width, image.height);
        drawer.draw(show == "edges" ? edges : source, picture, width(), height());
        imageLines.draw(picture, width(), height());
        if (!showSpace) return;
        const cs::Rect space =
            cs::fitRect({free.x + split, free.y, split, free.height}, spaceSize.x, spaceSize.y);
        drawer.draw(view, space, width(), height());
        spaceMarks.draw(space, width(), height());
    }

    void ui() override {
        ImGui::Separator();
        ImGui::Text("%dx%d image, %s %dx%d", image.width, image.height,
                    isHough() ? "accumulator" : "line space", spaceSize.x, spaceSize.y);
        if (!isHough())
            ImGui::Text("%lld lines scanned",
                        (long long)line_space::lineCount(image.width, image.height));
        if (interpret != "reduce")
            ImGui::Text("%u candidates %s", interpreter.candidates(),
                        interpret == "threshold" ? "at or above the threshold" : "sorted");
        ImGui::Text("%zu lines found, best score %u", lines.size(),
                    lines.empty() ? 0u : lines.front().score);
    }

    void finish() override {
        if (!options().output.empty())
            queueOutput(options().output, line_space::linesJson(lines, image.height));
        if (!edgesOutput.empty()) queueOutput(edgesOutput, line_space::edgesPng(edges));
        if (!spaceOutput.empty()) queueOutput(spaceOutput, line_space::spaceBytes(entries));
    }

    // The roofline: the bytes the transform must move at the least. The line space writes
    // every entry (16 bytes) and reads the edge bits once (1/8 byte a pixel): its walks read
    // the same words again and again, from caches or shared memory, so the floor is far below
    // what limits it. Hough reads the edges (4 bytes a pixel), writes the list (4 an edge),
    // reads and writes a vote's bin (8 bytes an edge and angle) and writes the entries (16 a
    // bin). Then the sweeps (bench.cpp), which run this sample's passes on other images and
    // settings through the callbacks, and leave it so: --bench runs them last.
    std::vector<cs::BenchFigure> benchFigures(const cs::Calibration& calibration) override {
        const double pixels = double(image.width) * image.height;
        const double bins = double(spaceSize.x) * spaceSize.y;
        const std::string transform = isHough()
                                          ? (sharedVote() ? "hough shared" : "hough")
                                          : (sharedMemory ? "line space tiled" : "line space");
        const double edgeTotal = isHough() ? hough.edgeCount() : 0;
        const double bytes =
            isHough() ? 4 * pixels + 4.0 * edgeTotal + 8.0 * edgeTotal * thetaSteps + 16 * bins
                      : pixels / 8 + 16 * bins;
        std::vector<cs::BenchFigure> figures = {cs::bandwidthFigure(
            transform + " bandwidth", bytes, benchMedianMs(transform), calibration)};
        const line_space::Sweep sweep{
            benchImages,
            seed(),
            loadInput(),
            line_space::parseBenchSizes(benchSizesText, flags.given(&benchSizesText),
                                        cs::isSoftwareRenderer()),
            [&](const cs::Image& picture, bool isEdges) {
                edgesFrom = isEdges ? "input" : "detect";
                load(picture);
                findEdges();
            },
            [&](bool useHough, bool shared, bool runs) {
                method = useHough ? "hough" : "linespace", sharedMemory = shared, segments = runs;
                prepareSpace();
            },
            [&] {
                if (isHough()) return hough.vote(edges, entries, sharedMemory);
                packEdgeBits();
                countLineSpace();
            },
            [&](int neighbourhood, int most) {
                interpret = "reduce", suppress = neighbourhood, lineCount = most;
                readOut();
                return lines;
            },
            [&](const std::string& how, int most, int levels) {
                interpret = how, prereduce = levels;
                interpreter.buildPyramid(entries);
                // The interpretation reads the pyramid from a storage buffer.
                glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
                interpretSpace(most);
            },
            timingMethod()};
        for (const cs::BenchFigure& figure : line_space::runSweep(sweep)) figures.push_back(figure);
        return figures;
    }
};

CS_SAMPLE_MAIN(LineSpace)
