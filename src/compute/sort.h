#pragma once
// GPU sort of uint32 keys, each carrying a uint32 value, for any length, staying on the GPU.
//
//   cs::GpuSort sort;
//   sort.run(keys, values, count);                    // ascending keys; the values move along
//   glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);   // before a shader reads the result
//
// Stable: elements with equal keys keep the order they had, so sorting (score, index) pairs by
// score gives ties in index order, the same on every run and every driver. A descending sort
// is an ascending one of ~key (or max - key).
//
// How: a least-significant-digit radix sort, 4 bits per pass, over tiles of 1024 elements,
// one work group per tile. Each pass takes three steps:
//  1. sort_histogram.comp: how many keys of each of the 16 digits every tile holds, written
//     digit-major: counts[digit * tiles + tile];
//  2. the framework's scan (scan.h), exclusive, over those counts: entry (digit, tile) becomes
//     where the tile's first key with that digit goes, all smaller digits and all earlier
//     tiles' keys with the same digit coming before it;
//  3. sort_scatter.comp: every key goes there, plus the number of keys with its digit before
//     it in its tile, which keeps the pass stable; the keys and values go to the other buffer
//     of a pair, and the next pass reads them from there.
// A pass reads the data twice and writes it once. Keys known to be below 2^keyBits need only
// keyBits / 4 passes, rounded up to an even number so that the result ends in `keys` and
// `values`, written by a shader.
//
// Bindings: it leaves the caller's as it found them (the program in use, the indirect dispatch
// buffer and shader storage points 0-7; gl/kept_bindings.h), so a caller binds its own once.
#include <cstdint>

#include "compute/scan.h"
#include "gl/objects.h"
#include "gl/program.h"

namespace cs {

class GpuSort {
public:
    GpuSort() = default;  // no GL work until the first run

    // Sorts the first `count` keys of `keys` in place, ascending, and moves the first `count`
    // values of `values` with them. Every key must be below 2^keyBits (1 to 32). The caller's
    // barrier must make its shader writes to both buffers visible to storage reads. Throws
    // cs::Error when a buffer is too small or the data cannot be bound or dispatched on this
    // device.
    void run(const Buffer& keys, const Buffer& values, std::uint64_t count, int keyBits = 32);

private:
    Program histogramPass_, scatterPass_;
    GpuScan scan_{ElementType::Uint};
    Buffer digitCounts_, otherKeys_, otherValues_;  // grown as needed
};

}  // namespace cs
