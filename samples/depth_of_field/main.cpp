// depth_of_field: a blur that grows with the distance from the focal plane, at the same cost
// for every pixel however wide its blur. A 3D scene is rendered into textures (colour, and
// view-space depth in a texture of its own); the library builds a summed-area table of the
// colour; then a compute shader replaces every pixel by the mean of a box whose size comes
// from the pixel's circle of confusion, reading the box's sum from just four table entries.
// The method is OpenGL SuperBible's Listing 10.8 (6th ed.). See README.md.
//
// The frame, update() here, every pass in order (the filter's bind and dispatch just below);
// the compute passes read their settings from one uniform block, Blur (coc.glsl, BlurBlock):
//   scene.vert/.frag     the sharp colour and the view depth, drawn into `scene`; no barrier:
//                        a draw's framebuffer writes are visible to the commands after it
//   copy_bias.comp       the colour, less the bias, into the table  SHADER_STORAGE
//   cs::SummedAreaTable  the table, in place; a tool: contract in   SHADER_STORAGE
//                        src/compute/summed_area_table.h
//   filter.comp          each pixel's box, from four table entries  TEXTURE_FETCH | TEXTURE_UPDATE
//   view.comp            (show=depth or coc) those, as colours      TEXTURE_FETCH
//   render(): the texture `show` names (TextureDrawer); paused, a drag runs update(0) first
#include <glm/glm.hpp>
#include <glm/gtc/type_ptr.hpp>

#include "app/draw.h"
#include "app/sample.h"
#include "bench.h"
#include "camera.h"
#include "compute/summed_area_table.h"
#include "gl/info.h"
#include "gl/uniform_block.h"
#include "overlay.h"
#include "util/error.h"
#include "util/image.h"

namespace {

constexpr int kSpheres = 10;                            // instances drawn by scene.vert
constexpr int kSlices = 32, kStacks = 16;               // the sphere mesh scene.vert generates
constexpr int kSphereVertices = kSlices * kStacks * 6;  // quads of two triangles
constexpr float kFarDepth = 1000.0f;                    // the depth of the sky: "very far away"
const glm::vec3 kSky(0.55f, 0.62f, 0.72f);
constexpr float kDepthShownBlack = 60.0f;  // the depth view's far end
// The filter reads its own table entry (16 bytes) and depth (4) and writes its output (4).
// The three other corners of its box are entries other pixels own, cached or not as the
// device decides, so they are not counted.
constexpr double kBytesPerFilterPixel = 24.0;

// Bytes the library's table build moves for w x h pixels: a row scan and a column scan of
// vec4s (16 bytes), each one pass (read + write) for rows that fit in one scan tile and three
// (read, read, write) for longer rows; the small tile sums are left out.
double satBytes(int w, int h) {
    const int tile = int(cs::kTileElements);
    auto scanBytes = [&](int rowLength) { return rowLength > tile ? 48.0 : 32.0; };
    return double(w) * h * (scanBytes(w) + scanBytes(h));
}

}  // namespace

// The C++ mirror of coc.glsl's std140 block Blur; the first three are the parameters.
struct BlurBlock {
    float focal_distance;
    float focal_depth;
    std::int32_t max_radius;
    float bias;  // 0.5 with bias=true, else 0
};

class DepthOfField : public cs::Sample {
public:
    DepthOfField()
        : Sample("depth_of_field",
                 "depth of field: a per-pixel box blur from a summed-area table") {}

private:
    cs::UniformBlock<BlurBlock> blurBlock{"Blur", {CS_BLOCK_MEMBER(BlurBlock, bias)}};
    float& focalDistance = params.add("focal_distance", blurBlock.values.focal_distance, 14.0f,
                                      {0.5f, 100.0f}, "view-space depth that is sharp");
    float& focalDepth =
        params.add("focal_depth", blurBlock.values.focal_depth, 12.0f, {0.1f, 10000.0f},
                   "distance from the focal plane where the blur is full");
    int& maxRadius = params.add("max_radius", blurBlock.values.max_radius, 8, {1, 32},
                                "blur radius at full blur, in pixels");
    bool& bias = params.add("bias", true, "subtract 0.5 before summing (off: see float error)");
    bool& animate = params.add("animate", true, "sway the camera from side to side");
    std::string& show = params.choice("show", std::string("result"),
                                      {"result", "sharp", "depth", "coc"}, "what the window shows");

    cs::Framebuffer scene;    // the sharp render: colour, plus a depth buffer for the z-test
    cs::Texture2D viewDepth;  // R32F view-space depth, the second render target
    cs::Buffer table;         // vec4 per pixel: the biased colour, then its summed-area table
    cs::Texture2D blurred;    // the result
    cs::Texture2D view;       // the depth or CoC view
    cs::SummedAreaTable sat;
    cs::Program drawScene, copyBias, filter, visualise;
    cs::VertexArray noVertices;  // the scene comes from gl_VertexID; core GL still wants a VAO
    cs::TextureDrawer drawer;
    double time = 0.0;
    glm::mat4 sceneView{0.0f};  // the camera's view the scene was last drawn from

    void update(double dt) override {
        if (width() == 0 || height() == 0) return;  // minimised window
        if (width() != scene.width() || height() != scene.height())
            createTargets(width(), height());
        if (animate) time += dt;
        depth_of_field::moveCamera(camera(), time, float(width()) / float(height()));
        if (params.changed({&focalDistance, &focalDepth, &maxRadius, &bias})) uploadBlurBlock();
        const int w = width(), h = height();

        // Step 1 draws the scene into its own framebuffer: an input of the compute passes, so
        // it belongs here, not in render(), which draws into the frame target.
        renderScene();
        // No barrier here: what a draw writes to its framebuffer is visible to every later
        // command. glMemoryBarrier is only for the incoherent writes of image stores, SSBO
        // writes and atomic counters.
        {
            auto pass = gpuPass("copy");
            copyBias.use();
            blurBlock.bind(0);
            glBindImageTexture(0, scene.color().id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, table.id());
            const glm::uvec3 groups = copyBias.groupsFor(w, h);
            glDispatchCompute(groups.x, groups.y, groups.z);
            // The row scan of the summed-area table reads the buffer as an SSBO.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
        {
            auto pass = gpuPass("sat");
            sat.build(table, table, w, h);  // in place: the table replaces the pixels
            // The filter reads the table as an SSBO.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
        {
            auto pass = gpuPass("filter");
            dispatchFilter(table, viewDepth, blurred);
            // render() samples `blurred` as a texture (TEXTURE_FETCH) and finish() reads it
            // back with glGetTexImage (TEXTURE_UPDATE).
            glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
        }
        if (show == "depth" || show == "coc") {
            auto pass = gpuPass("view");
            visualise.use();
            blurBlock.bind(0);
            glUniform1i(visualise.uniform("showCoc"), show == "coc");
            glBindImageTexture(0, viewDepth.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32F);
            glBindImageTexture(1, view.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
            const glm::uvec3 groups = visualise.groupsFor(w, h);
            glDispatchCompute(groups.x, groups.y, groups.z);
            // render() samples `view` as a texture.
            glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
        }
    }

    // Step 1: the sharp image and its depth, drawn like any frame but into `scene`.
    void renderScene() {
        auto pass = gpuPass("scene");
        sceneView = camera().view();

        glBindFramebuffer(GL_FRAMEBUFFER, scene.id());
        glViewport(0, 0, scene.width(), scene.height());
        const float sky[4] = {kSky.r, kSky.g, kSky.b, 1.0f};
        const float farAway[4] = {kFarDepth, 0, 0, 0};
        glClearBufferfv(GL_COLOR, 0, sky);
        glClearBufferfv(GL_COLOR, 1, farAway);  // where nothing is drawn, depth is "far"
        glClear(GL_DEPTH_BUFFER_BIT);
        glEnable(GL_DEPTH_TEST);

        drawScene.use();
        glUniformMatrix4fv(drawScene.uniform("view"), 1, GL_FALSE, glm::value_ptr(sceneView));
        glUniformMatrix4fv(drawScene.uniform("projection"), 1, GL_FALSE,
                           glm::value_ptr(camera().projection(float(width()) / float(height()))));
        glUniform3fv(drawScene.uniform("eye"), 1, glm::value_ptr(camera().eye()));
        glBindVertexArray(noVertices.id());
        glUniform1i(drawScene.uniform("object"), 0);
        glDrawArrays(GL_TRIANGLES, 0, 6);  // the ground
        glUniform1i(drawScene.uniform("object"), 1);
        glDrawArraysInstanced(GL_TRIANGLES, 0, kSphereVertices, kSpheres);
        glBindVertexArray(0);
        glDisable(GL_DEPTH_TEST);
        bindFrameTarget();  // where the frame is drawn, also when render() runs update(0)
    }

    // The block's values as the compute passes read them, up once per change.
    void uploadBlurBlock() {
        blurBlock.values.bias = bias ? 0.5f : 0.0f;
        blurBlock.upload();
    }

    // Each pixel's average over a box of the table, the box's size from the pixel's depth.
    void dispatchFilter(const cs::Buffer& sums, const cs::Texture2D& depth,
                        const cs::Texture2D& result) const {
        filter.use();
        blurBlock.bind(0);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, sums.id());
        glBindImageTexture(0, depth.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32F);
        glBindImageTexture(1, result.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
        const glm::uvec3 groups = filter.groupsFor(result.width(), result.height());
        glDispatchCompute(groups.x, groups.y, groups.z);
    }

    void checkOptions() override {
        if (!options().input.empty())
            throw cs::UsageError("depth_of_field renders its own scene and takes no --input");
        cs::requireExtension("--output", options().output, ".png");
    }

    void setup() override {
        const std::string sky = "vec3(" + std::to_string(kSky.r) + ", " + std::to_string(kSky.g) +
                                ", " + std::to_string(kSky.b) + ")";
        drawScene = cs::Program::graphics("depth_of_field/scene.vert", "depth_of_field/scene.frag",
                                          {{"SLICES", std::to_string(kSlices)},
                                           {"STACKS", std::to_string(kStacks)},
                                           {"SKY", sky}});
        copyBias = cs::Program::compute("depth_of_field/copy_bias.comp");
        filter = cs::Program::compute("depth_of_field/filter.comp");
        visualise = cs::Program::compute("depth_of_field/view.comp",
                                         {{"FAR_DEPTH", std::to_string(kDepthShownBlack)}});
        for (const cs::Program* program : {&copyBias, &filter, &visualise})
            blurBlock.check(*program, params);
        uploadBlurBlock();
        noVertices = cs::VertexArray("scene");
        camera().setHome(depth_of_field::swayPose(0.0));
        useCamera();  // a left drag orbits (and stops the sway), the wheel zooms, Home goes back
        createTargets(width(), height());
    }

    // The frame size alone decides whether the table fits: refused before anything is made.
    void checkLimits() override { requireTableFits(width(), height()); }

    // The filter binds the whole table, a vec4 per pixel, as one shader storage block.
    static GLsizeiptr tableBytes(int w, int h) { return GLsizeiptr(w) * h * 16; }
    static void requireTableFits(int w, int h) {
        cs::requireLimit(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, tableBytes(w, h),
                         "a " + std::to_string(w) + "x" + std::to_string(h) + " summed-area table");
    }

    // Everything sized by the frame: made again when the window changes size.
    void createTargets(int w, int h) {
        requireTableFits(w, h);  // a window resized past the limit: before any allocation
        // Fix 1: the view-space depth gets a render target of its own (colour attachment 1),
        // so the table can sum the colour without carrying the depth along.
        scene = cs::Framebuffer("scene", w, h, GL_RGBA8, /*withDepth=*/true);
        viewDepth = cs::Texture2D("view depth", w, h, GL_R32F);
        glBindFramebuffer(GL_FRAMEBUFFER, scene.id());
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, viewDepth.id(),
                               0);
        const GLenum outputs[] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1};
        glDrawBuffers(2, outputs);  // fragment outputs 0 and 1 of scene.frag
        const GLenum status = glCheckFramebufferStatus(GL_FRAMEBUFFER);
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
        if (status != GL_FRAMEBUFFER_COMPLETE)
            throw cs::Error("framebuffer 'scene' with a view-depth target is incomplete (status " +
                            std::to_string(status) + ")");

        table = cs::Buffer("summed-area table", tableBytes(w, h), cs::BufferUse::Computed);
        blurred = cs::Texture2D("blurred", w, h, GL_RGBA8);
        view = cs::Texture2D("depth or coc view", w, h, GL_RGBA8);
    }

    void render() override {
        // Paused, no update() runs: a drag makes the picture again, with no time passing.
        if (camera().view() != sceneView) update(0.0);
        const cs::Texture2D& shown = show == "result"  ? blurred
                                     : show == "sharp" ? scene.color()
                                                       : view;
        drawer.draw(shown, {0, 0, float(width()), float(height())}, width(), height());
    }

    void ui() override { depth_of_field::drawOverlay(show); }

    // --output FILE.png: the blurred image at the frame size, without overlay.
    void finish() override {
        if (options().output.empty()) return;
        cs::Image result{blurred.width(), blurred.height(), {}};
        result.rgba.resize(size_t(result.width) * result.height * 4);
        blurred.download(GL_RGBA, GL_UNSIGNED_BYTE, result.rgba.data(), result.rgba.size());
        queueOutput(options().output, cs::encodePng(cs::flipRows(result)));  // GL rows: bottom-up
    }

    std::vector<cs::BenchFigure> benchFigures(const cs::Calibration& calibration) override {
        // Bytes each pass must move at the least: the table build's two scans (satBytes), and
        // the filter's kBytesPerFilterPixel per pixel.
        auto bandwidths = [&](const std::string& size, int w, int h, double tableMs,
                              double filterMs) {
            return std::vector<cs::BenchFigure>{
                cs::bandwidthFigure("sat build" + size, satBytes(w, h), tableMs, calibration),
                cs::bandwidthFigure("filter" + size, kBytesPerFilterPixel * w * h, filterMs,
                                    calibration)};
        };
        std::vector<cs::BenchFigure> figures =
            bandwidths(" (frame, " + std::to_string(width()) + "x" + std::to_string(height()) + ")",
                       width(), height(), benchMedianMs("sat"), benchMedianMs("filter"));
        // The same at two more sizes, the passes timed outside the frame (bench.cpp).
        const auto filterPass = [&](const cs::Buffer& sums, const cs::Texture2D& depth,
                                    const cs::Texture2D& result) {
            dispatchFilter(sums, depth, result);
        };
        for (const cs::BenchFigure& f :
             depth_of_field::sweepFigures(filterPass, kDepthShownBlack, timingMethod(), bandwidths))
            figures.push_back(f);
        return figures;
    }
};

CS_SAMPLE_MAIN(DepthOfField)
