#include "volume.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "gl/info.h"
#include "util/error.h"
#include "util/file.h"

namespace compaction {

std::string volumeName(glm::uvec3 size) {
    return "a " + std::to_string(size.x) + "x" + std::to_string(size.y) + "x" +
           std::to_string(size.z) + " volume";
}

std::vector<float> readVolume(const std::string& path, glm::uvec3 size) {
    const std::uint64_t count = std::uint64_t(size.x) * size.y * size.z;
    const std::string shape = "nx*ny*nz = " + std::to_string(size.x) + "*" +
                              std::to_string(size.y) + "*" + std::to_string(size.z) +
                              " float32 values";
    // A longer file is refused by readFile with the largest size the shape allows, e.g.
    // "larger than 256 bytes (nx*ny*nz = 4*4*4 float32 values)".
    const std::string bytes = cs::readFile(path, {std::size_t(count * 4), shape});
    if (bytes.size() != count * 4)
        throw cs::Error(cs::printable(path) + ": " + std::to_string(bytes.size()) + " bytes; " +
                        shape + " need " + std::to_string(count * 4));
    std::vector<float> values(count);
    std::memcpy(values.data(), bytes.data(), bytes.size());
    for (std::size_t i = 0; i < values.size(); ++i)
        if (!std::isfinite(values[i]))
            throw cs::Error(cs::printable(path) + ": value " + std::to_string(i) +
                            " is not a finite number");
    return values;
}

std::string indexFile(std::vector<std::uint32_t> indices, bool ordered) {
    if (!ordered) std::sort(indices.begin(), indices.end());
    return std::string(reinterpret_cast<const char*>(indices.data()), indices.size() * 4);
}

cs::Declared<int> declareEdge(cs::Params& params, const char* name, const char* axis,
                              std::function<std::int64_t()> others) {
    const auto slider = [others] {
        const std::int64_t voxels = std::min<std::int64_t>(
            cs::glInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE) / 4, std::int64_t(1) << 31);
        const std::int64_t most = voxels / std::max<std::int64_t>(others(), 1);
        return cs::Range<int>{1, int(std::clamp<std::int64_t>(most, 1, 4096))};
    };
    const auto why = [] {
        return "the volume, 4 bytes a voxel, must fit one shader storage block, of " +
               std::to_string(cs::glInteger64(GL_MAX_SHADER_STORAGE_BLOCK_SIZE) >> 20) +
               " MiB here";
    };
    return params.add(name, 128, {1, 4096}, std::string("voxels along ") + axis)
        .costGrowsAs(cs::growth::linear)
        .interactiveAt(64)
        .sliderRange(slider, why);
}

}  // namespace compaction
