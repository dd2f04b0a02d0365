#pragma once
// The depth_of_field overlay (ImGui calls only): a line on what the window shows.
#include <string>

namespace depth_of_field {

// What `show` (result, sharp, depth or coc) draws: the blur's formula, or the view's colours.
void drawOverlay(const std::string& show);

}  // namespace depth_of_field
