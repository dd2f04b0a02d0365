#pragma once
// The cloth overlay's figures (ImGui calls only): what the diagnostics pass summed, and what
// the race check counted.
#include <glm/glm.hpp>

namespace cloth {

// diagnostics.comp's sums, x kinetic energy, y squared relative stretch, z springs, w points
// no longer finite: the energy and the RMS stretch, or the blow-up and what to do about it.
void energyAndStretch(glm::vec4 sums);

// What the `scatter` ("coloured" or "naive") lost to the race in the first substep of a
// columns x rows grid (race_check.comp): lost[0] points, lost[1] spring ends.
void lostSpringEnds(const char* scatter, const unsigned lost[2], int columns, int rows);

}  // namespace cloth
