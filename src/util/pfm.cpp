#include "util/pfm.h"

#include "util/error.h"
#include "util/file.h"
#include "util/float_bytes.h"

namespace cs {

std::string encodePfm(const PfmImage& image) {
    if (image.width <= 0 || image.height <= 0)
        throw Error("cannot save a PFM of size " + std::to_string(image.width) + "x" +
                    std::to_string(image.height));
    const size_t rowFloats = size_t(image.width) * 3;
    if (image.rgb.size() != rowFloats * size_t(image.height))
        throw Error("image data holds " + std::to_string(image.rgb.size()) + " floats, " +
                    std::to_string(image.width) + "x" + std::to_string(image.height) +
                    " RGB needs " + std::to_string(rowFloats * size_t(image.height)));

    std::string file =
        "PF\n" + std::to_string(image.width) + " " + std::to_string(image.height) + "\n-1.0\n";
    const size_t header = file.size();
    file.resize(header + image.rgb.size() * 4);
    char* out = &file[header];
    // Bottom row first, as PFM prescribes; each float in little-endian byte order.
    for (int row = image.height - 1; row >= 0; --row) {
        for (size_t i = 0; i < rowFloats; ++i, out += 4)
            writeFloatLe(image.rgb[size_t(row) * rowFloats + i], out);
    }
    return file;
}

void savePfm(const std::string& path, const PfmImage& image) {
    std::string file;
    try {
        file = encodePfm(image);
    } catch (const Error& error) {
        throw Error(printable(path) + ": " + error.what());
    }
    writeFileAtomic(path, file);
}

}  // namespace cs
