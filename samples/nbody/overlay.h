#pragma once
// The nbody overlay's figures (ImGui calls only): the step's rate, and the drift of the energy
// and the momentum.
#include <glm/glm.hpp>
#include <string>

namespace nbody {

// The rate of the step pass `name`, from its latest time `ms` at `count` bodies: interactions
// and, at `flopsPerInteraction`, GFLOP/s per second; with the FMA rate measured
// (`fmaGflops` > 0), the fraction of it.
void stepRate(const std::string& name, double ms, unsigned count, double flopsPerInteraction,
              double fmaGflops);

// The drift since the baseline, each relative: of the energy (x kinetic + y potential), and of
// the momentum (xyz), against the sum of |m v| (w).
void drift(glm::vec4 energy0, glm::vec4 energy, glm::vec4 momentum0, glm::vec4 momentum);

}  // namespace nbody
