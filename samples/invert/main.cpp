// invert: the "hello world" of compute shaders. A compute shader reads an image with
// imageLoad and writes its colour negative with imageStore, one invocation per pixel.
// The window shows the original (left) and the result (right). See README.md.
//
// The frame: update() runs one pass, render() draws.
//   invert.comp   `original` -> `inverted` (image units 0 and 1), a group per LOCAL_SIZE^2 pixels
//   glMemoryBarrier(TEXTURE_FETCH | TEXTURE_UPDATE): for the draw, and --output's read-back
//   render(): both textures side by side
#include "app/draw.h"
#include "app/paths.h"
#include "app/sample.h"
#include "gl/info.h"
#include "overlay.h"
#include "util/error.h"
#include "util/image.h"

class Invert : public cs::Sample {
public:
    Invert() : Sample("invert", "invert an image's colours with imageLoad/imageStore") {}

private:
    int& localSize =
        params.choice("local_size", 16, {8, 16, 32}, "work-group edge: LOCAL_SIZE^2 pixels/group");

    cs::Image image;
    cs::Texture2D original, inverted;
    cs::Program invert;
    cs::TextureDrawer drawer;
    invert::Layout layout;  // where render() put the panels, and the last dispatch's groups

    void checkOptions() override { cs::requireExtension("--output", options().output, ".png"); }

    void setup() override {
        // Files keep the top row first, GL the bottom row: flipped here, and back on output.
        image = cs::flipRows(cs::loadImage(
            options().input.empty() ? cs::assetPath("test_card.png") : options().input,
            cs::glInteger(GL_MAX_TEXTURE_SIZE)));  // refused before decoding if larger
        // RGBA8 matches the rgba8 format qualifier of the images in invert.comp.
        original = cs::Texture2D("original", image.width, image.height, GL_RGBA8);
        original.upload(GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
        inverted = cs::Texture2D("inverted", image.width, image.height, GL_RGBA8);
        buildProgram();
    }

    // The work-group size is fixed when the shader is compiled, so a new size is a new program.
    void buildProgram() {
        invert =
            cs::Program::compute("invert/invert.comp", {{"LOCAL_SIZE", std::to_string(localSize)}});
    }

    void update(double) override {
        if (params.changed(&localSize)) buildProgram();

        auto pass = gpuPass("invert");
        invert.use();
        glUniform2i(invert.uniform("size"), image.width, image.height);
        glBindImageTexture(0, original.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
        glBindImageTexture(1, inverted.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
        // Round up so the groups cover every pixel; the shader skips the overhang.
        const glm::uvec3 groups = invert.groupsFor(image.width, image.height);
        glDispatchCompute(groups.x, groups.y, groups.z);
        // imageStore writes are incoherent: before the draw samples `inverted` as a texture
        // (TEXTURE_FETCH) or finish() reads it back with glGetTexImage (TEXTURE_UPDATE),
        // the writes must be made visible to those operations.
        glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT);
        // For the overlay's count of groups and invocations.
        layout.groups = groups;
        layout.localSize = localSize;
    }

    void render() override {
        // Side by side in what the overlay leaves free: original left, inverted right.
        const cs::Rect free = freeArea();
        const float half = free.width / 2.0f;
        layout.original =
            cs::fitRect({free.x, free.y, half, free.height}, image.width, image.height);
        layout.inverted =
            cs::fitRect({free.x + half, free.y, half, free.height}, image.width, image.height);
        drawer.draw(original, layout.original, width(), height());
        drawer.draw(inverted, layout.inverted, width(), height());
    }

    void ui() override { invert::drawOverlay(layout, height()); }

    void finish() override {
        if (options().output.empty()) return;
        cs::Image result{image.width, image.height, {}};
        result.rgba.resize(image.rgba.size());
        inverted.download(GL_RGBA, GL_UNSIGNED_BYTE, result.rgba.data(), result.rgba.size());
        queueOutput(options().output, cs::encodePng(cs::flipRows(result)));
    }

    std::vector<cs::BenchFigure> benchFigures(const cs::Calibration& calibration) override {
        // Each pixel is read once and written once: 4 + 4 bytes.
        const double bytes = 8.0 * image.width * image.height;
        return {
            cs::bandwidthFigure("invert bandwidth", bytes, benchMedianMs("invert"), calibration)};
    }
};

CS_SAMPLE_MAIN(Invert)
