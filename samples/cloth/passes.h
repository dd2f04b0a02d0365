#pragma once
// The cloth's default substep on the GPU, each pass written out in passes.cpp as bind,
// dispatch, and the barrier its readers need: the explicit springs scattered per spring by
// graph colouring. main.cpp's gpuStep() runs `substeps` of it (the other solvers' substeps
// are in alternatives.h).
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

}  // namespace cloth
