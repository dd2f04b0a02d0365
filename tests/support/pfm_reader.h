#pragma once
// Reading PFM images, which only the tests do: they check what summed_area writes.
#include <string>

#include "util/pfm.h"

namespace cs {

// Reads a colour ("PF") or greyscale ("Pf", expanded to three equal channels) PFM of
// either byte order. Throws cs::Error naming the path and what is wrong with the file.
PfmImage loadPfm(const std::string& path);

}  // namespace cs
