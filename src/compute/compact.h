#pragma once
// GPU stream compaction: the indices of the flagged elements of a buffer, packed, and their
// count written where the GL reads commands from, so that the GPU sizes the next pass and the
// next draw itself, with no read-back to the CPU in between.
//
//   cs::GpuCompact compact(cs::CompactMethod::Scan);
//   compact.run(flags, n, indices, result, {64, 36});  // next pass: groups of 64; draw: 36
//   // The next pass is dispatched from result (COMMAND) and reads the indices (SHADER_STORAGE):
//   glMemoryBarrier(GL_COMMAND_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
//   glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, result.id());
//   glDispatchComputeIndirect(offsetof(cs::CompactResult, dispatch));
//
// Bindings: it leaves the caller's as it found them (the program in use, the indirect dispatch
// buffer and shader storage points 0-7; gl/kept_bindings.h), so a caller binds its own once.
//
// Methods (what each costs is measured by the compaction sample's --bench):
//   Scan:             inclusive scan of the flags (cs::GpuScan), then each kept element
//                     writes its index at its scanned position: ascending order.
//   Atomic:           each kept element appends its index with atomicAdd on one counter:
//                     one pass, but in no particular order.
//   HistoPyramid:     a pyramid of 2x2 sums over the flags, then one invocation per output
//                     descends it (histopyramid.h): ascending order.
//   HistoPyramidVec4: the same, each cell keeping its children's running sums, so the
//                     descent reads one value per level instead of three.
// The CPU reference is compactOnCpu below (tests/gl/compact_test.cpp compares them).
#include <cstddef>
#include <cstdint>
#include <glm/glm.hpp>
#include <memory>
#include <vector>

#include "compute/scan.h"
#include "gl/objects.h"
#include "gl/program.h"

namespace cs {

class GpuHistoPyramid;

// The commands glDispatchComputeIndirect and glDrawArraysIndirect read from a buffer, as
// the GL specification lays them out.
struct DispatchIndirectCommand {
    std::uint32_t groupsX, groupsY, groupsZ;
};
struct DrawArraysIndirectCommand {
    std::uint32_t count, instanceCount, first, baseInstance;
};

// What run() writes to its result buffer (std430, shaders/common/compact_result.glsl).
// dispatch: ceil(count / localSize) groups for the next pass, along x up to the GL's limit
//           and on in y beyond it (linear_item.glsl); zero groups for a count of zero.
// draw:     verticesPerElement vertices, one instance per kept element.
struct CompactResult {
    std::uint32_t count;
    DispatchIndirectCommand dispatch;
    DrawArraysIndirectCommand draw;
};
static_assert(sizeof(CompactResult) == 32 && offsetof(CompactResult, dispatch) == 4 &&
                  offsetof(CompactResult, draw) == 16,
              "CompactResult must match shaders/common/compact_result.glsl");

// What the commands in CompactResult are sized for: the work-group size of the pass that
// follows, and the vertices the draw spends on each element (1 for points, 36 for a cube).
struct CompactConsumer {
    std::uint32_t localSize = 64;
    std::uint32_t verticesPerElement = 1;
};

enum class CompactMethod { Scan, Atomic, HistoPyramid, HistoPyramidVec4 };

// Whether a method gives the indices in ascending order (all but Atomic).
inline bool isOrdered(CompactMethod method) {
    return method != CompactMethod::Atomic;
}

// The most elements a compaction takes: the histopyramid's 4 * cell must stay in 32 bits.
constexpr std::uint64_t kMaxCompactElements = std::uint64_t(1) << 31;

class GpuCompact {
public:
    explicit GpuCompact(CompactMethod method);  // no GL work until the first run
    ~GpuCompact();
    GpuCompact(GpuCompact&&) noexcept;
    GpuCompact& operator=(GpuCompact&&) noexcept;

    // Reads `n` flags (uint, each 0 or 1) from `flags`; writes the indices i of the ones that
    // are 1 to `indices` (room for n), and the count and commands to `result` (32 bytes).
    // The caller's barrier must make its shader writes to `flags` visible to storage reads;
    // run() ends with shader writes to `indices` and `result`, so the caller's barrier names
    // its uses of them: GL_COMMAND_BARRIER_BIT before dispatching or drawing from `result`,
    // GL_SHADER_STORAGE_BARRIER_BIT before shaders read them, GL_BUFFER_UPDATE_BARRIER_BIT
    // before a copy or download. Throws cs::Error when a buffer is too small or `n` too large.
    void run(const Buffer& flags, std::uint64_t n, const Buffer& indices, const Buffer& result,
             CompactConsumer next = {});

    CompactMethod method() const { return method_; }
    // The pyramid of the last run, for the histopyramid methods (nullptr for the others).
    const GpuHistoPyramid* pyramid() const { return pyramid_.get(); }

private:
    CompactMethod method_;
    GpuScan scan_{ElementType::Uint};
    std::unique_ptr<GpuHistoPyramid> pyramid_;
    Program scatter_, append_, arguments_;
    Buffer scanned_, counter_;
};

// Writes `result` (a CompactResult) from the count at uint index `countIndex` of `counts`,
// sized for `next`: compact_arguments.comp, one invocation. The caller's barrier must make
// shader writes to `counts` visible to storage reads.
void writeCompactResult(const Program& arguments, const Buffer& counts, std::uint32_t countIndex,
                        const Buffer& result, CompactConsumer next);
Program compactArgumentsProgram();

// The CPU reference: std::copy_if of the indices whose flag is not 0, ascending.
std::vector<std::uint32_t> compactOnCpu(const std::vector<std::uint32_t>& flags);

}  // namespace cs
