#include "util/image.h"

#include <stb_image.h>
#include <stb_image_write.h>

#include <algorithm>
#include <climits>
#include <cstdint>
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

using Pixels = std::unique_ptr<stbi_uc, void (*)(void*)>;

Pixels decode(const std::string& bytes, int& width, int& height, int channels) {
    int channelsInFile = 0;
    return Pixels(stbi_load_from_memory(reinterpret_cast<const stbi_uc*>(bytes.data()),
                                        static_cast<int>(bytes.size()), &width, &height,
                                        &channelsInFile, channels),
                  stbi_image_free);
}

std::uint32_t readBigEndian(const char* bytes) {
    std::uint32_t value = 0;
    for (int i = 0; i < 4; ++i) value = value << 8 | static_cast<unsigned char>(bytes[i]);
    return value;
}

std::string bigEndian(std::uint32_t value) {
    return {char(value >> 24), char(value >> 16), char(value >> 8), char(value)};
}

// A PNG chunk's CRC-32, over its type and data (PNG spec, annex D).
std::uint32_t chunkCrc(const std::string& typeAndData) {
    std::uint32_t crc = 0xFFFFFFFFu;
    for (const char byte : typeAndData) {
        crc ^= static_cast<unsigned char>(byte);
        for (int bit = 0; bit < 8; ++bit) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

// stb_image does not check a PNG's CRCs, so a damaged file would decode into whatever its
// damaged bytes say. Every whole chunk's CRC is checked here; a file cut short is left to the
// decoder, which names that.
void checkPngCrcs(const std::string& path, const std::string& png) {
    if (png.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0) return;
    // Each chunk: data length (4 bytes), type (4), data, CRC (4).
    for (size_t at = 8; at + 12 <= png.size();) {
        const std::uint32_t length = readBigEndian(&png[at]);
        if (length > png.size() - at - 12) return;
        const size_t crcAt = at + 8 + length;
        if (readBigEndian(&png[crcAt]) != chunkCrc(png.substr(at + 4, 4 + length)))
            throw Error(printable(path) + ": the PNG's " + printable(png.substr(at + 4, 4)) +
                        " chunk at byte " + std::to_string(at) +
                        " fails its CRC: the file is damaged");
        at = crcAt + 4;
    }
}

// stb_image looks up a palette index past the end of a PNG's palette (its PLTE chunk) in
// memory it never set, so such a file would decode differently from run to run. To see the
// indices, this decodes a copy whose palette is 256 greys, entry i being (i, i, i): the
// copy's grey pixels are the indices themselves.
void checkPaletteIndices(const std::string& path, const std::string& png) {
    if (png.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0) return;
    bool paletted = false;
    // Each chunk: data length (4 bytes), type (4), data, CRC (4).
    for (size_t at = 8; at + 12 <= png.size();) {
        const std::uint32_t length = readBigEndian(&png[at]);
        if (length > png.size() - at - 12) return;  // truncated: the decoder will say so
        const std::string type = png.substr(at + 4, 4);
        const size_t next = at + 12 + length;
        if (type == "IHDR" && length >= 10) paletted = png[at + 8 + 9] == 3;  // colour type
        if (type == "PLTE" && paletted) {
            std::string greys;
            for (int i = 0; i < 256; ++i) greys.append(3, char(i));
            const std::string copy = png.substr(0, at) + pngChunk("PLTE", greys) + png.substr(next);
            int width = 0, height = 0;
            const Pixels indices = decode(copy, width, height, 1);
            if (!indices) return;  // nor will the file itself decode, which names why
            const stbi_uc largest =
                *std::max_element(indices.get(), indices.get() + size_t(width) * height);
            if (largest >= length / 3)
                throw Error(printable(path) + ": a pixel uses palette entry " +
                            std::to_string(largest) + ", past the end of the " +
                            std::to_string(length / 3) + "-entry palette");
            return;
        }
        at = next;
    }
}

// The largest file an image of width x height may be: its pixels uncompressed at the widest
// depth stb reads (16-bit RGBA, 8 bytes a pixel, and a PNG's filter byte or two per row), 1/64
// more for the formats' framing (PNG chunks, deflate's stored blocks, RLE packets), and 16 MiB
// for what the decoder skips: metadata (ICC profiles, EXIF), a GIF's later frames.
std::size_t largestFileOf(int width, int height) {
    const std::uint64_t pixels =
        std::uint64_t(width) * std::uint64_t(height) * 8 + 2 * std::uint64_t(height);
    return std::size_t(std::min<std::uint64_t>(pixels + pixels / 64 + (16 << 20), kMaxReadBytes));
}

// The size from the header, before decoding allocates for it: throws naming the path for bytes
// that start no image format this reads, or an image over the limits; returns the largest file
// that image may be. Bytes whose header stb cannot read yet (cut short, or damaged: the
// decoder will say which) leave the limit at kMaxReadBytes.
std::size_t checkHeader(const std::string& path, const std::string& bytes, int maxSide) {
    int width = 0, height = 0, channels = 0;
    if (!stbi_info_from_memory(reinterpret_cast<const stbi_uc*>(bytes.data()),
                               static_cast<int>(std::min<std::size_t>(bytes.size(), INT_MAX)),
                               &width, &height, &channels)) {
        // stbi_info gives one reason for every failure. Decoding tests each format's signature
        // before anything else and says "unknown image type" only when none matches; a known
        // format whose header is cut short or damaged fails after, for another reason.
        if (!decode(bytes, width, height, 4) &&
            std::string(stbi_failure_reason()) == "unknown image type")
            throw Error(printable(path) + ": " + decodeFailure());
        return kMaxReadBytes;
    }
    const std::string size = std::to_string(width) + "x" + std::to_string(height);
    if (width > maxSide || height > maxSide)
        throw Error(printable(path) + ": a " + size + " image exceeds the limit of " +
                    std::to_string(maxSide) + " pixels per side");
    if (std::uint64_t(width) * std::uint64_t(height) * 4 > kMaxImageBytes)
        throw Error(printable(path) + ": a " + size + " image needs more than the " +
                    std::to_string(kMaxImageBytes >> 20) + " MiB this decodes");
    return largestFileOf(width, height);
}

}  // namespace

std::string pngChunk(const std::string& type, const std::string& data) {
    return bigEndian(std::uint32_t(data.size())) + type + data + bigEndian(chunkCrc(type + data));
}

Image loadImage(const std::string& path, int maxSide) {
    // Read the bytes ourselves so a missing file reports errno ("No such file or
    // directory") rather than stb's vaguer "can't fopen". The header is checked on the first
    // bytes already, so that a device or a FIFO (/dev/zero) is refused as it starts, not after
    // 1 GiB, and then read no further than an image of the header's size may take.
    ReadLimits limits;
    limits.maxBytes = largestFileOf(maxSide, maxSide);
    limits.why = "the most an image of at most " + std::to_string(maxSide) + " pixels a side holds";
    limits.checkStart = [&](const std::string& start) { return checkHeader(path, start, maxSide); };
    const std::string bytes = readFile(path, limits);
    if (bytes.empty()) throw Error(printable(path) + ": empty file, not an image");
    if (bytes.size() > static_cast<std::size_t>(INT_MAX))
        throw Error(printable(path) + ": file too large");
    // Again on the whole file, for a header past the first bytes (a JPEG's metadata may come
    // first).
    checkHeader(path, bytes, maxSide);
    checkPngCrcs(path, bytes);
    checkPaletteIndices(path, bytes);
    int width = 0, height = 0;
    const Pixels pixels = decode(bytes, width, height, 4);  // RGBA whatever the file holds
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
