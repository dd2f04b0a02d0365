// overdraw: how many times each pixel is shaded. Opaque quads at distinct depths are drawn
// with the depth test on, and their fragment shader counts its own invocations with
// imageAtomicAdd: a side effect, outside the compute stage. With early fragment tests an
// occluded fragment never runs; without them it runs, and counts, though it never shows.
// Two readers read the counts, each behind the barrier it needs. See README.md.
//
// The frame, update() here, every pass in order:
//   glClearBufferuiv, glClearBufferData  the counts and the histogram to zero; no barrier: a
//                                        clear is ordered before the commands after it
//   prepass.frag (prepass=true)          the depths alone, into `scene`; no barrier: the
//                                        next draw's depth test is a framebuffer operation
//   quads.vert/.frag (early or late)     the quads into `scene`, +1 per invocation in `counts`
//   glMemoryBarrierByRegion(SHADER_IMAGE_ACCESS)  a pixel's count, for its own reader next
//   tint.frag, full screen               the scene tinted by its own pixel's count, blended
//   glMemoryBarrier(SHADER_IMAGE_ACCESS) every count, for the compute pass
//   heat.comp                            the heat map and the histogram
//                                        TEXTURE_FETCH | BUFFER_UPDATE
//   cs::FencedRead                       the histogram for the overlay, read frames later
//   render(): the tinted scene and the heat map, side by side or one above the other
//   ui(): overlay.cpp; finish(): --output reads the counts after TEXTURE_UPDATE
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "app/draw.h"
#include "app/sample.h"
#include "gl/fenced_read.h"
#include "gl/info.h"
#include "overlay.h"
#include "quads.h"
#include "util/error.h"
#include "util/png16.h"

class Overdraw : public cs::Sample {
public:
    Overdraw()
        : Sample("overdraw",
                 "fragment-shader side effects: how often each pixel is shaded, with and "
                 "without early fragment tests") {}

private:
    // Each quad shades a pixel at most once, so no count passes the number of quads: at most
    // 65535, what a 16-bit --output holds.
    int& quadCount = params
                         .add("quads", 64, {1, 65535},
                              "opaque quads at distinct depths (at most 65535: every count "
                              "fits --output's 16 bits)")
                         .costGrowsAs(cs::growth::linear)
                         .interactiveAt(64);
    std::string& order =
        params.choice("order", "front_to_back", overdraw::kOrders,
                      "the draw order (front_to_back: nearest first); with early_tests=false "
                      "every quad is shaded anyway, and no count changes");
    bool& earlyTests = params.add("early_tests", false,
                                  "layout(early_fragment_tests): depth test before the shader");
    bool& prepass = params.add("prepass", false,
                               "a depth-only pass first, then shade where the depth is equal "
                               "(early_tests=false shades every quad all the same)");

    cs::Framebuffer scene;   // RGBA8 colour and 32-bit float depth: the quads, then the tint
    cs::Framebuffer counts;  // R32UI, the count image; the framebuffer is only for clearing it
    cs::Texture2D heat;      // RGBA8, written by heat.comp
    cs::Buffer quadList, stats;
    cs::Program depthOnly, earlyCount, lateCount, tint, heatMap;
    cs::VertexArray quadLayout, noVertices;
    cs::TextureDrawer drawer;
    cs::FencedRead shownStats;   // the histogram for the overlay, a frame or more late
    bool regionBarrier = false;  // whether this GL has glMemoryBarrierByRegion
    GLint fragmentImages = 0, fragmentStorageBlocks = 0, fragmentAtomicCounters = 0;

    void checkOptions() override {
        if (!options().input.empty())
            throw cs::UsageError("overdraw draws its own quads and takes no --input");
        cs::requireExtension("--output", options().output, ".png");
    }

    // A fragment shader may use images only where this GL allows it: GL 4.3 promises 8 image
    // uniforms, storage blocks and atomic counters in fragment shaders, OpenGL ES 3.1 none.
    void checkLimits() override {
        cs::requireLimit(GL_MAX_FRAGMENT_IMAGE_UNIFORMS, 1, "the count image in quads.frag");
    }

    void setup() override {
        depthOnly = cs::Program::graphics("overdraw/quads.vert", "overdraw/prepass.frag");
        earlyCount = cs::Program::graphics("overdraw/quads.vert", "overdraw/quads.frag",
                                           {{"EARLY_TESTS", "1"}});
        lateCount = cs::Program::graphics("overdraw/quads.vert", "overdraw/quads.frag",
                                          {{"EARLY_TESTS", "0"}});
        tint = cs::Program::graphics("framework/textured_rect.vert", "overdraw/tint.frag");
        heatMap =
            cs::Program::compute("overdraw/heat.comp", {{"BINS", std::to_string(overdraw::kBins)}});
        stats = cs::Buffer("overdraw stats", sizeof(overdraw::Stats), cs::BufferUse::Computed);
        shownStats = cs::FencedRead("overdraw stats", sizeof(overdraw::Stats));
        noVertices = cs::VertexArray("full screen");
        fragmentImages = cs::glInteger(GL_MAX_FRAGMENT_IMAGE_UNIFORMS);
        fragmentStorageBlocks = cs::glInteger(GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS);
        fragmentAtomicCounters = cs::glInteger(GL_MAX_FRAGMENT_ATOMIC_COUNTERS);
        // glMemoryBarrierByRegion is core in GL 4.5 and comes to 4.3 with
        // GL_ARB_ES3_1_compatibility; glad loads it where this GL lists the extension.
        const bool gl45 =
            cs::glInteger(GL_MAJOR_VERSION) * 10 + cs::glInteger(GL_MINOR_VERSION) >= 45;
        regionBarrier = (gl45 || cs::hasExtension("GL_ARB_ES3_1_compatibility")) &&
                        glMemoryBarrierByRegion != nullptr;
        createTargets();
        makeQuads();
    }

    // Everything sized by the frame: one count per pixel, so that no pixel is lost or shared.
    void createTargets() {
        scene = cs::Framebuffer("scene", width(), height(), GL_RGBA8, /*withDepth=*/true);
        counts = cs::Framebuffer("counts", width(), height(), GL_R32UI, /*withDepth=*/false);
        heat = cs::Texture2D("heat map", width(), height(), GL_RGBA8);
    }

    // The quads in draw order, one per instance (quads.vert's attributes 0 to 2).
    void makeQuads() {
        const std::vector<overdraw::Quad> list =
            overdraw::makeQuads(quadCount, width(), height(), order, seed());
        quadList = cs::Buffer("quads", GLsizeiptr(list.size() * sizeof(list[0])),
                              cs::BufferUse::Input, list.data());
        quadLayout = cs::VertexArray("quads");
        glBindVertexArray(quadLayout.id());
        glBindVertexBuffer(0, quadList.id(), 0, sizeof(overdraw::Quad));
        glVertexAttribFormat(0, 4, GL_FLOAT, GL_FALSE, offsetof(overdraw::Quad, x0));
        glVertexAttribFormat(1, 1, GL_FLOAT, GL_FALSE, offsetof(overdraw::Quad, depth));
        glVertexAttribFormat(2, 4, GL_UNSIGNED_BYTE, GL_TRUE, offsetof(overdraw::Quad, rgba));
        for (GLuint attribute = 0; attribute < 3; ++attribute) {
            glVertexAttribBinding(attribute, 0);
            glEnableVertexAttribArray(attribute);
        }
        glVertexBindingDivisor(0, 1);  // one quad per instance, drawn in instance order
        glBindVertexArray(0);
    }

    void update(double) override {
        if (width() == 0 || height() == 0) return;  // minimised window
        const bool newQuads = params.changed({&quadCount, &order});
        const bool newShading = params.changed({&earlyTests, &prepass});
        const bool resized = width() != scene.width() || height() != scene.height();
        if (resized) createTargets();
        if (resized || newQuads) makeQuads();                       // placed in the frame's pixels
        if (resized || newQuads || newShading) shownStats.reset();  // not this one's histogram
        const int w = width(), h = height();

        // Every frame starts from zero counts and an empty histogram.
        const GLuint zero[4] = {0, 0, 0, 0};
        glBindFramebuffer(GL_FRAMEBUFFER, counts.id());
        glClearBufferuiv(GL_COLOR, 0, zero);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, stats.id());
        glClearBufferData(GL_SHADER_STORAGE_BUFFER, GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT,
                          zero);
        glBindBuffer(GL_SHADER_STORAGE_BUFFER, 0);

        // The quads: into `scene`, a single-sample target of the frame's size that this
        // context owns whole, so that neither multisampling nor pixel ownership changes how
        // often a pixel is shaded. The depth buffer is cleared to the far plane every frame.
        glBindFramebuffer(GL_FRAMEBUFFER, scene.id());
        glViewport(0, 0, w, h);
        const GLfloat background[4] = {0.08f, 0.08f, 0.10f, 1.0f};
        const GLfloat farPlane = 1.0f;
        glClearBufferfv(GL_COLOR, 0, background);
        glClearBufferfv(GL_DEPTH, 0, &farPlane);
        glEnable(GL_DEPTH_TEST);
        glDepthFunc(GL_LESS);
        glBindVertexArray(quadLayout.id());
        if (prepass) {
            auto pass = gpuPass("prepass");
            depthOnly.use();
            glUniform2f(depthOnly.uniform("frameSize"), float(w), float(h));
            glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
            glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, quadCount);
            glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
            // Each pixel now holds its nearest depth: only the nearest quad's fragments pass
            // GL_EQUAL, and nothing needs to write depth again.
            glDepthFunc(GL_EQUAL);
            glDepthMask(GL_FALSE);
        }
        {
            auto pass = gpuPass("quads");
            const cs::Program& shading = earlyTests ? earlyCount : lateCount;
            shading.use();
            glUniform2f(shading.uniform("frameSize"), float(w), float(h));
            // Read and written by imageAtomicAdd.
            glBindImageTexture(0, counts.color().id(), 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
            glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, quadCount);
            // The next draw's fragment shader reads the count of its own pixel, which only
            // fragment shaders of the same pixel wrote: a barrier by region is enough, and on
            // a tiled GPU it lets each tile go on without waiting for the whole frame.
            if (regionBarrier)
                glMemoryBarrierByRegion(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
            else
                glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);  // the overlay says so
        }
        glBindVertexArray(0);
        glDepthMask(GL_TRUE);
        glDepthFunc(GL_LESS);
        glDisable(GL_DEPTH_TEST);
        {
            auto pass = gpuPass("tint");
            tint.use();
            glUniform4f(tint.uniform("rectNdc"), -1.0f, -1.0f, 1.0f, 1.0f);  // the whole target
            glBindImageTexture(0, counts.color().id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
            // Over the scene's colour, whose alpha stays 1.
            glEnable(GL_BLEND);
            glBlendFuncSeparate(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ZERO, GL_ONE);
            glBindVertexArray(noVertices.id());
            glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
            glBindVertexArray(0);
            glDisable(GL_BLEND);
            // heat.comp reads every pixel's count. Issued here, after the tint, and not
            // before it: there it would order the tint too, and the region barrier would be
            // moot. It still orders every write before it, the quads' atomics included.
            glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
        }
        {
            auto pass = gpuPass("heat");
            heatMap.use();
            glUniform2i(heatMap.uniform("size"), w, h);
            glUniform1ui(heatMap.uniform("most"), GLuint(quadCount));
            glBindImageTexture(0, counts.color().id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
            glBindImageTexture(1, heat.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, stats.id());
            const glm::uvec3 groups = heatMap.groupsFor(w, h);
            glDispatchCompute(groups.x, groups.y, groups.z);
            // render() samples the heat map (TEXTURE_FETCH); the overlay's copy reads the
            // histogram (BUFFER_UPDATE).
            glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
        }
        // The overlay's histogram: a copy now, read once its fence has signalled.
        shownStats.poll();
        shownStats.request(stats);
    }

    // The tinted scene and the heat map, side by side or one above the other, whichever
    // shows them larger in what the overlay leaves free.
    void render() override {
        const cs::Rect free = freeArea();
        const float w = float(scene.width()), h = float(scene.height());
        const bool sideBySide = std::min(free.width / (2 * w), free.height / h) >=
                                std::min(free.width / w, free.height / (2 * h));
        cs::Rect first = free, second = free;
        if (sideBySide) {
            first.width = second.width = free.width / 2;
            second.x += free.width / 2;
        } else {
            first.height = second.height = free.height / 2;
            first.y += free.height / 2;  // the scene on top
        }
        drawer.draw(scene.color(), cs::fitRect(first, scene.width(), scene.height()), width(),
                    height());
        drawer.draw(heat, cs::fitRect(second, scene.width(), scene.height()), width(), height());
    }

    void ui() override {
        overdraw::OverlayFacts facts;
        facts.earlyTests = earlyTests;
        facts.prepass = prepass;
        facts.frontToBack = order == "front_to_back";
        facts.quads = quadCount;
        const overdraw::Stats shown =
            shownStats.known() ? shownStats.value<overdraw::Stats>() : overdraw::Stats{};
        if (shownStats.known()) facts.stats = &shown;
        facts.pixels = std::uint64_t(scene.width()) * std::uint64_t(scene.height());
        facts.regionBarrier = regionBarrier;
        facts.fragmentImages = fragmentImages;
        facts.fragmentStorageBlocks = fragmentStorageBlocks;
        facts.fragmentAtomicCounters = fragmentAtomicCounters;
        overdraw::drawOverlay(facts);
    }

    // --output FILE.png: the counts, 16 bits per pixel, top row first. A read-back after the
    // last frame, so this once it may wait.
    void finish() override {
        if (options().output.empty()) return;
        const int w = counts.width(), h = counts.height();
        // The counts were written by image atomics: glGetTexImage sees them after this bit.
        glMemoryBarrier(GL_TEXTURE_UPDATE_BARRIER_BIT);
        std::vector<std::uint32_t> values(size_t(w) * size_t(h));
        counts.color().download(GL_RED_INTEGER, GL_UNSIGNED_INT, values.data(),
                                values.size() * sizeof(values[0]));
        cs::Gray16Image image{w, h, std::vector<std::uint16_t>(values.size())};
        for (int y = 0; y < h; ++y)
            for (int x = 0; x < w; ++x) {
                const std::uint32_t count = values[size_t(h - 1 - y) * w + x];  // GL: bottom up
                if (count > 65535)  // more than the quads: a driver that shaded a pixel twice
                    throw cs::Error("pixel (" + std::to_string(x) + ", " + std::to_string(y) +
                                    ") was shaded " + std::to_string(count) +
                                    " times, more than --output's 16 bits hold");
                image.values[size_t(y) * w + x] = std::uint16_t(count);
            }
        queueOutput(options().output, cs::encodePng16(image));
    }
};

CS_SAMPLE_MAIN(Overdraw)
