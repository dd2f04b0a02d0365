#include "support/png16_reader.h"

#include <stb_image.h>

#include <memory>

#include "util/error.h"
#include "util/file.h"

namespace cs {

Gray16Image loadPng16(const std::string& path) {
    const std::string bytes = readFile(path);
    const auto* data = reinterpret_cast<const stbi_uc*>(bytes.data());
    const int length = int(bytes.size());
    int width = 0, height = 0, channels = 0;
    if (!stbi_info_from_memory(data, length, &width, &height, &channels))
        throw Error(path + ": not an image (" + stbi_failure_reason() + ")");
    if (channels != 1 || !stbi_is_16_bit_from_memory(data, length))
        throw Error(path + ": not a 16-bit greyscale PNG (" + std::to_string(channels) +
                    " channels)");
    std::unique_ptr<stbi_us, void (*)(void*)> values(
        stbi_load_16_from_memory(data, length, &width, &height, &channels, 1), stbi_image_free);
    if (!values) throw Error(path + ": " + stbi_failure_reason());
    Gray16Image image{width, height, {}};
    image.values.assign(values.get(), values.get() + size_t(width) * size_t(height));
    return image;
}

}  // namespace cs
