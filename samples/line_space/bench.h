#pragma once
// The line_space sample's --bench sweeps, and their sizes.
#include <string>
#include <vector>

namespace line_space {

// "--bench-sizes 256,384": the image sides of the transform sweep; the default where not
// given (`software`: a CPU renderer, where the large sizes take minutes). Throws
// cs::UsageError for a malformed list, or for one given without --bench.
std::vector<int> parseBenchSizes(const std::string& text, bool given, bool bench, bool software);

}  // namespace line_space
