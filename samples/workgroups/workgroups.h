#pragma once
// The workgroups sample's pieces beside main.cpp: the record every invocation writes, the
// books' dispatches, where the picture puts each invocation (picture.cpp), and the overlay's
// text, the list of limits and the hover tooltip (overlay.cpp).
#include <array>
#include <cstddef>
#include <cstdint>
#include <glm/glm.hpp>
#include <optional>
#include <string>

#include "app/draw.h"
#include "app/params.h"
#include "gl/objects.h"
#include "gl/program.h"

namespace workgroups {

// One invocation's record, as ids.comp writes it and --output stores it: eight uint32.
struct Record {
    std::uint32_t local[3];  // gl_LocalInvocationID
    std::uint32_t group[3];  // gl_WorkGroupID
    std::uint32_t index;     // gl_LocalInvocationIndex
    std::uint32_t zero;
};
static_assert(sizeof(Record) == 32 && offsetof(Record, group) == 12 &&
                  offsetof(Record, index) == 24 && offsetof(Record, zero) == 28,
              "Record must match ids.comp's std430 struct: eight uints, no padding");

// The dispatches the books draw. For Red Book Example 12.5 only the local size is the book's;
// 4 x 8 groups of it make the picture square.
struct Preset {
    const char* name;
    glm::uvec3 groups, local;
};
inline const Preset kPresets[] = {
    {"redbook_example_12_5", {4, 8, 1}, {32, 16, 1}}, {"redbook_figure_12_1", {4, 4, 1}, {4, 4, 1}},
    {"superbible_figure_10_1", {3, 4, 8}, {6, 4, 1}}, {"thesis_6_4_4", {6, 4, 4}, {4, 4, 1}},
    {"superbible_64x64", {1, 1, 1}, {64, 64, 1}},  // 4096 invocations: past what GL promises
};

// Whether the six sizes are still those of the preset named `name` (custom: always).
inline bool presetHolds(const std::string& name, glm::uvec3 groups, glm::uvec3 local) {
    for (const Preset& p : kPresets)
        if (name == p.name) return p.groups == groups && p.local == local;
    return true;
}

// The picture and --output hold one 32-byte record per invocation: at most 128 MiB.
constexpr std::uint64_t kMaxInvocations = std::uint64_t(1) << 22;

// "4x8x1": a size as the overlay and the messages write it.
std::string sizeText(glm::uvec3 v);

// Where the picture puts each invocation of a dispatch: the z slices of its x-by-y grid side
// by side, left to right and then top to bottom, each invocation a square cell of whole
// pixels (or, when there are more invocations than pixels, every stride-th invocation one
// pixel). paint.comp draws with the same numbers; invocationAt() is the same mapping on the
// CPU, for the invocation under the mouse.
struct SliceLayout {
    glm::uvec3 extent{0};      // invocations along x, y and z
    int columns = 1;           // slices per row
    int cell = 1;              // pixels per invocation along x and y
    int stride = 1;            // invocations per cell
    glm::ivec2 slice{1};       // one slice, in pixels
    glm::ivec2 gap{0};         // between slices across, and above each slice (room for its label)
    glm::ivec2 size{1};        // the whole picture, in pixels
    unsigned shownSlices = 1;  // z slices in the picture: all, unless they outnumber the pixels
};

// The layout with the largest cells that fits `extent` in `width` x `height` pixels.
SliceLayout layoutSlices(glm::uvec3 extent, int width, int height);

// The invocation (x, y, z) drawn at pixel (x, y) of the picture, origin at its bottom left;
// nothing between slices or outside the picture.
std::optional<glm::uvec3> invocationAt(const SliceLayout& layout, int x, int y);

// The top left corner of slice z's label band, in picture pixels from the top left.
glm::ivec2 sliceCorner(const SliceLayout& layout, unsigned z);

// Runs paint.comp: the picture of the records ids.comp wrote, in at most width x height pixels.
class Painter {
public:
    // Lays the dispatch out anew when its extent or the room for it changed, then paints each
    // invocation by the id `mode` names (0 local, 1 work group, 2 global, 3 local index),
    // outlining `hovered`.
    void paint(const cs::Buffer& records, glm::uvec3 extent, glm::uvec3 groupSize, int mode,
               std::optional<glm::uvec3> hovered, int width, int height);
    const SliceLayout& layout() const { return layout_; }
    const cs::Texture2D& picture() const { return picture_; }

private:
    cs::Program program_;
    SliceLayout layout_;
    cs::Texture2D picture_;
};

// ---- The overlay (ImGui calls only, apart from queryLimits) ----

// The GL's limits for compute dispatches, those of variable sizes too where it has them.
struct Limits {
    glm::ivec3 count{0}, size{0};  // GL_MAX_COMPUTE_WORK_GROUP_COUNT, _SIZE
    int invocations = 0;           // GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS
    int sharedBytes = 0;           // GL_MAX_COMPUTE_SHARED_MEMORY_SIZE
    bool haveVariable = false;     // GL_ARB_compute_variable_group_size, and its limits:
    glm::ivec3 variableSize{0};    // GL_MAX_COMPUTE_VARIABLE_GROUP_SIZE_ARB
    int variableInvocations = 0;   // GL_MAX_COMPUTE_VARIABLE_GROUP_INVOCATIONS_ARB
};
Limits queryLimits(bool haveVariable);  // GL queries: once, in setup()
// Gives each of the six sizes' sliders its ends from `limits` and the sample's own cap
// (kMaxInvocations, and one 32-byte record per invocation in one storage block), with the
// other sizes as they are then: a drag never ends in a dispatch that checkLimits refuses.
// `variable` says which limits a local size keeps; read whenever the overlay draws.
void limitSliders(cs::Params& params, const Limits& limits, const bool& variable,
                  std::array<int*, 3> groups, std::array<int*, 3> local);
// A preset sets the six sizes as --set would, so that the overlay shows them.
void applyPreset(cs::Params& params, const std::string& preset);
void limitsList(const Limits& limits);
// What the colours of the picture mean for `colour` (the parameter), as paint.comp makes them.
void colourLegend(const std::string& colour);

// How the ids were dispatched: `call` (the dispatch main.cpp made), fixed or variable size, the
// size the program reports (glGetProgramiv GL_COMPUTE_WORK_GROUP_SIZE), the invocations, and
// what the picture leaves out.
void dispatchText(const char* call, bool variable, glm::uvec3 groups, glm::uvec3 local,
                  const GLint reportedSize[3], const SliceLayout& layout);

// The invocation under the mouse, when it is over the picture drawn at `rect` (frame pixels,
// origin bottom left) and not over the overlay window.
std::optional<glm::uvec3> hoveredInvocation(const SliceLayout& layout, const cs::Rect& rect,
                                            int frameHeight);

// A tooltip with the hovered invocation's record, and the formulas of gl_GlobalInvocationID
// and gl_LocalInvocationIndex evaluated on it; `at` is where the picture has it.
void formulaTooltip(glm::uvec3 at, const Record& record, glm::uvec3 groupSize, bool variable);

// "z = 3" above each slice, when there is room for it.
void sliceLabels(const SliceLayout& layout, const cs::Rect& rect, int frameHeight,
                 glm::uvec3 groupSize);

}  // namespace workgroups
