#pragma once
// An 8-bit RGBA image in memory, and PNG input/output for it.
//
// Screenshots, golden images and sample inputs all use this one type. Rows are
// stored top row first, as image files are; OpenGL's glReadPixels and texture
// uploads count rows from the bottom, so convert with flipRows at that boundary.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace cs {

struct Image {
    int width = 0, height = 0;
    std::vector<std::uint8_t> rgba;  // width * height * 4 bytes; row 0 = top
};

// The most loadImage decodes: 1 GiB of RGBA, e.g. 16384 x 16384 pixels.
constexpr std::size_t kMaxImageBytes = std::size_t(1) << 30;

// Loads any format stb_image reads (PNG, JPEG, BMP, TGA, ...), converted to RGBA:
// grey and RGB inputs get alpha 255. An image wider or taller than `maxSide` (a caller that
// makes a texture of it passes GL_MAX_TEXTURE_SIZE), or larger than kMaxImageBytes as RGBA,
// is refused from its header, before decoding. A device or a FIFO is read only as far as an
// image file may go: bytes that start no format this reads (/dev/zero) are refused as they
// arrive, and a valid header bounds the rest by its size. Throws cs::Error naming the path for
// a missing, empty, corrupt, too large or zero-sized file.
Image loadImage(const std::string& path, int maxSide = 16384);

// `image` as the bytes of an RGBA PNG file. Throws cs::Error if the image is malformed.
std::string encodePng(const Image& image);

// Writes encodePng(image) to `path` (see writeFileAtomic). Throws cs::Error naming the path
// if the image is malformed or the file cannot be written.
void savePng(const std::string& path, const Image& image);

// One PNG chunk as a file holds it: data length, type (e.g. "PLTE"), data, CRC. For code that
// builds or edits PNG files, as loadImage does for its palette check.
std::string pngChunk(const std::string& type, const std::string& data);

// Returns a copy with the row order reversed (top <-> bottom).
Image flipRows(const Image& image);

}  // namespace cs
