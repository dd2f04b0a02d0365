#pragma once
// The cloth sample's two solvers on the GPU, one substep at a time, each pass written out in
// passes.cpp as bind, dispatch, and the barrier its readers need: explicit springs, gathered
// per point or scattered per spring, and XPBD distance constraints, by colour or by Jacobi.
// main.cpp's gpuStep() chooses one per step, sets their uniforms and runs `substeps` of them.
#include "gl/objects.h"
#include "gl/program.h"
#include "state.h"

namespace cloth {

// The explicit springs' programs (shaders/cloth/springs_*.comp, race_check.comp).
struct SpringPasses {
    cs::Program gather, scatter, integrate, raceCheck;
};

// One substep gathered per point: reads the current positions and velocities and writes the
// other ones, which then become the current ones.
void gatherSubstep(GpuCloth& cloth, const SpringPasses& springs);

// One substep scattered per spring into the force sums, one dispatch per colour, or all springs
// in one dispatch, racing, when not `byColour`; then every point moves by its sum, in place.
// With `lost`, a pass between the two counts there what the race lost: two uints, the points
// and the spring ends (race_check.comp).
void scatterSubstep(GpuCloth& cloth, const SpringPasses& springs, bool byColour,
                    const cs::Buffer* lost);

// XPBD's programs (shaders/cloth/xpbd_*.comp).
struct XpbdPasses {
    cs::Program predict, coloured, jacobi, finalize;
};

// One substep: predict, correct every constraint once, by colour in place or by Jacobi into
// the other positions, then the velocities from the motion, and the collisions.
void xpbdSubstep(GpuCloth& cloth, const XpbdPasses& xpbd, bool byColour);

}  // namespace cloth
