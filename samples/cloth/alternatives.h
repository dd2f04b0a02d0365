#pragma once
// The cloth's solvers off the default path, one substep at a time: the explicit springs
// gathered per point (colouring=false), and XPBD's distance constraints, by colour or by
// Jacobi (solver=xpbd). Each pass is written out in alternatives.cpp as bind, dispatch, and
// the barrier its readers need. main.cpp's gpuStep() runs one of these per substep, or its
// default, the springs scattered by colour, which it writes out itself.
#include "gl/program.h"
#include "gl/uniform_block.h"
#include "state.h"

namespace cloth {

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
