#pragma once
// The overdraw sample's overlay: what the settings do, the histogram that heat.comp counts
// (read a frame or more late), and this GL's fragment-stage limits. ImGui calls only.
#include <cstdint>

namespace overdraw {

constexpr int kBins = 17;  // the histogram: pixels shaded 0 to 15 times, and 16 or more

// The block Stats in heat.comp (std430: uints and a uint array, no padding).
struct Stats {
    std::uint32_t invocationsLow, invocationsHigh;  // the sum of all counts, 64 bits
    std::uint32_t bins[kBins];
};
static_assert(sizeof(Stats) == 4 * (2 + kBins), "Stats mirrors heat.comp's std430 block");

struct OverlayFacts {
    bool earlyTests = false, prepass = false, frontToBack = false;
    int quads = 0;                 // the heat map's top: red is a pixel shaded once per quad
    const Stats* stats = nullptr;  // null until the first read-back arrives
    std::uint64_t pixels = 0;      // in the frame the stats counted
    bool regionBarrier = false;    // whether glMemoryBarrierByRegion ordered the tint
    int fragmentImages = 0, fragmentStorageBlocks = 0, fragmentAtomicCounters = 0;
};

void drawOverlay(const OverlayFacts& facts);

}  // namespace overdraw
