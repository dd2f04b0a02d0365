#pragma once
// The nbody sample's step kernels by name: naive.comp, tiled.comp (the lesson), and the
// variants of tiled_blocked.comp that --bench measures beside them (see that file's header).
#include <string>
#include <vector>

#include "gl/program.h"

namespace nbody {

// "tiled", "naive", then the variants: the choices of the sample's `kernel` parameter.
const std::vector<std::string>& stepKernelNames();

// The step program of `kernel` (one of stepKernelNames()) with the work-group size
// `localSize`, which is also the tile size of the tiled kernels.
cs::Program stepProgram(const std::string& kernel, int localSize);

}  // namespace nbody
