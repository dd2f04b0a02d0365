// summed_area: the 2D prefix sum. A summed-area table (SAT) holds at (x, y) the sum of all
// pixels left of and below it, inclusive, so the sum over any rectangle takes four reads.
// Built on the GPU, it drives a blur whose box grows from 0 at the left edge to max_radius at
// the right; the window shows original | blurred | the float error as a heat map. README.md.
//
// The frame: update() runs the passes, render() draws the three panels. Every pass reads its
// settings from one uniform block, Blur (blur_block.glsl, mirrored by BlurBlock below).
//   normalise.comp    pixels (0-255) into [0, 1] (or biased); SHADER_STORAGE
//   the table, either buildTable(): rows scanned and written transposed, twice, by
//                     cs::GpuScan, a tool: contract in src/compute/scan.h; SHADER_STORAGE
//                     between and after. Or with tiled=true:
//     tile_sat.comp       a table per tile, one work group each; SHADER_STORAGE
//     tile_offsets.comp   left offsets, SHADER_STORAGE, then below offsets, SHADER_STORAGE
//   blur.comp         a box from four table reads per pixel, into `blurred`;
//                     SHADER_IMAGE_ACCESS | TEXTURE_FETCH | TEXTURE_UPDATE
//   error_map.comp    `blurred` against the CPU's blur, into the heat map; TEXTURE_FETCH
//   and only after a change, `blurred` read back for the overlay's error figures
#include <glm/glm.hpp>

#include "app/draw.h"
#include "app/paths.h"
#include "app/sample.h"
#include "compute/scan.h"
#include "gl/info.h"
#include "gl/uniform_block.h"
#include "output.h"
#include "overlay.h"
#include "util/error.h"
#include "util/image.h"

// The C++ mirror of blur_block.glsl's std140 block; max_radius is the parameter itself.
struct BlurBlock {
    glm::ivec2 size;
    glm::ivec2 tiles;
    std::int32_t max_radius;
    float bias;  // 0.5 with bias=true, else 0
};

class SummedArea : public cs::Sample {
public:
    SummedArea()
        : Sample("summed_area", "summed-area table: box sums from four reads, a variable blur") {}

private:
    cs::UniformBlock<BlurBlock> blurBlock{
        "Blur",
        {CS_BLOCK_MEMBER(BlurBlock, size), CS_BLOCK_MEMBER(BlurBlock, tiles),
         CS_BLOCK_MEMBER(BlurBlock, bias)}};
    int& maxRadius = params.add("max_radius", blurBlock.values.max_radius, 16, {0, 64},
                                "blur radius at the right edge (0 at the left)");
    bool& bias = params.add("bias", false, "sum value - 0.5 instead of value in [0, 1]");
    bool& tiled = params.add("tiled", false, "per-tile tables plus double-precision offsets");
    int& tileSize = params.choice("tile_size", 32, {8, 16, 32}, "tile edge of the tiled table")
                        .activeWhen([this] { return tiled; }, "unless tiled=true");
    std::string& blurOutput = flags.output(
        "blur-output", "FILE.pfm", "also write the GPU blur's R, G, B in [0, 1], as --output");

    cs::Image image;         // bottom row first, as every buffer and texture here
    cs::Buffer pixels;       // the image as vec4s of 0-255
    cs::Buffer normalised;   // what the blur's table sums: [0, 1], or [-0.5, 0.5]
    cs::Buffer columns;      // the table's row pass, transposed: a row per image column
    cs::Buffer table;        // the whole-image table, or (tiled) every tile's own
    cs::Buffer below, left;  // the tiled table's offsets (tile_offsets.comp)
    cs::Buffer reference;    // the CPU blur, rounded to float, for the heat map
    cs::Texture2D original, blurred, errorMap;
    cs::GpuScan rowScan{cs::ElementType::Vec4};
    cs::Program normalise, tileSat, tileOffsets, blur, heat;
    cs::TextureDrawer drawer;
    summed_area::Panels panels;       // where render() put them, for the overlay's labels
    std::vector<glm::dvec4> cpuBlur;  // double precision: the answer the GPU should give
    summed_area::BlurError error;
    bool errorStale = true;  // the GPU result changed since `error` was measured

    void update(double) override {
        const bool newRadius = params.changed(&maxRadius);
        const bool newTiles = params.changed({&tiled, &tileSize});
        if (newRadius) buildReference();
        if (newTiles) buildTablePrograms();
        if (newRadius || newTiles || params.changed(&bias)) uploadBlock();

        {
            auto pass = gpuPass("normalise");
            normalise.use();
            blurBlock.bind(0);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, pixels.id());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, normalised.id());
            // Work groups over the image, rounded up; the shaders skip the overhang.
            const glm::uvec3 groups = normalise.groupsFor(image.width, image.height);
            glDispatchCompute(groups.x, groups.y, groups.z);
            // The table passes read `normalised` from shaders.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
        if (tiled) {
            // Every tile's own table, then the offsets that place it in the image.
            auto pass = gpuPass("tiled sat");
            const glm::ivec2 tiles = blurBlock.values.tiles;
            tileSat.use();
            blurBlock.bind(0);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, normalised.id());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, table.id());
            glDispatchCompute(GLuint(tiles.x), GLuint(tiles.y), 1);  // one work group per tile
            // The offsets read the tiles' last rows and columns.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            tileOffsets.use();
            blurBlock.bind(0);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, table.id());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, below.id());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, left.id());
            glUniform1i(tileOffsets.uniform("pass"), 0);  // left: one invocation per row
            const glm::uvec3 rowGroups = tileOffsets.groupsFor(image.height);
            glDispatchCompute(rowGroups.x, rowGroups.y, rowGroups.z);
            // The `below` pass adds up `left` entries.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
            glUniform1i(tileOffsets.uniform("pass"), 1);  // below: one invocation per column
            const glm::uvec3 columnGroups = tileOffsets.groupsFor(image.width);
            glDispatchCompute(columnGroups.x, columnGroups.y, columnGroups.z);
            // The blur reads the tile tables and both offset tables.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        } else {
            auto pass = gpuPass("sat");
            buildTable(normalised, table);
            // The blur reads the table from a shader.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
        {
            auto pass = gpuPass("blur");
            blur.use();
            blurBlock.bind(0);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, table.id());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, below.id());
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, left.id());
            glBindImageTexture(0, blurred.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA32F);
            const glm::uvec3 groups = blur.groupsFor(image.width, image.height);
            glDispatchCompute(groups.x, groups.y, groups.z);
            // imageStore is incoherent. Three later uses read `blurred`: the error pass with
            // imageLoad (SHADER_IMAGE_ACCESS), the draw as a texture (TEXTURE_FETCH), and the
            // error statistics and --blur-output with glGetTexImage (TEXTURE_UPDATE).
            glMemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |
                            GL_TEXTURE_UPDATE_BARRIER_BIT);
        }
        {
            auto pass = gpuPass("error map");
            heat.use();
            blurBlock.bind(0);
            glBindImageTexture(0, blurred.id(), 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32F);
            glBindImageTexture(1, errorMap.id(), 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, reference.id());
            const glm::uvec3 groups = heat.groupsFor(image.width, image.height);
            glDispatchCompute(groups.x, groups.y, groups.z);
            // The draw samples the heat map as a texture.
            glMemoryBarrier(GL_TEXTURE_FETCH_BARRIER_BIT);
        }
        // A read-back makes the CPU wait for the GPU: only when the result has changed.
        if (errorStale) {
            error = summed_area::blurError(downloadBlur(), cpuBlur);
            errorStale = false;
        }
    }

    // The block's values as the passes read them, up once per change.
    void uploadBlock() {
        blurBlock.values.size = {image.width, image.height};
        blurBlock.values.bias = bias ? 0.5f : 0.0f;
        blurBlock.upload();
        errorStale = true;
    }

    void shadersReloaded() override { errorStale = true; }

    // The summed-area table of `values`: every row scanned and written transposed, so that the
    // image's columns become rows, then the same again, which scans the columns and
    // transposes back (OpenGL SuperBible, 6th ed., Listing 10.7). Entry (x, y) then holds the
    // sum of the values left of and below it, inclusive.
    void buildTable(const cs::Buffer& values, const cs::Buffer& sums) {
        rowScan.run(values, columns, image.width, image.height, cs::ScanMode::Inclusive,
                    /*transposeOutput=*/true);
        // The second scan reads the first one's result from a shader.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        rowScan.run(columns, sums, image.height, image.width, cs::ScanMode::Inclusive,
                    /*transposeOutput=*/true);
    }

    void checkOptions() override {
        cs::requireExtension("--output", options().output, ".pfm");
        cs::requireExtension("--blur-output", blurOutput, ".pfm");
    }

    void setup() override {
        // Files keep the top row first, GL the bottom row: flipped once here, so that row y
        // of every buffer and texture is row y of the image counted from the bottom.
        image = cs::flipRows(cs::loadImage(
            options().input.empty() ? cs::assetPath("test_card.png") : options().input,
            cs::glInteger(GL_MAX_TEXTURE_SIZE)));  // refused before decoding if larger
        const GLsizeiptr bytes = GLsizeiptr(image.width) * image.height * sizeof(glm::vec4);
        cs::requireLimit(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, bytes,
                         "a " + std::to_string(image.width) + "x" + std::to_string(image.height) +
                             " summed-area table");

        // Upload as vec4 per pixel, channel values 0-255: a float copy of the bytes. The table
        // holds the sums of these values (what --output writes), exact while a sum stays
        // below 2^24; larger sums round, which is what the bias and tiled options address.
        const std::vector<glm::vec4> values = summed_area::channelValues(image);
        pixels = cs::Buffer("pixels 0-255", bytes, cs::BufferUse::Input, values.data());
        normalised = cs::Buffer("normalised pixels", bytes, cs::BufferUse::Computed);
        columns = cs::Buffer("table columns", bytes, cs::BufferUse::Computed);
        table = cs::Buffer("summed-area table", bytes, cs::BufferUse::Computed);
        original = cs::Texture2D("original", image.width, image.height, GL_RGBA8);
        original.upload(GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data());
        // rgba32f keeps the blur's float result as computed, for the error measurement.
        blurred = cs::Texture2D("blurred", image.width, image.height, GL_RGBA32F);
        errorMap = cs::Texture2D("error heat map", image.width, image.height, GL_RGBA8);
        normalise = cs::Program::compute("summed_area/normalise.comp");
        heat = cs::Program::compute("summed_area/error_map.comp");
        blurBlock.check(normalise, params);
        blurBlock.check(heat, params);
        buildTablePrograms();
        buildReference();
        uploadBlock();
    }

    // The tile size is compiled into the tile shaders (it is their work-group size), and
    // blur.comp reads one table layout or the other, so a change means new programs.
    void buildTablePrograms() {
        const cs::ShaderDefines defines = {{"TILE", std::to_string(tileSize)},
                                           {"TILED", tiled ? "1" : "0"}};
        tileSat = cs::Program::compute("summed_area/tile_sat.comp", defines);
        tileOffsets = cs::Program::compute("summed_area/tile_offsets.comp", defines);
        blur = cs::Program::compute("summed_area/blur.comp", defines);
        for (const cs::Program* program : {&tileSat, &tileOffsets, &blur})
            blurBlock.check(*program, params);
        // tile_sat.comp's work group is one TILE x TILE tile; uploadBlock() sends the count.
        const glm::ivec2 tiles(tileSat.groupsFor(image.width, image.height));
        blurBlock.values.tiles = tiles;
        // One std430 dvec4 (32 bytes) per entry: tile_offsets.comp's Below and Left.
        static_assert(sizeof(glm::dvec4) == 32, "a dvec4 in std430 is 32 bytes");
        below =
            cs::Buffer("tile offsets below", GLsizeiptr(tiles.y) * image.width * sizeof(glm::dvec4),
                       cs::BufferUse::Computed);
        left =
            cs::Buffer("tile offsets left", GLsizeiptr(image.height) * tiles.x * sizeof(glm::dvec4),
                       cs::BufferUse::Computed);
    }

    // Once per image or radius change, not per frame: the CPU blur is the slow part.
    void buildReference() {
        cpuBlur = summed_area::blurOnCpu(image, maxRadius);
        std::vector<glm::vec4> rounded(cpuBlur.begin(), cpuBlur.end());
        reference = cs::Buffer("CPU blur", GLsizeiptr(rounded.size() * sizeof(glm::vec4)),
                               cs::BufferUse::Input, rounded.data());
    }

    std::vector<glm::vec4> downloadBlur() const {
        std::vector<glm::vec4> result(size_t(image.width) * image.height);
        blurred.download(GL_RGBA, GL_FLOAT, result.data(), result.size() * sizeof(glm::vec4));
        return result;
    }

    void render() override {
        panels = summed_area::placePanels(freeArea(), image.width, image.height);
        drawer.draw(original, panels.original, width(), height());
        drawer.draw(blurred, panels.blurred, width(), height());
        drawer.draw(errorMap, panels.errorMap, width(), height());
    }

    void ui() override { summed_area::drawOverlay(panels, height(), maxRadius, error); }

    void finish() override {
        using summed_area::rgbPfm, summed_area::Rows;
        const int w = image.width, h = image.height;
        // --output: buildTable() over the file's rows, top first (output.cpp).
        const auto build = [&](const cs::Buffer& values, const cs::Buffer& sums) {
            auto pass = gpuPass("output table");
            buildTable(values, sums);
        };
        if (!options().output.empty())
            queueOutput(options().output,
                        rgbPfm(w, h, summed_area::outputTable(image, build), Rows::TopFirst));
        if (!blurOutput.empty())
            queueOutput(blurOutput, rgbPfm(w, h, downloadBlur(), Rows::BottomFirst));
        // A status line for stderr, printed after the outputs: a failed run prints only its error.
        queueStatus(summed_area::errorLine(error, bias, tiled ? tileSize : 0));
    }

    std::vector<cs::BenchFigure> benchFigures(const cs::Calibration& calibration) override {
        // Bytes each pass must move at the least, per pixel, in vec4s of 16 bytes:
        //   sat:       two scans, each reading and writing every entry once: 64 bytes (the
        //              scan's extra read of rows longer than a 2048 tile is not counted);
        //   tiled sat: one read and one write per pixel: 32 bytes (offsets: 2/tile more);
        //   blur:      the table read once (neighbours share the four corners through the
        //              cache) and the rgba32f result written once: 32 bytes.
        const double count = double(image.width) * image.height;
        const char* build = tiled ? "tiled sat" : "sat";
        return {
            cs::bandwidthFigure(std::string(build) + " bandwidth", (tiled ? 32 : 64) * count,
                                benchMedianMs(build), calibration),
            cs::bandwidthFigure("blur bandwidth", 32 * count, benchMedianMs("blur"), calibration)};
    }
};

CS_SAMPLE_MAIN(SummedArea)
