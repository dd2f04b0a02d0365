// The CPU references of the barriers experiments: what each should have produced, compared
// element by element with what the GPU did produce.
#include <algorithm>
#include <limits>

#include "barriers.h"

namespace barriers {
namespace {

// A run's status with every element counted right or wrong by `right`.
template <typename Right>
std::vector<Status> each(std::size_t count, Right right) {
    std::vector<Status> status(count);
    for (std::size_t i = 0; i < count; ++i) status[i] = right(std::uint32_t(i)) ? kRight : kWrong;
    return status;
}

glm::ivec2 pointOf(std::uint32_t v) {
    return glm::ivec2(int(v & 0xFFFu), int((v >> 12) & 0xFFFu)) - 2048;
}

}  // namespace

const std::vector<std::string> kExperiments = {"shift_without_barrier",
                                               "shift_with_barrier",
                                               "counter_plain",
                                               "counter_atomic",
                                               "counter_atomic_counter",
                                               "handoff_without_glMemoryBarrier",
                                               "handoff_with_glMemoryBarrier",
                                               "publish_incoherent",
                                               "publish_coherent",
                                               "atomics"};

std::vector<std::string> experimentChoices() {
    std::vector<std::string> choices = {"all"};
    choices.insert(choices.end(), kExperiments.begin(), kExperiments.end());
    return choices;
}

std::vector<std::size_t> chosen(const std::string& experiment) {
    std::vector<std::size_t> indices;
    for (std::size_t e = 0; e < kExperiments.size(); ++e)
        if (experiment == "all" || experiment == kExperiments[e]) indices.push_back(e);
    return indices;
}

std::uint32_t tokenFor(std::uint32_t seed, std::size_t experiment, int run) {
    return (seed * 2654435761u + std::uint32_t(experiment * 100003 + std::size_t(run)) * 2u) | 1u;
}

std::uint32_t valueOf(std::uint32_t token, std::uint32_t index) {
    return index * 2654435761u + token;  // wraps modulo 2^32, as GLSL's uint does
}

std::vector<Status> checkShift(const std::vector<std::uint32_t>& shifted, std::uint32_t token,
                               std::uint32_t groupSize) {
    return each(shifted.size(), [&](std::uint32_t i) {
        const std::uint32_t first = i / groupSize * groupSize, local = i % groupSize;
        return shifted[i] == valueOf(token, first + (local + 1) % groupSize);
    });
}

std::vector<Status> checkTickets(const std::vector<std::uint32_t>& tickets, std::uint32_t counter,
                                 std::uint32_t canary, std::uint32_t canaryWritten) {
    const std::size_t n = tickets.size();
    std::vector<bool> handedOut(n, false);
    std::vector<Status> status = each(n, [&](std::uint32_t i) {
        if (tickets[i] >= n || handedOut[tickets[i]]) return false;
        handedOut[tickets[i]] = true;
        return true;
    });
    status.push_back(counter == n ? kRight : kWrong);
    status.push_back(canary == canaryWritten ? kRight : kWrong);
    return status;
}

std::vector<Status> checkHandoff(const std::vector<std::uint32_t>& received, std::uint32_t token) {
    const std::uint32_t n = std::uint32_t(received.size());
    return each(n, [&](std::uint32_t i) { return received[i] == valueOf(token, n - 1 - i); });
}

std::vector<Status> checkPublish(const std::vector<glm::uvec2>& seen, std::uint32_t token,
                                 std::uint32_t groupSize) {
    std::vector<Status> status = each(seen.size(), [&](std::uint32_t i) {
        const std::uint32_t group = 1 + i / groupSize, local = i % groupSize;
        return seen[i].y == valueOf(token, (local + group) % groupSize);
    });
    for (std::size_t i = 0; i < seen.size(); ++i)
        if (seen[i].x == 0) status[i] = kNoData;
    return status;
}

AtomicsResult atomicsStart(std::uint32_t count, std::uint32_t bitWords, std::uint32_t buckets) {
    AtomicsResult start;
    const std::int32_t most = std::numeric_limits<std::int32_t>::max();
    start.totals = {0, most, most, -most - 1, -most - 1, kNone};
    start.bits.assign(3 * bitWords, 0);
    std::fill(start.bits.begin() + bitWords, start.bits.begin() + 2 * bitWords, ~0u);
    start.owners.assign(buckets, kNone);
    start.returned.assign(count, glm::uvec2(0));
    return start;
}

std::array<std::vector<Status>, 8> checkAtomics(const AtomicsResult& r, std::uint32_t token,
                                                std::uint32_t bitWords) {
    const std::uint32_t n = std::uint32_t(r.returned.size());
    const std::uint32_t buckets = std::uint32_t(r.owners.size());
    // Everything the CPU expects, computed the plain way, one invocation after another.
    AtomicsResult expected = atomicsStart(n, bitWords, buckets);
    Totals& e = expected.totals;
    std::vector<std::uint32_t> bucketOf(n);
    for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t v = valueOf(token, i);
        e.sum += v;
        const glm::ivec2 p = pointOf(v);
        e.minX = std::min(e.minX, p.x);
        e.minY = std::min(e.minY, p.y);
        e.maxX = std::max(e.maxX, p.x);
        e.maxY = std::max(e.maxY, p.y);
        const std::uint32_t bit = (v >> 20) % (bitWords * 32), mask = 1u << (bit % 32);
        expected.bits[bit / 32] |= mask;
        expected.bits[bitWords + bit / 32] &= ~mask;
        expected.bits[2 * bitWords + bit / 32] ^= mask;
        bucketOf[i] = (v >> 8) % buckets;
    }
    const Totals& t = r.totals;
    std::array<std::vector<Status>, 8> status;
    status[0] = {t.sum == e.sum ? kRight : kWrong};
    status[1] = {t.minX == e.minX ? kRight : kWrong, t.minY == e.minY ? kRight : kWrong};
    status[2] = {t.maxX == e.maxX ? kRight : kWrong, t.maxY == e.maxY ? kRight : kWrong};
    for (int k = 0; k < 3; ++k)  // atomicAnd's words come second in the buffer, Or's first
        status[k == 0   ? 4
               : k == 1 ? 3
                        : 5] = each(bitWords, [&](std::uint32_t w) {
            return r.bits[k * bitWords + w] == expected.bits[k * bitWords + w];
        });

    // atomicExchange: from the head, each invocation's successor leads through all of them,
    // each once, to the end. One element more: whether the walk ended there cleanly.
    std::vector<bool> visited(n, false);
    bool clean = true;
    std::uint32_t node = t.head;
    for (std::uint32_t steps = 0; node != kNone; ++steps) {
        if (node >= n || visited[node] || steps == n) {
            clean = false;
            break;
        }
        visited[node] = true;
        node = r.returned[node].x;
    }
    status[6] = each(n, [&](std::uint32_t i) { return bool(visited[i]); });
    status[6].push_back(clean ? kRight : kWrong);

    // atomicCompSwap: each bucket is owned by one of the invocations that tried to claim it
    // (empty if none did); the owner found it empty, every other claimant found the owner.
    std::vector<bool> claimed(buckets, false);
    status[7] = each(n, [&](std::uint32_t i) {
        const std::uint32_t owner = r.owners[bucketOf[i]];
        claimed[bucketOf[i]] = true;
        return r.returned[i].y == (owner == i ? kNone : owner) &&
               (owner < n && bucketOf[owner] == bucketOf[i]);
    });
    for (std::uint32_t b = 0; b < buckets; ++b)
        status[7].push_back(claimed[b] || r.owners[b] == kNone ? kRight : kWrong);
    return status;
}

}  // namespace barriers
