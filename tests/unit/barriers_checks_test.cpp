// The barriers sample's CPU checks, given right data and data made wrong on purpose: a check
// that passed everything would make every race look fixed. And the report's format.
#include <gtest/gtest.h>

#include <algorithm>
#include <limits>
#include <nlohmann/json.hpp>
#include <numeric>
#include <random>

#include "barriers.h"

namespace {

using barriers::kNoData;
using barriers::kRight;
using barriers::kWrong;
using barriers::Status;

long long wrong(const std::vector<Status>& status) {
    return std::count(status.begin(), status.end(), kWrong);
}

TEST(BarriersChecks, ValuesDifferForEveryIndexAndRun) {
    EXPECT_EQ(barriers::valueOf(7, 0), 7u);
    EXPECT_EQ(barriers::valueOf(7, 1), 7u + 2654435761u);
    EXPECT_NE(barriers::valueOf(7, 3), barriers::valueOf(9, 3));
}

TEST(BarriersChecks, ShiftFindsTheWrongElement) {
    const std::uint32_t groupSize = 8, token = 11;
    std::vector<std::uint32_t> shifted(3 * groupSize);
    for (std::uint32_t i = 0; i < shifted.size(); ++i)
        shifted[i] = barriers::valueOf(token, i / groupSize * groupSize + (i + 1) % groupSize);
    EXPECT_EQ(wrong(barriers::checkShift(shifted, token, groupSize)), 0);
    shifted[13] = barriers::valueOf(token, 13);  // its own value: the neighbour had not written
    const auto status = barriers::checkShift(shifted, token, groupSize);
    EXPECT_EQ(wrong(status), 1);
    EXPECT_EQ(status[13], kWrong);
}

TEST(BarriersChecks, TicketsMustEachBeHandedOutOnce) {
    std::vector<std::uint32_t> tickets(16);
    std::iota(tickets.begin(), tickets.end(), 0u);
    std::shuffle(tickets.begin(), tickets.end(), std::mt19937(3));
    EXPECT_EQ(wrong(barriers::checkTickets(tickets, 16, 5, 5)), 0);
    EXPECT_EQ(barriers::checkTickets(tickets, 16, 5, 5).size(), 18u);  // and counter, canary
    EXPECT_EQ(wrong(barriers::checkTickets(tickets, 15, 5, 5)), 1);    // the counter
    EXPECT_EQ(wrong(barriers::checkTickets(tickets, 16, 6, 5)), 1);    // the canary
    // Eight invocations that read the counter together all got its old value: seven lost.
    std::vector<std::uint32_t> lockstep(16);
    for (std::uint32_t i = 0; i < 16; ++i) lockstep[i] = i / 8;
    const auto status = barriers::checkTickets(lockstep, 2, 5, 5);
    EXPECT_EQ(wrong(status), 14 + 1);
    EXPECT_EQ(status[0], kRight);
    EXPECT_EQ(status[1], kWrong);
    tickets[4] = 99;  // out of range
    EXPECT_EQ(wrong(barriers::checkTickets(tickets, 16, 5, 5)), 1);
}

TEST(BarriersChecks, HandoffReadsInReverse) {
    std::vector<std::uint32_t> received(10);
    for (std::uint32_t i = 0; i < 10; ++i) received[i] = barriers::valueOf(4, 9 - i);
    EXPECT_EQ(wrong(barriers::checkHandoff(received, 4)), 0);
    received[2] = barriers::valueOf(3, 7);  // the last run's value: stale
    EXPECT_EQ(wrong(barriers::checkHandoff(received, 4)), 1);
}

TEST(BarriersChecks, PublishCountsConsumersThatGaveUpApart) {
    const std::uint32_t groupSize = 4, token = 21;
    std::vector<glm::uvec2> seen(2 * groupSize);
    for (std::uint32_t i = 0; i < seen.size(); ++i)
        seen[i] = {1, barriers::valueOf(token, (i % groupSize + 1 + i / groupSize) % groupSize)};
    EXPECT_EQ(wrong(barriers::checkPublish(seen, token, groupSize)), 0);
    seen[1] = {0, 0};
    seen[6].y = barriers::valueOf(token - 2, 0);
    const auto status = barriers::checkPublish(seen, token, groupSize);
    EXPECT_EQ(status[1], kNoData);
    EXPECT_EQ(status[6], kWrong);
    EXPECT_EQ(wrong(status), 1);
}

// atomics.comp's work done one invocation after another, as a GPU could have ordered it.
barriers::AtomicsResult sequentialAtomics(std::uint32_t n, std::uint32_t token,
                                          std::uint32_t bitWords, std::uint32_t buckets) {
    barriers::AtomicsResult r = barriers::atomicsStart(n, bitWords, buckets);
    for (std::uint32_t i = 0; i < n; ++i) {
        const std::uint32_t v = barriers::valueOf(token, i);
        r.totals.sum += v;
        const int x = int(v & 0xFFFu) - 2048, y = int((v >> 12) & 0xFFFu) - 2048;
        r.totals.minX = std::min(r.totals.minX, x), r.totals.minY = std::min(r.totals.minY, y);
        r.totals.maxX = std::max(r.totals.maxX, x), r.totals.maxY = std::max(r.totals.maxY, y);
        const std::uint32_t bit = (v >> 20) % (bitWords * 32), mask = 1u << (bit % 32);
        r.bits[bit / 32] |= mask;
        r.bits[bitWords + bit / 32] &= ~mask;
        r.bits[2 * bitWords + bit / 32] ^= mask;
        r.returned[i].x = std::exchange(r.totals.head, i);
        std::uint32_t& owner = r.owners[(v >> 8) % buckets];
        r.returned[i].y = owner;
        if (owner == barriers::kNone) owner = i;
    }
    return r;
}

TEST(BarriersChecks, EachAtomicFunctionIsCheckedOnItsOwn) {
    const std::uint32_t n = 64, token = 5, bitWords = 4, buckets = 16;
    const barriers::AtomicsResult right = sequentialAtomics(n, token, bitWords, buckets);
    for (const auto& status : barriers::checkAtomics(right, token, bitWords))
        EXPECT_EQ(wrong(status), 0);

    // One mistake in each function's result: only that function's check may fail.
    const auto expectOnly = [&](int function, const barriers::AtomicsResult& r) {
        const auto status = barriers::checkAtomics(r, token, bitWords);
        for (int f = 0; f < 8; ++f)
            EXPECT_EQ(wrong(status[f]) > 0, f == function)
                << barriers::kAtomicFunctions[f] << " with a mistake in "
                << barriers::kAtomicFunctions[function];
    };
    barriers::AtomicsResult r = right;
    r.totals.sum += 1;
    expectOnly(0, r);
    r = right, r.totals.minY -= 1;
    expectOnly(1, r);
    r = right, r.totals.maxX -= 1;
    expectOnly(2, r);
    r = right, r.bits[bitWords + 1] ^= 1;
    expectOnly(3, r);
    r = right, r.bits[0] ^= 1;
    expectOnly(4, r);
    r = right, r.bits[2 * bitWords + 2] ^= 4;
    expectOnly(5, r);
    r = right, r.returned[10].x = r.returned[11].x;  // two pushes that saw the same head
    expectOnly(6, r);
    r = right, r.returned[20].y = barriers::kNone;  // a second invocation that claimed
    expectOnly(7, r);
}

TEST(BarriersChecks, TheReportCountsRunsAndElements) {
    barriers::Named shift{"shift_with_barrier", {}, {}, 2};
    shift.tally.add({kRight, kRight});
    shift.tally.add({kWrong, kRight});
    shift.tally.add({kWrong, kWrong});
    barriers::Named publish{"publish_coherent", {}, {}, 2};
    publish.tally.add({kNoData, kRight});
    const auto json = nlohmann::ordered_json::parse(barriers::reportJson({shift, publish}));
    EXPECT_EQ(json.dump(), R"({"shift_with_barrier":{"runs":3,"wrong_runs":2,"wrong_elements":3},)"
                           R"("publish_coherent":{"runs":1,"wrong_runs":0,"wrong_elements":0,)"
                           R"("gave_up":1}})");
    EXPECT_EQ(shift.tally.wrongPerRun, (std::vector<float>{0, 1, 2}));
}

}  // namespace
