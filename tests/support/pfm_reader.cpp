#include "support/pfm_reader.h"

#include <cctype>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <utility>

#include "util/error.h"
#include "util/file.h"
#include "util/float_bytes.h"

namespace cs {
namespace {

// One float32 from `bytes` in the given byte order.
float readFloat(const char* bytes, bool littleEndian) {
    unsigned char ordered[4];
    std::memcpy(ordered, bytes, 4);
    if (!littleEndian) {
        std::swap(ordered[0], ordered[3]);
        std::swap(ordered[1], ordered[2]);
    }
    return readFloatLe(ordered);
}

// The next whitespace-separated header token starting at `pos`; empty at end of data.
std::string token(const std::string& bytes, size_t& pos) {
    while (pos < bytes.size() && std::isspace(static_cast<unsigned char>(bytes[pos]))) ++pos;
    const size_t start = pos;
    while (pos < bytes.size() && !std::isspace(static_cast<unsigned char>(bytes[pos]))) ++pos;
    return bytes.substr(start, pos - start);
}

// A positive int from a header token, or -1 when it is not one.
long long positiveInt(const std::string& text) {
    if (text.empty() || text.size() > 9) return -1;
    for (char c : text)
        if (c < '0' || c > '9') return -1;
    const long long value = std::stoll(text);
    return value > 0 ? value : -1;
}

}  // namespace

PfmImage loadPfm(const std::string& path) {
    const std::string bytes = readFile(path);
    if (bytes.empty()) throw Error(printable(path) + ": empty file, not a PFM image");
    size_t pos = 0;
    const std::string magic = token(bytes, pos);
    if (magic != "PF" && magic != "Pf")
        throw Error(printable(path) + ": not a PFM image (starts with neither 'PF' nor 'Pf')");
    const int channels = magic == "PF" ? 3 : 1;
    const long long width = positiveInt(token(bytes, pos));
    const long long height = positiveInt(token(bytes, pos));
    if (width < 0 || height < 0)
        throw Error(printable(path) + ": PFM header has no valid width and height");
    const std::string scaleText = token(bytes, pos);
    double scale = 0;
    std::istringstream scaleStream(scaleText);
    if (!(scaleStream >> scale) || !scaleStream.eof() || scale == 0)
        throw Error(printable(path) + ": PFM scale " + quoted(scaleText) +
                    " is not a non-zero number");
    // Exactly one whitespace character separates the header from the data.
    if (pos >= bytes.size() || !std::isspace(static_cast<unsigned char>(bytes[pos])))
        throw Error(printable(path) + ": PFM header is not followed by data");
    ++pos;

    const size_t rowValues = size_t(width) * channels;
    const size_t expected = rowValues * size_t(height) * 4;
    if (bytes.size() - pos != expected)
        throw Error(printable(path) + ": PFM data holds " + std::to_string(bytes.size() - pos) +
                    " bytes, " + std::to_string(width) + "x" + std::to_string(height) + "x" +
                    std::to_string(channels) + " floats need " + std::to_string(expected));

    PfmImage image;
    image.width = int(width);
    image.height = int(height);
    image.rgb.resize(size_t(width) * size_t(height) * 3);
    const bool littleEndian = scale < 0;
    const char* in = bytes.data() + pos;
    // The file's first row is the image's last.
    for (long long row = height - 1; row >= 0; --row)
        for (long long x = 0; x < width; ++x) {
            float* pixel = &image.rgb[(size_t(row) * size_t(width) + size_t(x)) * 3];
            for (int c = 0; c < 3; ++c)
                pixel[c] = readFloat(in + (c < channels ? c : 0) * 4, littleEndian);
            in += channels * 4;
        }
    return image;
}

}  // namespace cs
