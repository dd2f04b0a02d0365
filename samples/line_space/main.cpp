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
#include "canny.h"
#include "draw.h"
#include "geometry.h"
#include "gl/dispatch.h"
#include "gl/info.h"
#include "interpret.h"
#include "util/error.h"
#include "util/image.h"

using line_space::Entry;
using line_space::Line;

namespace {

// Angles per work group of the plain vote: work groups along y, for GPUs that want many.
constexpr int kPlainThetaBlock = 16;

}  // namespace

class LineSpace : public cs::Sample {
public:
    LineSpace()
        : Sample("line_space", "line detection: the line space against Hough, on the GPU") {}

private:
    std::string& method = params.choice("method", "linespace", {"linespace", "hough"},
                                        "line space (thesis 5.1) or Hough transform (5.2)");
    std::string& edgesFrom = params.choice("edges", "detect", {"detect", "input"},
                                           "Canny edges of the input, or the input is edges");
    int& cannyLow = params.add("canny_low", 40, {1, 1443}, "Canny's low threshold (gradient)");
    int& cannyHigh = params.add("canny_high", 100, {1, 1443}, "Canny's high threshold");
    std::string& interpret = params.choice("interpret", "reduce", {"threshold", "reduce", "sort"},
                                           "how lines are read out of the space (thesis 5.3)");
    int& lineCount = params.add("lines", 10, {1, 1024}, "m: the most lines reported");
    int& threshold = params.add("threshold", 150, {1, 65535}, "interpret=threshold: least score");
    int& suppress = params.add("suppress", 9, {1, 255}, "interpret=reduce: neighbourhood zeroed");
    int& prereduce = params.add("prereduce", 2, {0, 16}, "interpret=sort: 2x2 reductions first");
    int& thetaSteps = params.add("theta_steps", 180, {2, 3600}, "Hough: angles in [0, pi)");
    bool& segments = params.add("segments", false, "line space: longest runs, not whole lines");
    int& gap = params.add("gap", 3, {0, 255}, "segments: non-edge pixels a run may bridge");
    bool& sharedMemory = params.add("shared_memory", true, "tiled count, shared-memory votes");
    std::string& show = params.choice("show", "image", {"image", "edges"}, "under the lines");
    bool& showSpace = params.add("space", true, "the line space or accumulator beside");

    std::string& edgesOutput =
        flags.output("edges-output", "FILE.png", "also write the edge image the transforms read");
    std::string& spaceOutput =
        flags.output("space-output", "FILE",
                     "also write the line space or accumulator: raw uint32 entries (README.md)");
    std::string& benchSizesText = flags.text(
        "bench-sizes", "N,N,...",
        "image sides of the --bench sweep (default 256,384,512,768; 256,384 on a CPU renderer)");

    cs::Image image;  // bottom row first, as every texture here
    cs::Texture2D source, edges, entries, view;
    cs::Buffer edgeBits;                                     // line space: the edges as bits
    cs::Buffer angles, edgeList, edgeCount, command, votes;  // Hough
    cs::Program packBits, count, countTiled, compact, commandPass, vote, voteShared, houghEntries,
        spaceView;
    line_space::EdgeDetector detector;
    line_space::Interpreter interpreter;
    line_space::HoughSize hough;
    glm::ivec2 spaceSize{0};
    int thetaBlock = 0;       // angles per work group of the shared-memory vote; 0: it does not fit
    std::vector<Line> lines;  // what the last detection found, best first
    line_space::LineDrawer imageLines, spaceMarks;
    cs::TextureDrawer drawer;
    bool stale = true;  // a parameter changed since the last detection
    std::vector<int> benchSizes;

    bool isHough() const { return method == "hough"; }
    int wordsPerRow() const { return (image.width + 31) / 32; }

    void checkOptions() override {
        cs::requireExtension("--output", options().output, ".json");
        cs::requireExtension("--edges-output", edgesOutput, ".png");
        if (cannyLow > cannyHigh)
            throw cs::UsageError("canny_low (" + std::to_string(cannyLow) +
                                 ") must not exceed canny_high (" + std::to_string(cannyHigh) +
                                 ")");
        if (segments && isHough())
            throw cs::UsageError("segments=true is the line space's: Hough finds whole lines");
        if (flags.given(&benchSizesText) && !options().bench)
            throw cs::UsageError("--bench-sizes has no effect without --bench");
    }

    void setup() override {
        load(cs::flipRows(cs::loadImage(
            options().input.empty() ? cs::assetPath("building.png") : options().input,
            cs::glInteger(GL_MAX_TEXTURE_SIZE))));  // refused before decoding if larger
    }

    // A new image (bottom row first): its textures, then the spaces for it.
    void load(cs::Image picture) {
        if (picture.width < 2 || picture.height < 2)
            throw cs::Error("a " + std::to_string(picture.width) + "x" +
                            std::to_string(picture.height) +
                            " image holds no line: both sides need at least 2 pixels");
        image = std::move(picture);
        source = cs::Texture2D("input", image.width, image.height, GL_RGBA8);
        source.upload(GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
        edges = cs::Texture2D("edges", image.width, image.height, GL_RGBA8);
        edgeBits = cs::Buffer("edge bits", GLsizeiptr(image.height) * wordsPerRow() * 4,
                              cs::BufferUse::Computed);
        edgeList = cs::Buffer("edge list", GLsizeiptr(image.width) * image.height * 4,
                              cs::BufferUse::Computed);
        edgeCount = cs::Buffer("edge count", 4, cs::BufferUse::Computed);
        command = cs::Buffer("vote dispatch command", 3 * 4, cs::BufferUse::Computed);
        prepareSpace();
    }

    // The space the method fills, and its programs: the line space's layout, or the Hough
    // accumulator of dBins x theta_steps; again when the method or the angles change.
    void prepareSpace() {
        if (isHough()) {
            hough = line_space::houghSize(image.width, image.height, thetaSteps);
            spaceSize = {hough.dBins, thetaSteps};
            const auto table = line_space::houghAngles(thetaSteps);
            angles = cs::Buffer("hough angles", GLsizeiptr(table.size() * sizeof(glm::vec2)),
                                cs::BufferUse::Input, table.data());
            votes = cs::Buffer("hough votes", GLsizeiptr(spaceSize.x) * spaceSize.y * 4,
                               cs::BufferUse::Computed);
            // A block of angles whose histogram fits in shared memory, at most 16.
            const int shared = cs::glInteger(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE);
            thetaBlock = std::min(16, shared / (4 * hough.dBins));
            vote = cs::Program::compute("line_space/hough_vote.comp",
                                        {{"THETA_BLOCK", std::to_string(kPlainThetaBlock)}});
            if (thetaBlock > 0)
                voteShared = cs::Program::compute("line_space/hough_vote_shared.comp",
                                                  {{"THETA_BLOCK", std::to_string(thetaBlock)},
                                                   {"D_BINS", std::to_string(hough.dBins)}});
        } else {
            // Border points are stored as 16-bit numbers in the entries (geometry.h).
            if (line_space::borderCount(image.width, image.height) > 0xFFFF)
                throw cs::Error("the line space numbers at most 65535 border points");
            spaceSize = line_space::layoutSize(image.width, image.height);
        }
        cs::requireLimit(GL_MAX_TEXTURE_SIZE, std::max(spaceSize.x, spaceSize.y),
                         std::string(isHough() ? "the accumulator" : "the line space") + " of a " +
                             std::to_string(image.width) + "x" + std::to_string(image.height) +
                             " image");
        entries = cs::Texture2D(isHough() ? "accumulator" : "line space", spaceSize.x, spaceSize.y,
                                GL_RGBA32UI);
        view = cs::Texture2D("space view", spaceSize.x, spaceSize.y, GL_RGBA8);
        interpreter.resize(spaceSize);
        if (!count) buildPrograms();
        stale = true;
    }

    void buildPrograms() {
        packBits = cs::Program::compute("line_space/pack_bits.comp");
        count = cs::Program::compute("line_space/count.comp");
        countTiled = cs::Program::compute("line_space/count_tiled.comp",
                                          {{"SLAB_ROWS", "32"}, {"SLAB_WORDS", "64"}});
        compact = cs::Program::compute("line_space/hough_compact.comp");
        commandPass = cs::Program::compute("line_space/hough_args.comp");
        houghEntries = cs::Program::compute("line_space/hough_entries.comp");
        spaceView = cs::Program::compute("line_space/space_view.comp");
    }

    void update(double) override {
        if (params.changed({&method, &thetaSteps})) prepareSpace();
        if (segments && isHough()) throw cs::Error("segments=true is the line space's alone");
        if (cannyLow > cannyHigh) throw cs::Error("canny_low must not exceed canny_high");
        stale =
            params.changed({&edgesFrom, &cannyLow, &cannyHigh, &interpret, &lineCount, &threshold,
                            &suppress, &prereduce, &segments, &gap, &sharedMemory}) ||
            stale;
        // The image does not change between frames, so neither do the lines: detection runs
        // when a parameter changes. --bench runs it every frame, to time its passes.
        if (stale || options().bench) detect();
        stale = false;
    }

    void detect() {
        {
            auto pass = gpuPass("edges");
            if (edgesFrom == "input")
                detector.fromInput(source, edges);
            else
                detector.canny(source, edges, cannyLow, cannyHigh);
            // The transforms load the edges (SHADER_IMAGE_ACCESS); the draw samples them.
            glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT);
        }
        if (isHough()) {
            auto pass = gpuPass(sharedVote() ? "hough shared" : "hough");
            voteHough();
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

    // The edges as bits, 32 pixels to a word, for the line space's walks (walk.glsl).
    void packEdgeBits() {
        const GLuint words = GLuint(image.height * wordsPerRow());
        packBits.use();
        glUniform1i(packBits.uniform("wordsPerRow"), wordsPerRow());
        glUniform2i(packBits.uniform("imageExtent"), image.width, image.height);
        glUniform1ui(packBits.uniform("count"), words);
        glBindImageTexture(0, edges.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, edgeBits.id());
        const glm::uvec3 groups = packBits.groupsFor(words);
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
        // The pyramid, the view and the gather load the entries with imageLoad.
        glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
    }

    // Whether the vote uses shared-memory histograms: asked for, and one fits.
    bool sharedVote() const { return sharedMemory && thetaBlock > 0; }

    // The Hough transform (thesis §5.2): a list of the edge pixels, then every one votes at
    // every angle, in a dispatch whose size the GPU works out from the list's length.
    void voteHough() {
        const GLuint zero = 0;
        edgeCount.upload(&zero, 4);  // a buffer update, ordered before the dispatch that counts
        compact.use();
        glUniform2i(compact.uniform("size"), image.width, image.height);
        glBindImageTexture(0, edges.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
        glBindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, edgeCount.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, edgeList.id());
        const glm::uvec3 groups = compact.groupsFor(image.width, image.height);
        glDispatchCompute(groups.x, groups.y, groups.z);
        // The next two passes read the count with atomicCounter() (ATOMIC_COUNTER), and the
        // vote reads the list from a storage buffer (SHADER_STORAGE).
        glMemoryBarrier(GL_ATOMIC_COUNTER_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);

        // The vote's size, from the count: the shared-memory vote pays for zeroing and
        // flushing its histogram once per work group, so each of its invocations takes 16
        // edges; the plain vote's, one.
        const cs::Program& voting = sharedVote() ? voteShared : vote;
        const int block = sharedVote() ? thetaBlock : kPlainThetaBlock;
        GLint groupSize[3];
        voting.workGroupSize(groupSize);
        commandPass.use();
        glUniform1ui(commandPass.uniform("edgesPerGroup"),
                     GLuint(groupSize[0] * (sharedVote() ? 16 : 1)));
        glUniform1ui(commandPass.uniform("maxGroups"), cs::maxGroupCount(0));
        glUniform1ui(commandPass.uniform("thetaGroups"), GLuint((thetaSteps + block - 1) / block));
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, command.id());
        glDispatchCompute(1, 1, 1);
        // glDispatchComputeIndirect reads the command this shader wrote: a read that only
        // GL_COMMAND_BARRIER_BIT orders after shader writes.
        glMemoryBarrier(GL_COMMAND_BARRIER_BIT);

        voting.use();
        glUniform2i(voting.uniform("imageExtent"), image.width, image.height);
        glUniform1i(voting.uniform("dOffset"), hough.dOffset);
        glUniform1i(voting.uniform("dBins"), hough.dBins);
        glUniform1i(voting.uniform("thetaSteps"), thetaSteps);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, angles.id());
        // Binding at an index binds the target too, and glClearBufferData clears what is bound
        // to the target: the votes, bound last. A clear, not a shader write: ordered with the
        // vote without a barrier.
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, votes.id());
        glClearBufferData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT,
                          nullptr);
        glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, command.id());
        glDispatchComputeIndirect(0);
        glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
        // The entries pass reads the votes from a storage buffer.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);

        houghEntries.use();
        glUniform2i(houghEntries.uniform("size"), spaceSize.x, spaceSize.y);
        glBindImageTexture(0, entries.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32UI);
        const glm::uvec3 entryGroups = houghEntries.groupsFor(spaceSize.x, spaceSize.y);
        glDispatchCompute(entryGroups.x, entryGroups.y, entryGroups.z);
        // The pyramid, the view and the gather load the entries with imageLoad.
        glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
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
            if (interpret == "threshold")
                interpreter.threshold(GLuint(threshold), lineCount);
            else if (interpret == "reduce")
                interpreter.reduce(lineCount, suppress, /*wrapRows=*/isHough());
            else
                interpreter.sort(prereduce, lineCount);
        }
        lines.clear();
        std::vector<glm::vec2> a, b, marks;
        for (const auto& [index, entry] : interpreter.chosen(entries)) {
            if (entry.x == 0) continue;  // reduce ran out, or sort reached empty entries
            Line line = line_space::lineSpaceLine(image.width, image.height, entry, segments);
            if (isHough() &&
                !line_space::houghLine(image.width, image.height, thetaSteps, entry, line))
                continue;  // a bin whose line misses the image: no votes, never chosen
            lines.push_back(line);
            a.push_back(line.a);
            b.push_back(line.b);
            marks.emplace_back(index % spaceSize.x, index / spaceSize.x);
        }
        imageLines.set(a, b, glm::vec2(image.width, image.height));
        spaceMarks.setMarks(marks, glm::vec2(spaceSize));
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
        // The textures' last writers, the edge pass and the transform, were followed by
        // barriers for image loads and texture fetches; a read-back is a texture update.
        glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
        if (!edgesOutput.empty()) {
            cs::Image picture{image.width, image.height, {}};
            picture.rgba.resize(image.rgba.size());
            edges.download(GL_RGBA, GL_UNSIGNED_BYTE, picture.rgba.data(), picture.rgba.size());
            queueOutput(edgesOutput, cs::encodePng(cs::flipRows(picture)));
        }
        if (!spaceOutput.empty()) {
            std::vector<Entry> space(std::size_t(spaceSize.x) * spaceSize.y);
            entries.download(GL_RGBA_INTEGER, GL_UNSIGNED_INT, space.data(),
                             space.size() * sizeof(Entry));
            queueOutput(spaceOutput, space.data(), space.size() * sizeof(Entry));
        }
    }

    std::vector<cs::BenchFigure> benchFigures(const cs::Calibration&) override { return {}; }
};

CS_SAMPLE_MAIN(LineSpace)
