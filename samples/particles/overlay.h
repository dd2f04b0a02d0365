#pragma once
// The particles overlay (ImGui calls only): what the particles' colour means.

namespace particles {

// A swatch per step of speed, from particle.vert's slow colour to its fast one.
void legend();

}  // namespace particles
