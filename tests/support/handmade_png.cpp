#include "support/handmade_png.h"

#include <algorithm>

#include "util/image.h"

namespace cs::test {
namespace {

std::string bigEndian(std::uint32_t value) {
    return {char(value >> 24), char(value >> 16), char(value >> 8), char(value)};
}

// A zlib stream of stored (uncompressed) deflate blocks: no compressor needed.
std::string zlibStored(const std::string& raw) {
    std::string out = "\x78\x01";
    size_t at = 0;
    do {
        const size_t size = std::min<size_t>(raw.size() - at, 65535);
        const bool last = at + size == raw.size();
        out += char(last ? 1 : 0);
        out += {char(size), char(size >> 8), char(~size), char(~size >> 8)};
        out += raw.substr(at, size);
        at += size;
    } while (at < raw.size());
    std::uint32_t a = 1, b = 0;  // Adler-32
    for (const char byte : raw) {
        a = (a + static_cast<unsigned char>(byte)) % 65521;
        b = (b + a) % 65521;
    }
    return out + bigEndian(b << 16 | a);
}

// The PNG signature and the IHDR chunk: size, bit depth 8, colour type, no interlacing.
std::string signatureAndHeader(int width, int height, char colourType) {
    std::string header = bigEndian(std::uint32_t(width)) + bigEndian(std::uint32_t(height));
    header += {8, colourType, 0, 0, 0};
    return "\x89PNG\r\n\x1a\n" + cs::pngChunk("IHDR", header);
}

}  // namespace

std::string palettedPng(int width, int height, const std::string& palette,
                        const std::vector<std::uint8_t>& indices) {
    std::string rows;
    for (int y = 0; y < height; ++y) {
        rows += '\0';  // filter type None
        rows.append(indices.begin() + size_t(y) * width, indices.begin() + size_t(y + 1) * width);
    }
    return signatureAndHeader(width, height, 3) + cs::pngChunk("PLTE", palette) +
           cs::pngChunk("IDAT", zlibStored(rows)) + cs::pngChunk("IEND", "");
}

std::string pngHeaderOnly(int width, int height) {
    return signatureAndHeader(width, height, 2);
}

}  // namespace cs::test
