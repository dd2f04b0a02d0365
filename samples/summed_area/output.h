#pragma once
// summed_area's --output table, off the frame's path: the input's summed-area table (0-255,
// no bias), rows counted from the image's TOP as in cv2.integral, MATLAB and NPP, so built
// once over the file's rows, top first, and kept so.
#include <functional>
#include <glm/glm.hpp>
#include <vector>

#include "gl/objects.h"
#include "util/image.h"

namespace summed_area {

// The sample's table build: `values` in, `sums` out, image-sized buffers of vec4s.
using TableBuild = std::function<void(const cs::Buffer& values, const cs::Buffer& sums)>;

// The table of `image`'s channel values (0-255), top row first, from `buildTable`.
std::vector<glm::vec4> outputTable(const cs::Image& image, const TableBuild& buildTable);

}  // namespace summed_area
