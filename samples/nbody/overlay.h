#pragma once
// The nbody overlay's lines (ImGui calls only): the bodies and what their colours mean, the
// step's rate, the drift of the energy and the momentum, and the buttons; and the buffers
// that the drift is measured in.
#include <glm/glm.hpp>
#include <optional>
#include <string>

#include "bench/calibration.h"
#include "gl/fenced_read.h"
#include "gl/objects.h"

namespace nbody {

// What diagnostics.comp and totals.comp sum over the bodies, as the totals buffer holds it:
// the energy (x kinetic, y potential) and the momentum (xyz, and w the sum of |m v|).
struct Totals {
    glm::vec4 energy, momentum;
};
static_assert(sizeof(Totals) == 32, "two vec4s, back to back");

// How well the energy and the momentum are conserved: per body (diagnostics.comp), their sums
// (totals.comp), and two reads of the sums a frame or more late: the baseline, once after a
// restart or a change of G or eps, and the totals now, every frame.
struct Conservation {
    cs::Buffer energies, momenta, totals;
    cs::FencedRead baseline, now;
    bool baselineAsked = false;

    // The totals and the reads; the per-body buffers for `count` bodies.
    void create();
    void resize(unsigned count);
    // The drift is measured from a new baseline; no totals of the old one are shown.
    void forget();
};

// The bodies and the steps done.
struct Bodies {
    unsigned count = 0;
    std::string source;  // where they came from
    long long steps = 0;
    double seconds = 0.0;
    float speedScale = 1.0f;  // the speed drawn in the fast colour (View::speedScale)
};
// The step pass's latest time, `ms` (0: none yet), and what it counts.
// The FMA rate, measured when the overlay's button asks, one dispatch a frame
// (cs::FmaMeasurement): the window redraws, and Esc quits, while it runs.
struct FmaRate {
    cs::Calibration measured;                     // fmaGflops: 0 until measured
    std::optional<cs::FmaMeasurement> measuring;  // while it runs
    // Starts a measurement where `start`, and runs one dispatch of the one under way.
    void step(bool start, cs::GpuProfiler::Method method);
};

struct StepRate {
    std::string pass;  // "tiled/256"
    double ms = 0.0;
    double flopsPerInteraction = 0.0;
    const FmaRate* fma = nullptr;
};
// What the user pressed.
struct Pressed {
    bool restart = false, fmaRate = false;
};

// The bodies and the legend of their colours; the step's interactions and GFLOP per second and,
// with the FMA rate measured, the fraction of it (or how far its measurement is); once both sums
// are known (Totals, read a frame or more late), the drift since the baseline, each relative: of
// the energy (kinetic + potential), and of the momentum against the sum of |m v|; the buttons.
Pressed drawOverlay(const Bodies& bodies, const StepRate& rate, const Conservation& conservation);

}  // namespace nbody
