// cs::GpuCompact, every method, against the CPU's copy_if (cs::compactOnCpu): exactly the
// same indices (sorted first for the unordered atomic method), on flags of awkward lengths
// and densities; the commands it writes; and a pass dispatched from them.
#include "compute/compact.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "compute/histopyramid.h"
#include "gl/dispatch.h"
#include "gl_test.h"

namespace {

using cs::CompactMethod;
using cs::test::errorFrom;

const CompactMethod kMethods[] = {CompactMethod::Scan, CompactMethod::Atomic,
                                  CompactMethod::HistoPyramid, CompactMethod::HistoPyramidVec4};

std::string nameOf(CompactMethod method) {
    const char* names[] = {"scan", "atomic", "histopyramid", "histopyramid_vec4"};
    return names[int(method)];
}

struct Compacted {
    cs::CompactResult result{};
    std::vector<std::uint32_t> indices;  // the first result.count of them
};

// Runs `compact` on `flags` and reads back what it wrote.
Compacted compactOnGpu(cs::GpuCompact& compact, const std::vector<std::uint32_t>& flags,
                       cs::CompactConsumer next = {}) {
    const auto bytes = GLsizeiptr(flags.size() * 4);
    cs::Buffer input("compact test flags", bytes, cs::BufferUse::Input, flags.data());
    cs::Buffer indices("compact test indices", bytes, cs::BufferUse::Computed);
    cs::Buffer result("compact test result", sizeof(cs::CompactResult), cs::BufferUse::Computed);
    compact.run(input, flags.size(), indices, result, next);
    // The downloads below are buffer reads of the compaction's shader writes.
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
    Compacted out;
    result.download(&out.result, sizeof out.result);
    out.indices.resize(std::min<std::size_t>(out.result.count, flags.size()));
    if (!out.indices.empty())
        indices.download(out.indices.data(), GLsizeiptr(out.indices.size() * 4));
    return out;
}

std::vector<std::uint32_t> randomFlags(std::size_t n, double density, unsigned seed) {
    std::mt19937 random(seed);
    std::bernoulli_distribution keep(density);
    std::vector<std::uint32_t> flags(n);
    for (auto& f : flags) f = keep(random) ? 1u : 0u;
    return flags;
}

class CompactTest : public cs::test::GlTestWithParam<CompactMethod> {};

// Lengths that are no power of two or four, around the work-group size (256), the scan's
// tile (2048) and a few pyramid levels; densities from none to all, and the lone element at
// either end of the base.
TEST_P(CompactTest, EqualsCopyIfOnAwkwardFlags) {
    cs::GpuCompact compact(GetParam());
    std::vector<std::pair<std::string, std::vector<std::uint32_t>>> cases;
    for (std::size_t n : {1u, 2u, 3u, 5u, 17u, 255u, 257u, 1000u, 2049u, 4097u, 65537u}) {
        const std::string size = std::to_string(n);
        cases.push_back({size + " none", std::vector<std::uint32_t>(n, 0)});
        cases.push_back({size + " all", std::vector<std::uint32_t>(n, 1)});
        cases.push_back({size + " 30%", randomFlags(n, 0.3, unsigned(n))});
        cases.push_back({size + " 1%", randomFlags(n, 0.01, unsigned(n) + 1)});
        std::vector<std::uint32_t> last(n, 0), first(n, 0);
        last.back() = 1, first.front() = 1;
        cases.push_back({size + " last only", last});
        cases.push_back({size + " first only", first});
    }
    for (const auto& [name, flags] : cases) {
        const std::vector<std::uint32_t> expected = cs::compactOnCpu(flags);
        Compacted gpu = compactOnGpu(compact, flags);
        ASSERT_EQ(gpu.result.count, expected.size()) << nameOf(GetParam()) << " " << name;
        if (!cs::isOrdered(GetParam())) std::sort(gpu.indices.begin(), gpu.indices.end());
        ASSERT_TRUE(gpu.indices == expected) << nameOf(GetParam()) << " " << name;
    }
}

// The commands: ceil(count / local size) groups for the next pass (in one row while that
// fits the GL's limit), and one instance per element for the draw.
TEST_P(CompactTest, CommandsFollowTheCount) {
    cs::GpuCompact compact(GetParam());
    const std::uint32_t maxX = cs::maxGroupCount(0);
    for (std::uint32_t localSize : {1u, 64u, 100u, 256u}) {
        for (double density : {0.0, 0.02, 0.5, 1.0}) {
            const auto flags = randomFlags(3001, density, localSize);
            const auto count = std::uint32_t(cs::compactOnCpu(flags).size());
            const cs::CompactResult r = compactOnGpu(compact, flags, {localSize, 36}).result;
            const std::uint32_t groups = (count + localSize - 1) / localSize;
            ASSERT_LE(groups, maxX);
            EXPECT_EQ(r.count, count);
            EXPECT_EQ(r.dispatch.groupsX, groups) << "local size " << localSize;
            EXPECT_EQ(r.dispatch.groupsY, groups == 0 ? 0u : 1u);
            EXPECT_EQ(r.dispatch.groupsZ, 1u);
            EXPECT_EQ(r.draw.count, 36u);
            EXPECT_EQ(r.draw.instanceCount, count);
            EXPECT_EQ(r.draw.first, 0u);
            EXPECT_EQ(r.draw.baseInstance, 0u);
        }
    }
}

// A pass dispatched with glDispatchComputeIndirect from the result touches each kept element
// exactly once and nothing else. With groups of one invocation, 70000 kept elements pass
// 65535 groups, the limit along x on some drivers: there the groups go on in a second row.
TEST_P(CompactTest, PassDispatchedFromTheResultTouchesExactlyTheKeptElements) {
    cs::GpuCompact compact(GetParam());
    cs::Program touch =
        cs::Program::compute(std::string(CS_TEST_DATA_DIR) + "/gl/compact_touch.comp");
    GLint local[3];
    touch.workGroupSize(local);
    for (const auto& [n, density, localSize] :
         {std::tuple{5000u, 0.1, 64u}, std::tuple{70001u, 1.0, 1u}, std::tuple{300u, 0.0, 64u}}) {
        const auto flags = randomFlags(n, density, n);
        const auto expected = cs::compactOnCpu(flags);
        const auto bytes = GLsizeiptr(n * 4);
        cs::Buffer input("touch test flags", bytes, cs::BufferUse::Input, flags.data());
        cs::Buffer indices("touch test indices", bytes, cs::BufferUse::Computed);
        cs::Buffer result("touch test result", sizeof(cs::CompactResult), cs::BufferUse::Computed);
        const std::vector<std::uint32_t> zeros(n + 1, 0);
        cs::Buffer touched("touched", bytes, cs::BufferUse::Computed, zeros.data());
        cs::Buffer invocations("invocations", 4, cs::BufferUse::Computed, zeros.data());
        // The test shader's local size is 64; the result is sized for `localSize`, so that a
        // size of 1 checks the second row of groups. Invocations then count groups * 64.
        compact.run(input, n, indices, result, {localSize, 1});
        // The touch pass is dispatched from the result (COMMAND) and reads the indices and the
        // count (SHADER_STORAGE).
        glMemoryBarrier(GL_COMMAND_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
        touch.use();
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, indices.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, touched.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, invocations.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 7, result.id());
        glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, result.id());
        glDispatchComputeIndirect(GLintptr(offsetof(cs::CompactResult, dispatch)));
        glBindBuffer(GL_DISPATCH_INDIRECT_BUFFER, 0);
        // The downloads read what the passes wrote.
        glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
        cs::CompactResult r;
        result.download(&r, sizeof r);
        std::vector<std::uint32_t> touchedCounts(n);
        touched.download(touchedCounts.data(), bytes);
        std::uint32_t ran = 0;
        invocations.download(&ran, 4);

        const std::string what = nameOf(GetParam()) + ", " + std::to_string(expected.size()) +
                                 " kept of " + std::to_string(n);
        const std::uint64_t groups = (expected.size() + localSize - 1) / localSize;
        EXPECT_GE(std::uint64_t(r.dispatch.groupsX) * r.dispatch.groupsY, groups) << what;
        EXPECT_LE(r.dispatch.groupsX, cs::maxGroupCount(0)) << what;
        EXPECT_EQ(ran, std::uint64_t(r.dispatch.groupsX) * r.dispatch.groupsY * local[0]) << what;
        std::vector<std::uint32_t> expectedTouched(n, 0);
        for (std::uint32_t i : expected) expectedTouched[i] = 1;
        EXPECT_TRUE(touchedCounts == expectedTouched) << what;
    }
}

TEST_P(CompactTest, BadArgumentsAreErrors) {
    cs::GpuCompact compact(GetParam());
    cs::Buffer small("small", 16, cs::BufferUse::Computed);
    cs::Buffer result("result", sizeof(cs::CompactResult), cs::BufferUse::Computed);
    EXPECT_NE(errorFrom([&] { compact.run(small, 5, small, result); }).find("20-byte"),
              std::string::npos);
    EXPECT_NE(errorFrom([&] { compact.run(small, 0, small, result); }).find("1 to 2^31"),
              std::string::npos);
    EXPECT_NE(errorFrom([&] { compact.run(small, 4, small, small); }).find("32 bytes"),
              std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(CompactMethods, CompactTest, ::testing::ValuesIn(kMethods),
                         [](const auto& info) { return nameOf(info.param); });

}  // namespace
