#include "util/image.h"

#include <stb_image.h>
#include <stb_image_write.h>

#include <climits>
#include <cstring>
#include <memory>

#include "util/error.h"
#include "util/file.h"

// stb's implementation lives in the system library libstb (-lstb); this file only
// includes the declarations.

namespace cs {
namespace {

// stb's failure reasons are terse codes ("outofdata"), and for a damaged chunk a fragment of
// its name ("IDA"). Say what they mean; the rest name damaged structure ("bad IHDR len").
std::string decodeFailure() {
    const std::string why = stbi_failure_reason() ? stbi_failure_reason() : "";
    if (why == "unknown image type")
        return "not an image format this reads (PNG, JPEG, BMP, TGA, GIF and a few more)";
    if (why == "outofdata") return "truncated (the data ends too early)";
    if (why == "too large") return "too large to decode";
    if (why == "outofmem") return "out of memory while decoding";
    return "corrupt or truncated data";
}

}  // namespace

Image loadImage(const std::string& path) {
    // Read the bytes ourselves so a missing file reports errno ("No such file or
    // directory") rather than stb's vaguer "can't fopen".
    const std::string bytes = readFile(path);
    if (bytes.empty()) throw Error(printable(path) + ": empty file, not an image");
    if (bytes.size() > static_cast<std::size_t>(INT_MAX))
        throw Error(printable(path) + ": file too large");

    int width = 0, height = 0, channelsInFile = 0;
    // The last argument forces 4 channels whatever the file holds.
    std::unique_ptr<stbi_uc, void (*)(void*)> pixels(
        stbi_load_from_memory(reinterpret_cast<const stbi_uc*>(bytes.data()),
                              static_cast<int>(bytes.size()), &width, &height, &channelsInFile, 4),
        stbi_image_free);
    if (!pixels) throw Error(printable(path) + ": cannot decode image: " + decodeFailure());
    if (width <= 0 || height <= 0) throw Error(printable(path) + ": image has zero size");

    Image image;
    image.width = width;
    image.height = height;
    const std::size_t size = static_cast<std::size_t>(width) * static_cast<std::size_t>(height) * 4;
    image.rgba.assign(pixels.get(), pixels.get() + size);
    return image;
}

std::string encodePng(const Image& image) {
    if (image.width <= 0 || image.height <= 0) {
        throw Error("cannot save an image of size " + std::to_string(image.width) + "x" +
                    std::to_string(image.height));
    }
    const std::size_t expected =
        static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.height) * 4;
    if (image.rgba.size() != expected) {
        throw Error("image data holds " + std::to_string(image.rgba.size()) + " bytes, " +
                    std::to_string(image.width) + "x" + std::to_string(image.height) +
                    " RGBA needs " + std::to_string(expected));
    }
    if (image.width > INT_MAX / 4) throw Error("image too wide for PNG encoding");

    // Encode into memory, to be written atomically: stbi_write_png() would write the
    // file directly and leave a partial PNG behind if it failed half way.
    std::string png;
    auto append = [](void* context, void* data, int size) {
        static_cast<std::string*>(context)->append(static_cast<const char*>(data),
                                                   static_cast<std::size_t>(size));
    };
    const int stride = image.width * 4;
    if (!stbi_write_png_to_func(append, &png, image.width, image.height, 4, image.rgba.data(),
                                stride)) {
        throw Error("PNG encoding failed");
    }
    return png;
}

void savePng(const std::string& path, const Image& image) {
    std::string png;
    try {
        png = encodePng(image);
    } catch (const Error& error) {
        throw Error(printable(path) + ": " + error.what());
    }
    writeFileAtomic(path, png);
}

Image flipRows(const Image& image) {
    const std::size_t rowBytes = static_cast<std::size_t>(image.width) * 4;
    if (image.width < 0 || image.height < 0 ||
        image.rgba.size() != rowBytes * static_cast<std::size_t>(image.height)) {
        throw Error("flipRows: image data holds " + std::to_string(image.rgba.size()) +
                    " bytes, which does not match " + std::to_string(image.width) + "x" +
                    std::to_string(image.height) + " RGBA");
    }
    Image flipped;
    flipped.width = image.width;
    flipped.height = image.height;
    flipped.rgba.resize(image.rgba.size());
    for (int y = 0; y < image.height; ++y) {
        const std::size_t from = static_cast<std::size_t>(y) * rowBytes;
        const std::size_t to = static_cast<std::size_t>(image.height - 1 - y) * rowBytes;
        std::memcpy(flipped.rgba.data() + to, image.rgba.data() + from, rowBytes);
    }
    return flipped;
}

}  // namespace cs
