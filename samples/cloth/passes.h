#pragma once
// The cloth's substeps on the GPU, each pass written out in passes.cpp as bind, dispatch, and
// the barrier its readers need. The default: the explicit springs scattered per spring by
// graph colouring. Off the default path: the explicit springs gathered per point
// (colouring=false), and XPBD's distance constraints, by colour or by Jacobi (solver=xpbd).
// main.cpp's gpuStep() runs `substeps` of one of them.
#include "gl/program.h"
#include "gl/uniform_block.h"
#include "state.h"

namespace cloth {

// The scatter's programs (shaders/cloth/springs_scatter.comp, race_check.comp,
// springs_integrate.comp).
struct SpringPasses {
    cs::Program scatter;
    cs::Program raceCheck;
    cs::Program integrate;
};

// One substep scattered per spring into the force sums, one dispatch per colour, or all
// springs in one dispatch, racing, when not `byColour`; then every point moves by its sum, in
// place. With `lost`, a pass between the two counts there what the race lost: two uints, the
// points and the spring ends (race_check.comp).
void scatterSubstep(const GpuCloth& cloth, const SpringPasses& springs,
                    const cs::UniformBlock<Physics>& physics, bool byColour,
                    const cs::Buffer* lost);

// The programs off the default path (shaders/cloth/springs_gather.comp, xpbd_*.comp).
struct OtherPasses {
    cs::Program gather;
    cs::Program predict;
    cs::Program coloured;
    cs::Program jacobi;
    cs::Program finalize;
};

// One substep gathered per point (springs_gather.comp): reads the current positions and
// velocities and writes the other ones, which then become the current ones.
void gatherSubstep(GpuCloth& cloth, const OtherPasses& passes,
                   const cs::UniformBlock<Physics>& physics);

// One XPBD substep: predict, correct every constraint once, by colour in place or by Jacobi into
// the other positions, then the velocities from the motion, and the collisions.
void xpbdSubstep(GpuCloth& cloth, const OtherPasses& xpbd, const cs::UniformBlock<Physics>& physics,
                 bool byColour);

}  // namespace cloth
