// The barriers sample's correct variants against CPU references written here, bound as
// samples/barriers/main.cpp binds them: the shift with barrier(), the atomic counters, the
// hand-off with glMemoryBarrier, the coherent publish, and each of the eight atomic functions.
// Every one must be right in every run, at the smallest and largest work-group sizes. The
// racy variants are only required to finish: what they produce depends on the driver.
#include <algorithm>
#include <cstdint>
#include <limits>
#include <numeric>
#include <string>
#include <vector>

#include "gl/program.h"
#include "gl_test.h"

namespace {

constexpr GLuint kGroups = 4;
constexpr int kRuns = 3;
constexpr std::uint32_t kNone = 0xFFFFFFFFu;

// value.glsl's formula, written out again.
std::uint32_t valueOf(std::uint32_t token, std::uint32_t index) {
    return index * 2654435761u + token;
}
std::uint32_t tokenOf(int run) {
    return 0x2545F491u * std::uint32_t(run + 1) | 1u;
}

cs::Program program(const std::string& file, GLuint groupSize, cs::ShaderDefines defines = {}) {
    defines.emplace_back("GROUP_SIZE", std::to_string(groupSize));
    return cs::Program::compute("barriers/" + file, defines);
}

cs::Buffer words(std::size_t n, const void* data = nullptr) {
    return cs::Buffer("test words", GLsizeiptr(n * 4), cs::BufferUse::Computed, data);
}

template <typename T>
std::vector<T> download(const cs::Buffer& buffer, std::size_t n) {
    glMemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);  // the reads below see the shaders' writes
    std::vector<T> values(n);
    buffer.download(values.data(), GLsizeiptr(n * sizeof(T)));
    return values;
}

void dispatch(const cs::Program& p) {
    p.use();
    glDispatchCompute(kGroups, 1, 1);
}

class BarriersKernels : public cs::test::GlTestWithParam<GLuint> {
protected:
    GLuint groupSize() const { return GetParam(); }
    std::uint32_t count() const { return kGroups * groupSize(); }
};

TEST_P(BarriersKernels, ShiftWithBarrierShiftsEveryGroupByOne) {
    const cs::Program shift = program("shift.comp", groupSize(), {{"WITH_BARRIER", "1"}});
    const cs::Buffer shifted = words(count());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, shifted.id());
    for (int run = 0; run < kRuns; ++run) {
        shift.use();
        glUniform1ui(shift.uniform("token"), tokenOf(run));
        dispatch(shift);
        const auto out = download<std::uint32_t>(shifted, count());
        for (std::uint32_t g = 0; g < kGroups; ++g)
            for (std::uint32_t l = 0; l < groupSize(); ++l)
                ASSERT_EQ(out[g * groupSize() + l],
                          valueOf(tokenOf(run), g * groupSize() + (l + 1) % groupSize()))
                    << "run " << run << ", group " << g << ", invocation " << l;
    }
}

// atomicAdd on a storage buffer (mode 1) and an atomic counter (mode 2) hand out the tickets
// 0..N-1, each once, and the counter ends at N; the word before it stays as it was.
TEST_P(BarriersKernels, AtomicCountersHandOutEveryTicketOnce) {
    for (int mode : {1, 2}) {
        const cs::Program counter =
            program("counter.comp", groupSize(), {{"MODE", std::to_string(mode)}});
        const cs::Buffer tickets = words(count());
        const std::uint32_t start[2] = {0xC0FFEE, 0};
        const cs::Buffer counterWords = words(2, start);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, tickets.id());
        glBindBufferBase(mode == 2 ? GL_ATOMIC_COUNTER_BUFFER : GL_SHADER_STORAGE_BUFFER,
                         mode == 2 ? 0 : 1, counterWords.id());
        dispatch(counter);
        auto handedOut = download<std::uint32_t>(tickets, count());
        std::sort(handedOut.begin(), handedOut.end());
        std::vector<std::uint32_t> expected(count());
        std::iota(expected.begin(), expected.end(), 0u);
        EXPECT_EQ(handedOut, expected) << "mode " << mode;
        const auto after = download<std::uint32_t>(counterWords, 2);
        EXPECT_EQ(after[0], 0xC0FFEEu) << "mode " << mode << ": the canary was written";
        EXPECT_EQ(after[1], count()) << "mode " << mode;
    }
}

TEST_P(BarriersKernels, HandoffWithBarrierReadsWhatTheFirstDispatchWrote) {
    const cs::Program write = program("handoff_write.comp", groupSize());
    const cs::Program read = program("handoff_read.comp", groupSize());
    const cs::Buffer handed = words(count()), received = words(count());
    for (int run = 0; run < kRuns; ++run) {
        write.use();
        glUniform1ui(write.uniform("count"), count());
        glUniform1ui(write.uniform("token"), tokenOf(run));
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, handed.id());
        dispatch(write);
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // handoff_read.comp reads `handed`
        read.use();
        glUniform1ui(read.uniform("count"), count());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, received.id());
        dispatch(read);
        const auto out = download<std::uint32_t>(received, count());
        for (std::uint32_t i = 0; i < count(); ++i)
            ASSERT_EQ(out[i], valueOf(tokenOf(run), count() - 1 - i)) << "run " << run << ", " << i;
    }
}

// A consumer may give up (no forward progress between work groups is promised); one that saw
// the flag must have read this run's data. The incoherent variant only has to finish.
TEST_P(BarriersKernels, PublishCoherentConsumersReadWhatTheFlagAnnounces) {
    for (int coherent : {1, 0}) {
        const cs::Program publish =
            program("publish.comp", groupSize(),
                    {{"COHERENT", std::to_string(coherent)}, {"POLL_LIMIT", "4096"}});
        const cs::Buffer data = words(groupSize()), flag = words(1),
                         seen = words(2 * (count() - groupSize()));
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, data.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, flag.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, seen.id());
        for (int run = 0; run < kRuns; ++run) {
            const std::uint32_t down = 0;
            flag.upload(&down, 4);
            publish.use();
            glUniform1ui(publish.uniform("token"), tokenOf(run));
            dispatch(publish);
            const auto out = download<glm::uvec2>(seen, count() - groupSize());
            if (!coherent) continue;
            for (std::uint32_t i = 0; i < out.size(); ++i) {
                const std::uint32_t group = 1 + i / groupSize(), local = i % groupSize();
                if (out[i].x == 1)
                    ASSERT_EQ(out[i].y, valueOf(tokenOf(run), (local + group) % groupSize()))
                        << "run " << run << ", consumer " << i;
                else
                    ASSERT_EQ(out[i].x, 0u) << "run " << run << ", consumer " << i;
            }
        }
    }
}

TEST_P(BarriersKernels, RacyVariantsFinish) {
    const cs::Buffer out = words(count()), counterWords = words(2);
    for (const auto& [file, defines] : std::vector<std::pair<std::string, cs::ShaderDefines>>{
             {"shift.comp", {{"WITH_BARRIER", "0"}}}, {"counter.comp", {{"MODE", "0"}}}}) {
        const cs::Program racy = program(file, groupSize(), defines);
        racy.use();
        if (file == "shift.comp") glUniform1ui(racy.uniform("token"), 1u);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, out.id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, counterWords.id());
        dispatch(racy);
        download<std::uint32_t>(out, count());  // waits for it
    }
}

// Each of the eight atomic functions against the same computation done one invocation after
// another on the CPU; the list and the claims, whose order is the GPU's, by their invariants.
TEST_P(BarriersKernels, AtomicsEqualTheirCpuResults) {
    const std::uint32_t bitWords = 64, buckets = count() / 4;
    const cs::Program atomics = program("atomics.comp", groupSize(), {{"BIT_WORDS", "64"}});
    const std::int32_t most = std::numeric_limits<std::int32_t>::max();
    for (int run = 0; run < kRuns; ++run) {
        const std::uint32_t token = tokenOf(run);
        const std::int32_t totalsStart[6] = {0,         most,      most,
                                             -most - 1, -most - 1, std::int32_t(kNone)};
        std::vector<std::uint32_t> bitsStart(3 * bitWords, 0);
        std::fill(bitsStart.begin() + bitWords, bitsStart.begin() + 2 * bitWords, ~0u);
        const std::vector<std::uint32_t> ownersStart(buckets, kNone);
        const cs::Buffer totals = words(6, totalsStart),
                         bits = words(bitsStart.size(), bitsStart.data()),
                         owners = words(buckets, ownersStart.data()), returned = words(2 * count());
        const cs::Buffer* bindings[] = {&totals, &bits, &owners, &returned};
        for (GLuint b = 0; b < 4; ++b)
            glBindBufferBase(GL_SHADER_STORAGE_BUFFER, b, bindings[b]->id());
        atomics.use();
        glUniform1ui(atomics.uniform("count"), count());
        glUniform1ui(atomics.uniform("buckets"), buckets);
        glUniform1ui(atomics.uniform("token"), token);
        dispatch(atomics);
        const auto t = download<std::int32_t>(totals, 6);
        const auto b = download<std::uint32_t>(bits, 3 * bitWords);
        const auto o = download<std::uint32_t>(owners, buckets);
        const auto r = download<glm::uvec2>(returned, count());

        std::uint32_t sum = 0;
        std::int32_t box[4] = {most, most, -most - 1, -most - 1};
        std::vector<std::uint32_t> drawn(bitWords, 0), odd(bitWords, 0);
        std::vector<std::vector<std::uint32_t>> claimants(buckets);
        for (std::uint32_t i = 0; i < count(); ++i) {
            const std::uint32_t v = valueOf(token, i);
            sum += v;
            const std::int32_t x = std::int32_t(v & 0xFFFu) - 2048,
                               y = std::int32_t((v >> 12) & 0xFFFu) - 2048;
            box[0] = std::min(box[0], x), box[1] = std::min(box[1], y);
            box[2] = std::max(box[2], x), box[3] = std::max(box[3], y);
            const std::uint32_t bit = (v >> 20) % (bitWords * 32);
            drawn[bit / 32] |= 1u << (bit % 32);
            odd[bit / 32] ^= 1u << (bit % 32);
            claimants[(v >> 8) % buckets].push_back(i);
        }
        SCOPED_TRACE("run " + std::to_string(run));
        EXPECT_EQ(std::uint32_t(t[0]), sum) << "atomicAdd";
        EXPECT_EQ(t[1], box[0]) << "atomicMin";
        EXPECT_EQ(t[2], box[1]) << "atomicMin";
        EXPECT_EQ(t[3], box[2]) << "atomicMax";
        EXPECT_EQ(t[4], box[3]) << "atomicMax";
        for (std::uint32_t w = 0; w < bitWords; ++w) {
            EXPECT_EQ(b[w], drawn[w]) << "atomicOr, word " << w;
            EXPECT_EQ(b[bitWords + w], ~drawn[w]) << "atomicAnd, word " << w;
            EXPECT_EQ(b[2 * bitWords + w], odd[w]) << "atomicXor, word " << w;
        }
        // atomicExchange: from the head, the successors visit every invocation once, then end.
        std::vector<int> visits(count(), 0);
        std::uint32_t node = std::uint32_t(t[5]), steps = 0;
        for (; node != kNone && node < count() && steps <= count(); node = r[node].x, ++steps)
            ++visits[node];
        EXPECT_EQ(node, kNone) << "atomicExchange: the list does not end";
        EXPECT_EQ(steps, count()) << "atomicExchange";
        EXPECT_TRUE(std::all_of(visits.begin(), visits.end(), [](int v) { return v == 1; }))
            << "atomicExchange: an invocation is missing from the list, or on it twice";
        // atomicCompSwap: the owner is a claimant that found the bucket empty; the others
        // found the owner.
        for (std::uint32_t k = 0; k < buckets; ++k) {
            const auto& c = claimants[k];
            if (c.empty()) {
                EXPECT_EQ(o[k], kNone) << "atomicCompSwap, bucket " << k;
                continue;
            }
            ASSERT_NE(std::find(c.begin(), c.end(), o[k]), c.end())
                << "atomicCompSwap, bucket " << k;
            for (std::uint32_t i : c)
                EXPECT_EQ(r[i].y, i == o[k] ? kNone : o[k]) << "atomicCompSwap, invocation " << i;
        }
    }
}

INSTANTIATE_TEST_SUITE_P(GroupSizes, BarriersKernels, ::testing::Values(64u, 1024u),
                         [](const ::testing::TestParamInfo<GLuint>& info) {
                             return "group" + std::to_string(info.param);
                         });

}  // namespace
