#pragma once
// The compaction sample's CPU side: the --input volume format, the --output index format,
// and the edges' declarations.
#include <cstdint>
#include <functional>
#include <glm/glm.hpp>
#include <string>
#include <vector>

#include "app/params.h"

namespace compaction {

// The threshold slider's ends: the metaballs' field runs from about 0.03 in the far corners to
// hundreds at a ball's centre, so at either end some voxels pass and some do not. The command
// line takes any finite threshold (an --input volume has values of its own).
inline cs::Range<float> thresholdSlider() {
    return {0.05f, 20.0f};
}

// "a 128x128x64 volume", as messages name it.
std::string volumeName(glm::uvec3 size);

// --input: nx * ny * nz little-endian float32 values, x fastest, then y, then z, no header.
// Throws cs::Error naming the file when its size is not that, or a value is not finite.
std::vector<float> readVolume(const std::string& path, glm::uvec3 size);

// --output: the indices as little-endian uint32, in ascending order; `ordered` says whether
// they already are (every method but atomic), else they are sorted here, on the CPU.
std::string indexFile(std::vector<std::uint32_t> indices, bool ordered);

// One edge of the volume, declared: `name` ("nx"), 128 voxels by default, in [1, 4096]. A
// frame's cost grows linearly with it (the other two fixed), 64 keeps a window interactive on
// a CPU renderer, and its slider ends where this GL's limits do for the other two edges'
// product `others()` (a voxel takes 4 bytes in one storage block; at most 2^31 voxels), so
// that a drag never ends in a volume the GL refuses.
cs::Declared<int> declareEdge(cs::Params& params, const char* name, const char* axis,
                              std::function<std::int64_t()> others);

}  // namespace compaction
