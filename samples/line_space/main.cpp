// line_space: straight lines found two ways on the GPU (the thesis "Possibilities of compute
// shaders", ch. 5): the line space walks every line between two border points and counts the
// edge pixels on it, the Hough transform has every edge pixel vote for the lines through it;
// lines are read out by a 2x2 max reduction, a threshold or a GPU sort. See README.md.
//
// Frame map: update() runs detect() when a parameter changed (every frame with --bench); each
// pass is written out in passes.cpp as bind (its family's parameter block too), dispatch and
// the barrier its readers need. The default path:
//   edges       edges.comp, a program per step: BLUR, GRADIENT, SUPPRESS, IMAGE_ACCESS after
//               each; HYSTERESIS again until its counter, read back, is 0; STRONG_EDGES, then
//               IMAGE_ACCESS | TEXTURE_FETCH | TEXTURE_UPDATE
//   line space  pack_bits.comp, SHADER_STORAGE; count.comp, IMAGE_ACCESS | TEXTURE_UPDATE
//   pyramid     pyramid.comp per level, SHADER_STORAGE after each
//   view        space_view.comp, TEXTURE_FETCH: render() draws it
//   reduce      reduce_round.comp per line and level, SHADER_STORAGE after each, then
//               BUFFER_UPDATE: readChosen() reads the m chosen entries back
//   render()    cs::TextureDrawer (src/app/draw.h): the image and the view; LineDrawer
//               (draw.cpp, lines.vert, lines.frag): the lines and the crosses
// Off that path: edges=input (edges.comp's INPUT_EDGES); shared_memory (count_tiled.comp);
// method=hough (hough_compact, hough_args, hough_vote(_shared), hough_entries.comp);
// interpret=threshold (threshold_scatter.comp, cs::GpuScan, a tool: contract in
// src/compute/scan.h; cs::GpuSort, a tool: src/compute/sort.h; gather.comp) or sort
// (sort_keys.comp, cs::GpuSort, gather.comp). The std140 parameter blocks (passes.h): 0 Edges
// (edges.comp), 1 LineSpace (line_space.glsl), 2 Hough (hough.glsl), 3 ReadOut (pyramid.glsl).
#include <string>
#include <vector>

#include "app/draw.h"
#include "app/sample.h"
#include "bench.h"
#include "bench/calibration.h"
#include "draw.h"
#include "gl/info.h"
#include "output.h"
#include "passes.h"
#include "util/error.h"
#include "util/image.h"

class LineSpace : public cs::Sample, line_space::SweepTarget {
public:
    LineSpace()
        : Sample("line_space", "line detection: the line space against Hough, on the GPU") {}

private:
    // The passes' programs and buffers, each family with its parameter block (passes.h). The
    // parameters that a shader reads are declared below in the block's values.
    line_space::EdgeDetector detector;     // Canny, or the input's edges
    line_space::LineSpaceCount lineSpace;  // the line space's count
    line_space::HoughTransform hough;      // the Hough transform's vote
    line_space::Interpreter interpreter;   // the max pyramid and the read-outs

    std::string& method = params.choice("method", "linespace", {"linespace", "hough"},
                                        "line space (thesis 5.1) or Hough transform (5.2)");
    std::string& edgesFrom = params.choice("edges", "detect", {"detect", "input"},
                                           "Canny edges of the input, or the input is edges");
    int& cannyLow =
        params
            .add("canny_low", detector.block.values.canny_low, 40, {1, 1443},
                 "Canny's low threshold (gradient)")
            .activeWhen([this] { return edgesFrom == "detect"; }, "unless edges=detect");
    int& cannyHigh =
        params
            .add("canny_high", detector.block.values.canny_high, 100, {1, 1443},
                 "Canny's high threshold")
            .activeWhen([this] { return edgesFrom == "detect"; }, "unless edges=detect");
    std::string& interpret = params.choice("interpret", "reduce", {"threshold", "reduce", "sort"},
                                           "how lines are read out of the space (thesis 5.3)");
    int& lineCount = params.add("lines", 10, {1, 1024}, "m: the most lines reported");
    int& threshold =
        params.add("threshold", interpreter.block.values.threshold, 150, {1, 65535}, "least score")
            .activeWhen([this] { return interpret == "threshold"; }, "unless interpret=threshold");
    int& suppress =
        params
            .add("suppress", interpreter.block.values.suppress, 10, {1, 255},
                 "neighbourhood zeroed")
            .activeWhen([this] { return interpret == "reduce"; }, "unless interpret=reduce");
    int& prereduce =
        params
            .add("prereduce", interpreter.block.values.prereduce, 2, {0, 16},
                 "2x2 reductions first")
            .activeWhen([this] { return interpret == "sort"; }, "unless interpret=sort");
    int& thetaSteps = params
                          .add("theta_steps", hough.block.values.theta_steps, 180, {2, 3600},
                               "Hough's angles in [0, pi)")
                          .activeWhen([this] { return isHough(); }, "unless method=hough");
    bool& segments = params.add("segments", false, "longest runs, not whole lines")
                         .activeWhen([this] { return !isHough(); },
                                     "with method=hough: Hough finds whole lines");
    int& gap =
        params
            .add("gap", lineSpace.block.values.gap, 3, {0, 255}, "non-edge pixels a run may bridge")
            .activeWhen([this] { return !isHough() && segments; },
                        "unless method=linespace and segments=true");
    bool& sharedMemory = params.add("shared_memory", false, "tiled count, shared-memory votes");
    std::string& show = params.choice("show", "image", {"image", "edges"}, "under the lines");
    bool& showSpace = params.add("space", true, "the line space or accumulator beside");

    line_space::OutputFlags outputs{flags};  // --edges-output, --space-output
    line_space::BenchFlags bench{flags, [this] { return options().bench; }};

    cs::Image image;  // bottom row first, as every texture here
    cs::Texture2D source, edges, entries, view;
    glm::ivec2 spaceSize{0};
    std::vector<line_space::Line> lines;  // what the last detection found, best first
    line_space::LineDrawer imageLines, spaceMarks;
    cs::TextureDrawer drawer;
    bool stale = true;  // a parameter changed since the last detection

    bool isHough() const { return method == "hough"; }
    bool sharedVote() const { return sharedMemory && hough.sharedFits(); }

    void update(double) override {
        // An overlay edit that contradicts another setting moves that one along (draw.h).
        line_space::keepWorking(params, isHough() && segments, cannyLow, cannyHigh);
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

    // The frame's passes, in order (passes.cpp).
    void detect() {
        {
            auto pass = gpuPass("edges");
            findEdges();
        }
        if (isHough()) {
            auto pass = gpuPass(sharedVote() ? "hough shared" : "hough");
            line_space::houghPasses(hough, edges, entries, sharedMemory);
        } else {
            {
                auto pass = gpuPass("pack bits");
                line_space::packBitsPass(lineSpace, edges);
            }
            auto pass = gpuPass(sharedMemory ? "line space tiled" : "line space");
            line_space::countPass(lineSpace, sharedMemory, segments, entries);
        }
        readOut();
    }

    // The transform, and the read-out's pyramid and interpretation, untimed (bench.h's sweeps).
    void transform() override {
        if (isHough()) return line_space::houghPasses(hough, edges, entries, sharedMemory);
        line_space::packBitsPass(lineSpace, edges);
        line_space::countPass(lineSpace, sharedMemory, segments, entries);
    }
    void interpretUntimed(int most) override {
        line_space::pyramidPasses(interpreter, entries);
        interpretSpace(most);
    }
    cs::Params& parameters() override { return params; }

    // Canny's edges, or the input's own.
    void findEdges() override {
        if (edgesFrom == "input")
            line_space::inputEdgesPass(detector, source, edges);
        else
            line_space::cannyPasses(detector, source, edges);
    }

    // Reading the lines out (thesis §5.3): the max pyramid, the picture of the space, the
    // chosen interpretation, and the chosen entries back to the CPU as lines.
    const std::vector<line_space::Line>& readOut() override {
        {
            auto pass = gpuPass("pyramid");
            line_space::pyramidPasses(interpreter, entries);
        }
        {
            auto pass = gpuPass("space view");
            line_space::spaceViewPass(interpreter, entries, view);
        }
        {
            auto pass = gpuPass(interpret.c_str());
            interpretSpace(lineCount);
        }
        // The chosen entries, a few of them, come back to the CPU: a wait for the GPU, once
        // per detection. The window draws them as lines over the image and marks on the space.
        lines = line_space::showChosen(line_space::readChosen(interpreter),
                                       {image.width, image.height, isHough(), thetaSteps, segments},
                                       spaceSize, imageLines, spaceMarks);
        return lines;
    }

    void interpretSpace(int most) {
        if (interpret == "reduce")
            line_space::reducePasses(interpreter, entries, most);
        else if (interpret == "threshold")
            line_space::thresholdPasses(interpreter, entries, most);
        else
            line_space::sortPasses(interpreter, entries, most);
    }

    void shadersReloaded() override {
        checkBlocks();
        stale = true;
    }

    // Each block against its programs as linked (gl/uniform_block.h): after a build or reload.
    void checkBlocks() { line_space::checkBlocks(params, detector, lineSpace, hough, interpreter); }

    void checkOptions() override {
        cs::requireExtension("--output", options().output, ".json");
        cs::requireExtension("--edges-output", outputs.edges, ".png");
        if (cannyLow > cannyHigh)
            throw cs::UsageError("canny_low (" + std::to_string(cannyLow) +
                                 ") must not exceed canny_high (" + std::to_string(cannyHigh) +
                                 ")");
        bench.sides(false);  // a malformed --bench-sizes is bad usage, with --bench or not
    }

    // --bench-sizes decides the sweep's images: each side is refused before any is allocated.
    void checkLimits() override {
        if (options().bench) bench.requireSpaces(thetaSteps);
    }

    void setup() override { load(line_space::readInput(options().input)); }

    // A new image, bottom row first: its textures and buffers, and the space for it.
    void load(cs::Image picture) override {
        // Before the image's textures: an image too small or too large is refused first.
        line_space::requireSpace(picture.width, picture.height, isHough(), thetaSteps);
        image = std::move(picture);
        source = cs::Texture2D("input", image.width, image.height, GL_RGBA8);
        source.upload(GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
        edges = cs::Texture2D("edges", image.width, image.height, GL_RGBA8);
        detector.prepare(image.width, image.height);
        lineSpace.prepare(image.width, image.height);
        prepareSpace();
    }

    // The space the method fills: the line space's layout (geometry.h), or the Hough
    // accumulator of dBins x theta_steps. Again when either changes.
    void prepareSpace() override {
        spaceSize = line_space::requireSpace(image.width, image.height, isHough(), thetaSteps);
        if (isHough()) hough.prepare(image.width, image.height);
        interpreter.resize(spaceSize);
        interpreter.setMethod(isHough(), {image.width, image.height});
        entries = cs::Texture2D(isHough() ? "accumulator" : "line space", spaceSize.x, spaceSize.y,
                                GL_RGBA32UI);
        view = cs::Texture2D("space view", spaceSize.x, spaceSize.y, GL_RGBA8);
        checkBlocks();
        stale = true;
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
        line_space::drawOverlay({image.width, image.height, isHough(), spaceSize, interpret,
                                 interpreter.candidates, &lines, showSpace});
    }

    void finish() override {
        if (!options().output.empty())
            queueOutput(options().output, line_space::linesJson(lines, image.height));
        if (!outputs.edges.empty()) queueOutput(outputs.edges, line_space::edgesPng(edges));
        if (!outputs.space.empty()) queueOutput(outputs.space, line_space::spaceBytes(entries));
    }

    // The roofline: the bytes the transform must move at the least. The line space writes
    // every entry (16 bytes) and reads the edge bits once (1/8 byte a pixel; its walks read the
    // same words again and again, from caches or shared memory). Hough reads the edges (4 bytes
    // a pixel), writes the list (4 an edge), reads and writes a vote's bin (8 bytes an edge and
    // angle) and writes the entries (16 a bin). Then the sweeps (bench.cpp), run last.
    std::vector<cs::BenchFigure> benchFigures(const cs::Calibration& calibration) override {
        const double pixels = double(image.width) * image.height;
        const double bins = double(spaceSize.x) * spaceSize.y;
        const std::string transform = isHough()
                                          ? (sharedVote() ? "hough shared" : "hough")
                                          : (sharedMemory ? "line space tiled" : "line space");
        const double edgeTotal = isHough() ? line_space::houghEdgeCount(hough) : 0;
        const double bytes =
            isHough() ? 4 * pixels + 4.0 * edgeTotal + 8.0 * edgeTotal * thetaSteps + 16 * bins
                      : pixels / 8 + 16 * bins;
        std::vector<cs::BenchFigure> figures = {cs::bandwidthFigure(
            transform + " bandwidth", bytes, benchMedianMs(transform), calibration)};
        const std::vector<cs::BenchFigure> sweeps =
            line_space::runSweep(*this, bench, seed(), options().input, timingMethod());
        figures.insert(figures.end(), sweeps.begin(), sweeps.end());
        return figures;
    }
};

CS_SAMPLE_MAIN(LineSpace)
