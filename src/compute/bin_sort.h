#pragma once
// GPU counting sort of items by a small integer key, the bin: particles by the grid cell they
// lie in, say, so that the members of each cell end up next to each other.
//
//   cs::GpuBinSort sort;
//   sort.count(keys, items, bins);  // 1. how many items each bin holds
//   sort.scan();                    // 2. where each bin starts: an exclusive scan of the counts
//   sort.scatter(order);            // 3. order[p] = the item at sorted position p
//   glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);  // before a shader reads order, binStarts()
//
// (run() does all three.) `keys` holds one uint per item, each below `bins`; a larger key
// counts as bins - 1, so that no key can make a shader write outside its buffers. Afterwards
// bin b holds the sorted positions [binStarts[b], binStarts[b + 1]): binStarts() has bins + 1
// uints, the last one equal to `items`.
//
// The order within a bin is ascending item index: the sort is stable, and its result is the
// same on every run and every GPU. (A counting sort that stopped at the atomics of step 1
// would put a bin's items in the order its invocations happened to reach the counter.)
//
// How, each a compute pass (shaders/compute/bin_sort_*.comp):
//  1. count:   one invocation per item adds one to its bin's counter with atomicAdd, which
//              returns the count before it: how many of the bin's items arrived first
//  2. scan:    the counts, scanned exclusive in place by cs::GpuScan, become the bin starts
//  3. scatter: each item goes to its bin's start plus its arrival number (arrival order);
//              then each item counts the members of its bin with a lower index and moves to
//              its bin's start plus that count (index order)
// Steps 1, 2 and the first half of 3 cost O(items + bins). Putting a bin in index order costs
// each item a look at every member of its bin: the sum over bins of members², a few per item
// when bins are small (the cells of a neighbour grid), but n² for n items in one bin.
//
// Bindings: it leaves the caller's as it found them (the program in use, the indirect dispatch
// buffer and shader storage points 0-7; gl/kept_bindings.h), so a caller binds its own once.
#include <cstdint>

#include "compute/scan.h"
#include "gl/objects.h"
#include "gl/program.h"

namespace cs {

class GpuBinSort {
public:
    GpuBinSort() = default;  // no GL work until the first count

    // Step 1. `keys` holds at least `items` uints; `bins` >= 1. The caller's barrier must make
    // shader writes to `keys` visible to storage reads; scatter() reads them again, so they
    // must live, unchanged, until then. Throws cs::Error on a buffer that is
    // too small, on bins = 0, or on more items than one dispatch covers on this GL.
    void count(const Buffer& keys, std::uint32_t items, std::uint32_t bins);
    // Step 2, on the counts of the last count().
    void scan();
    // Step 3: writes `order` (at least `items` uints). The caller's barrier makes it and
    // binStarts() visible to whatever reads them next.
    void scatter(const Buffer& order);
    // The three steps.
    void run(const Buffer& keys, std::uint32_t items, std::uint32_t bins, const Buffer& order);

    // bins + 1 uints: bin b holds the sorted positions [binStarts[b], binStarts[b + 1]).
    const Buffer& binStarts() const { return starts_; }
    std::uint32_t items() const { return items_; }
    std::uint32_t bins() const { return bins_; }

private:
    Program countPass_, scatterPass_, orderPass_;
    GpuScan scan_{ElementType::Uint};
    const Buffer* keys_ = nullptr;  // the keys of the last count()
    std::uint32_t items_ = 0, bins_ = 0;
    Buffer starts_;    // the counts, then (scanned) the bin starts
    Buffer arrivals_;  // per item: how many of its bin's items reached the counter before it
    Buffer placed_;    // the items in arrival order within each bin
};

}  // namespace cs
