// line_space: straight lines found two ways on the GPU (the thesis "Possibilities of compute
// shaders", ch. 5): the line space walks every line between two border points and counts the
// edge pixels on it, the Hough transform has every edge pixel vote for the lines through it;
// lines are read out by a threshold, 2x2 max reduction or a GPU sort. See README.md.
//
// The frame: update() → detect(), when a parameter changed (every frame with --bench). Every
// pass is written out in passes.cpp, bind → dispatch → the barrier its readers need:
//   edges       canny_blur, canny_gradient, canny_suppress, canny_hysteresis (again until its
//               counter, read back, is 0), canny_edges.comp, IMAGE_ACCESS between; or
//               input_edges.comp. Then IMAGE_ACCESS | TEXTURE_FETCH | TEXTURE_UPDATE
//   line space  pack_bits.comp, SHADER_STORAGE; count.comp or count_tiled.comp
//   or Hough    hough_compact.comp, ATOMIC_COUNTER | SHADER_STORAGE; hough_args.comp, COMMAND;
//               hough_vote(_shared).comp, indirect, SHADER_STORAGE; hough_entries.comp
//               either way IMAGE_ACCESS | TEXTURE_UPDATE: the pyramid and the gather read it
//   pyramid     pyramid_base.comp, pyramid_level.comp per level, SHADER_STORAGE after each
//   view        space_view.comp, TEXTURE_FETCH: render() draws it
//   read-out    threshold_scatter.comp, cs::GpuScan, threshold_scatter.comp, cs::GpuSort; or
//               reduce_round.comp per line and level; or sort_keys.comp, cs::GpuSort;
//               SHADER_STORAGE after each pass
//   gather      gather.comp, BUFFER_UPDATE: the chosen entries come back to the CPU
#include <string>
#include <vector>

#include "app/draw.h"
#include "app/sample.h"
#include "bench.h"
#include "bench/calibration.h"
#include "draw.h"
#include "gl/info.h"
#include "output.h"
#include "overlay.h"
#include "passes.h"
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
    line_space::BenchFlags bench{flags, [this] { return options().bench; }};

    cs::Image image;  // bottom row first, as every texture here
    cs::Texture2D source, edges, entries, view;
    line_space::LineSpaceCount lineSpace;  // its programs and the edges as bits (count.h)
    line_space::EdgeDetector detector;     // Canny's programs and work textures (canny.h)
    line_space::HoughTransform hough;      // the vote's buffers and programs (hough.h)
    line_space::Interpreter interpreter;   // the pyramid, the read-outs' buffers (interpret.h)
    glm::ivec2 spaceSize{0};
    std::vector<line_space::Line> lines;  // what the last detection found, best first
    line_space::LineDrawer imageLines, spaceMarks;
    cs::TextureDrawer drawer;
    bool stale = true;  // a parameter changed since the last detection

    bool isHough() const { return method == "hough"; }
    bool sharedVote() const { return sharedMemory && hough.sharedFits(); }

    void update(double) override {
        // An overlay edit that contradicts another setting moves that one along (overlay.h).
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
            line_space::countPass(lineSpace, sharedMemory, {image.width, image.height}, entries,
                                  gap, segments);
        }
        readOut();
    }

    // Canny's edges (canny.h), or the input's own.
    void findEdges() {
        if (edgesFrom == "input")
            line_space::inputEdgesPass(detector, source, edges);
        else
            line_space::cannyPasses(detector, source, edges, cannyLow, cannyHigh);
    }

    // Reading the lines out (thesis §5.3): the max pyramid, the picture of the space, the
    // chosen interpretation, and the chosen entries back to the CPU as lines.
    void readOut() {
        {
            auto pass = gpuPass("pyramid");
            line_space::pyramidPasses(interpreter, entries);
        }
        {
            auto pass = gpuPass("space view");
            line_space::spaceViewPass(interpreter, entries, view, !isHough());
        }
        {
            auto pass = gpuPass(interpret.c_str());
            interpretSpace(lineCount);
        }
        // The chosen entries, a few of them, come back to the CPU: a wait for the GPU, once
        // per detection. The window draws them as lines over the image and marks on the space.
        lines = line_space::showChosen(line_space::gatherPass(interpreter, entries),
                                       {image.width, image.height, isHough(), thetaSteps, segments},
                                       spaceSize, imageLines, spaceMarks);
    }

    void interpretSpace(int most) {
        if (interpret == "threshold")
            line_space::thresholdPasses(interpreter, GLuint(threshold), most);
        else if (interpret == "reduce")
            // Round the accumulator's angles, or round the image's border (geometry.h).
            line_space::reducePasses(interpreter, most, suppress,
                                     {isHough() ? line_space::Neighbourhood::Kind::HoughAngles
                                                : line_space::Neighbourhood::Kind::BorderPoints,
                                      {image.width, image.height}});
        else
            line_space::sortPasses(interpreter, prereduce, most);
    }

    void shadersReloaded() override { stale = true; }

    void checkOptions() override {
        cs::requireExtension("--output", options().output, ".json");
        cs::requireExtension("--edges-output", edgesOutput, ".png");
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
    void load(cs::Image picture) {
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
        const double edgeTotal = isHough() ? line_space::houghEdgeCount(hough) : 0;
        const double bytes =
            isHough() ? 4 * pixels + 4.0 * edgeTotal + 8.0 * edgeTotal * thetaSteps + 16 * bins
                      : pixels / 8 + 16 * bins;
        std::vector<cs::BenchFigure> figures = {cs::bandwidthFigure(
            transform + " bandwidth", bytes, benchMedianMs(transform), calibration)};
        const line_space::Sweep sweep{
            bench.images,
            seed(),
            line_space::readInput(options().input),
            bench.sides(cs::isSoftwareRenderer()),
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
                if (isHough()) return line_space::houghPasses(hough, edges, entries, sharedMemory);
                line_space::packBitsPass(lineSpace, edges);
                line_space::countPass(lineSpace, sharedMemory, {image.width, image.height}, entries,
                                      gap, segments);
            },
            [&](int neighbourhood, int most) {
                interpret = "reduce", suppress = neighbourhood, lineCount = most;
                readOut();
                return lines;
            },
            [&](const std::string& how, int most, int levels) {
                interpret = how, prereduce = levels;
                line_space::pyramidPasses(interpreter, entries);
                interpretSpace(most);
            },
            timingMethod()};
        for (const cs::BenchFigure& figure : line_space::runSweep(sweep)) figures.push_back(figure);
        return figures;
    }
};

CS_SAMPLE_MAIN(LineSpace)
