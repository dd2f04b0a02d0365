#include "bench.h"

#include <sstream>

#include "util/error.h"
#include "util/parse.h"

namespace line_space {

std::vector<int> parseBenchSizes(const std::string& text, bool given, bool bench, bool software) {
    if (given && !bench) throw cs::UsageError("--bench-sizes has no effect without --bench");
    if (!given) return software ? std::vector<int>{256, 384} : std::vector<int>{256, 384, 512, 768};
    std::vector<int> sizes;
    std::istringstream in(text);
    for (std::string item; std::getline(in, item, ',');) {
        int side = 0;
        if (cs::parseNumber(item, side) != std::errc() || side < 2 || side > 16384)
            throw cs::UsageError("--bench-sizes takes image sides from 2 to 16384, got " +
                                 cs::quoted(item));
        sizes.push_back(side);
    }
    if (sizes.empty()) throw cs::UsageError("--bench-sizes lists no size");
    return sizes;
}

}  // namespace line_space
