// workgroups: a dispatch made visible. Every invocation writes down its gl_LocalInvocationID,
// gl_WorkGroupID and gl_LocalInvocationIndex; the window paints one cell per invocation,
// coloured by the id you choose, with the work groups' borders, for the sizes of the books'
// figures or your own, and hovering a cell evaluates the built-ins' formulas on it. It also
// shows the device's limits, and what happens at them. See README.md.
//
// The frame: update() runs two passes, render() draws the picture.
//   ids.comp     a 32-byte record per invocation (records): glDispatchCompute, or with
//                sizing=variable glDispatchComputeGroupSizeARB with the local size
//   glMemoryBarrier(SHADER_STORAGE | BUFFER_UPDATE): paint.comp reads the records; the hovered
//                record's fenced read (cs::FencedRead, tagged by index) and --output copy them
//   paint.comp   the picture from the records (Painter::paint, picture.cpp), then
//                glMemoryBarrier(TEXTURE_FETCH) for render()'s draw
#include <imgui.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include "app/draw.h"
#include "app/sample.h"
#include "gl/fenced_read.h"
#include "gl/info.h"
#include "gl/program.h"
#include "util/error.h"
#include "workgroups.h"

using workgroups::Record;  // one invocation's ids: eight uint32, as --output stores them
using workgroups::sizeText;

class Workgroups : public cs::Sample {
public:
    Workgroups() : Sample("workgroups", "work groups, invocations and their ids, made visible") {}

private:
    std::string& preset =
        params.choice("preset", "redbook_example_12_5",
                      {"custom", "redbook_example_12_5", "redbook_figure_12_1",
                       "superbible_figure_10_1", "thesis_6_4_4", "superbible_64x64"},
                      "the sizes of a figure from the books, or custom: the six sizes below");
    std::string& colour = params.choice("colour", "local", {"local", "group", "global", "index"},
                                        "colour by gl_LocalInvocationID, gl_WorkGroupID, "
                                        "gl_GlobalInvocationID or gl_LocalInvocationIndex");
    int& localX = params.add("local_x", 32, {1, 65536}, "work-group size along x");
    int& localY = params.add("local_y", 16, {1, 65536}, "work-group size along y");
    int& localZ = params.add("local_z", 1, {1, 65536}, "work-group size along z");
    int& groupsX = params.add("groups_x", 4, {1, 1073741823}, "work groups along x");
    int& groupsY = params.add("groups_y", 8, {1, 1073741823}, "work groups along y");
    int& groupsZ = params.add("groups_z", 1, {1, 1073741823}, "work groups along z");
    // Without the extension every choice compiles the size in, so sizing does nothing. Whether
    // the GL has it is known from setup() on: the command line is read before there is a GL
    // to ask, so a --set sizing=variable that it lacks is refused by buildIds (exit 1).
    std::string& sizing =
        params
            .choice("sizing", "auto", {"auto", "fixed", "variable"},
                    "fixed: a program built per local size; variable: one program, the size "
                    "given with each dispatch (ARB_compute_variable_group_size); auto: variable "
                    "where the GL has it")
            .activeWhen([this] { return haveVariable.value_or(true); },
                        "without GL_ARB_compute_variable_group_size: every size is compiled in");
    bool& sharedOverLimit =
        params.add("shared_over_limit", false,
                   "link a shader with 4 bytes more shared memory than the GL allows");

    std::optional<bool> haveVariable;  // the GL has ARB_compute_variable_group_size
    workgroups::Limits limits;
    bool variable = false;  // and this dispatch uses it
    glm::uvec3 groups{1}, local{1};
    std::uint64_t invocations = 0;
    cs::Program ids;
    glm::uvec3 idsBuiltFor{0};   // the local size ids was compiled for (0: variable)
    GLint reportedSize[3] = {};  // glGetProgramiv(GL_COMPUTE_WORK_GROUP_SIZE)
    cs::Buffer records;
    std::string sharedLog;

    workgroups::Painter painter;
    cs::Rect pictureRect;
    cs::TextureDrawer drawer;
    std::optional<glm::uvec3> hovered;  // set by ui(): the invocation under the mouse
    cs::FencedRead hoveredRecord;       // its record, a frame or more late, tagged by index

    void update(double) override {
        // A preset sets the six sizes; an edit of any of them makes the sizes custom.
        if (params.changed(&preset))
            workgroups::applyPreset(params, preset);
        else if (!workgroups::presetHolds(preset, {groupsX, groupsY, groupsZ},
                                          {localX, localY, localZ}))
            params.set("preset", "custom");
        if (params.changed({&groupsX, &groupsY, &groupsZ, &localX, &localY, &localZ, &sizing}))
            buildIds();
        if (params.changed(&sharedOverLimit)) sharedLog.clear();
        if (sharedOverLimit && sharedLog.empty()) linkTooMuchShared();

        {
            auto pass = gpuPass("ids");
            ids.use();
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, records.id());
            if (variable)
                glDispatchComputeGroupSizeARB(groups.x, groups.y, groups.z, local.x, local.y,
                                              local.z);
            else
                glDispatchCompute(groups.x, groups.y, groups.z);
            // paint.comp reads the records as a storage buffer (SHADER_STORAGE); the hovered
            // record's copy and --output read them with buffer copies (BUFFER_UPDATE).
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
        }
        // The hovered record (ui() found it in the last frame's picture, which may have been
        // of another size): copied each frame until a copy of it has arrived, never waited
        // for. The tag says which invocation a late copy is of, once the mouse has moved on.
        const glm::uvec3 extent = groups * local;
        if (hovered && glm::any(glm::greaterThanEqual(*hovered, extent))) hovered.reset();
        hoveredRecord.poll();
        if (hovered && !hoveredRecord.holds(recordIndex(*hovered))) {
            const std::uint64_t index = recordIndex(*hovered);
            hoveredRecord.request(records, GLintptr(index * sizeof(Record)), index);
        }

        // The picture: paint.comp over the records, bound, dispatched and followed by its
        // barrier in picture.cpp. One pixel of the picture per pixel of the frame, in what the
        // overlay leaves free.
        const cs::Rect free = freeArea();
        const int margin = 16;
        {
            auto pass = gpuPass("paint");
            painter.paint(records, extent, local, colourMode(), hovered,
                          int(free.width) - 2 * margin, int(free.height) - 2 * margin);
        }
        // Whole pixels, so that each texel lands on one pixel of the frame.
        const glm::ivec2 size = painter.layout().size;
        pictureRect = {float(int(free.x + (free.width - size.x) / 2)),
                       float(int(free.y + (free.height - size.y) / 2)), float(size.x),
                       float(size.y)};
    }

    // A new ids.comp may write other records: the copies of the old ones are not theirs.
    void shadersReloaded() override { hoveredRecord.reset(); }

    // The index of the record of the invocation at `at`: x fastest, then y, then z.
    std::uint64_t recordIndex(glm::uvec3 at) const {
        const glm::uvec3 extent = groups * local;
        return at.x + extent.x * (at.y + std::uint64_t(extent.y) * at.z);
    }

    int colourMode() const {
        const char* modes[] = {"local", "group", "global", "index"};
        return int(std::find(std::begin(modes), std::end(modes), colour) - std::begin(modes));
    }

    bool anySizeGiven() const {
        return params.given(&localX) || params.given(&localY) || params.given(&localZ) ||
               params.given(&groupsX) || params.given(&groupsY) || params.given(&groupsZ);
    }

    void checkOptions() override {
        if (!options().input.empty())
            throw cs::UsageError("workgroups dispatches its own ids and takes no --input");
        if (!anySizeGiven()) return;
        if (params.given(&preset) && preset != "custom")
            throw cs::UsageError("preset=" + preset +
                                 " sets the sizes itself: give a preset or "
                                 "sizes, not both (or preset=custom)");
        params.set("preset", "custom");
    }

    void setup() override {
        // The core-profile way to ask for an extension: GL_NUM_EXTENSIONS names, one by one.
        haveVariable = cs::hasExtension("GL_ARB_compute_variable_group_size");
        limits = workgroups::queryLimits(*haveVariable);
        workgroups::limitSliders(params, limits, variable, {&groupsX, &groupsY, &groupsZ},
                                 {&localX, &localY, &localZ});
        hoveredRecord = cs::FencedRead("hovered record", sizeof(Record));
        workgroups::applyPreset(params, preset);
        buildIds();
        if (sharedOverLimit) linkTooMuchShared();
    }

    // The limits a dispatch must keep, checked before the GL sees it: past them a
    // glDispatchCompute does nothing but raise GL_INVALID_VALUE, and a local size past them
    // does not compile.
    void checkLimits() {
        const GLenum sizeLimit =
            variable ? GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB : GL_MAX_COMPUTE_WORK_GROUP_SIZE;
        const GLenum invocationLimit = variable ? GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB
                                                : GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS;
        for (GLuint axis = 0; axis < 3; ++axis) {
            const std::string xyz(1, "xyz"[axis]);
            cs::requireLimit(GL_MAX_COMPUTE_WORK_GROUP_COUNT, axis, groups[axis],
                             "groups_" + xyz + " = " + std::to_string(groups[axis]));
            cs::requireLimit(sizeLimit, axis, local[axis],
                             "local_" + xyz + " = " + std::to_string(local[axis]));
        }
        cs::requireLimit(invocationLimit, std::int64_t(local.x) * local.y * local.z,
                         "local size " + sizeText(local));
        if (invocations > workgroups::kMaxInvocations)
            throw cs::Error(sizeText(groups) + " groups of " + sizeText(local) + " are " +
                            std::to_string(invocations) +
                            " invocations; this sample shows at most " +
                            std::to_string(workgroups::kMaxInvocations));
        cs::requireLimit(GL_MAX_SHADER_STORAGE_BLOCK_SIZE, std::int64_t(invocations) * 32,
                         "one 32-byte record per invocation");
    }

    // The sizes as the parameters give them, checked; the ids program for them, and a record
    // per invocation.
    void buildIds() {
        groups = glm::uvec3(groupsX, groupsY, groupsZ);
        local = glm::uvec3(localX, localY, localZ);
        invocations = std::uint64_t(groups.x) * groups.y * groups.z * local.x * local.y * local.z;
        if (sizing == "variable" && !*haveVariable)
            throw cs::Error(
                "sizing=variable needs GL_ARB_compute_variable_group_size, which "
                "this GL does not have (sizing=fixed builds a program per size)");
        variable = *haveVariable && sizing != "fixed";
        checkLimits();

        // A fixed local size is part of the program: a new size is a new program. A variable
        // one is given with each dispatch, so one program serves every size.
        const glm::uvec3 buildFor = variable ? glm::uvec3(0) : local;
        if (!ids || buildFor != idsBuiltFor) {
            ids = variable ? cs::Program::compute("workgroups/ids.comp", {{"VARIABLE_SIZE", "1"}})
                           : cs::Program::compute("workgroups/ids.comp",
                                                  {{"LOCAL_X", std::to_string(local.x)},
                                                   {"LOCAL_Y", std::to_string(local.y)},
                                                   {"LOCAL_Z", std::to_string(local.z)}});
            idsBuiltFor = buildFor;
            // What the program says its size is: the compiled one, or 0 x 0 x 0 when variable.
            ids.workGroupSize(reportedSize);
        }
        records = cs::Buffer("records", GLsizeiptr(invocations * sizeof(Record)),
                             cs::BufferUse::Computed);
        hoveredRecord.reset();  // a record of the old sizes is not one of these
    }

    // The GL refuses a program whose shared variables exceed GL_MAX_COMPUTE_SHARED_MEMORY_SIZE;
    // the sample shows the driver's own words.
    void linkTooMuchShared() {
        const GLint limit = cs::glInteger(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE);
        const std::string words = std::to_string(limit / 4 + 1);
        try {
            cs::Program::compute("workgroups/shared_limit.comp", {{"SHARED_WORDS", words}});
            sharedLog = "linked, although " + words + " words pass the limit of " +
                        std::to_string(limit) + " bytes: this GL should have refused it";
        } catch (const cs::Error& e) {
            sharedLog = e.what();
        }
        std::fprintf(stderr, "workgroups: a shared array of %s words (%d bytes allowed): %s\n",
                     words.c_str(), limit, sharedLog.c_str());
    }

    void render() override { drawer.draw(painter.picture(), pictureRect, width(), height()); }

    void ui() override {
        ImGui::Separator();
        const char* call = variable ? "glDispatchComputeGroupSizeARB" : "glDispatchCompute";
        workgroups::dispatchText(call, variable, groups, local, reportedSize, painter.layout());
        workgroups::colourLegend(colour);
        workgroups::limitsList(limits);
        if (!sharedLog.empty()) {
            ImGui::PushTextWrapPos(ImGui::GetFontSize() * 30);
            ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "shared_over_limit: %s",
                               sharedLog.c_str());
            ImGui::PopTextWrapPos();
        }
        workgroups::sliceLabels(painter.layout(), pictureRect, height(), local);
        hovered = workgroups::hoveredInvocation(painter.layout(), pictureRect, height());
        if (hovered && hoveredRecord.holds(recordIndex(*hovered)))
            workgroups::formulaTooltip(*hovered, hoveredRecord.value<Record>(), local, variable);
    }

    void finish() override {
        if (options().output.empty()) return;
        std::string bytes(invocations * sizeof(Record), '\0');
        records.download(bytes.data(), GLsizeiptr(bytes.size()));
        queueOutput(options().output, std::move(bytes));
    }

    // ids.comp only writes: 32 bytes per invocation.
    std::vector<cs::BenchFigure> benchFigures(const cs::Calibration& calibration) override {
        return {cs::bandwidthFigure("ids write bandwidth", 32.0 * double(invocations),
                                    benchMedianMs("ids"), calibration)};
    }
};

CS_SAMPLE_MAIN(Workgroups)
