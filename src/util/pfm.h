#pragma once
// PFM ("portable float map") images: the simplest lossless format for float pixels, read by
// most HDR tools (e.g. ImageMagick, GIMP, Python's imageio).
//
// The file is a short text header and then raw IEEE float32 values:
//     PF\n<width> <height>\n-1.0\n<width * height RGB triples>
// "PF" means three channels ("Pf" would be one). The third line is a scale whose sign gives
// the byte order: negative = little-endian, positive = big-endian. Rows run from the
// BOTTOM of the image to the top, so the file's first row is the image's last.
//
// PfmImage keeps rows top first, like cs::Image; savePfm (and the tests' loadPfm) flip at
// the file boundary, so callers never see the bottom-up order.
#include <string>
#include <vector>

namespace cs {

struct PfmImage {
    int width = 0, height = 0;
    std::vector<float> rgb;  // width * height * 3 floats; row 0 = top
};

// `image` as the bytes of a little-endian colour PFM file. Throws cs::Error if the image is
// malformed.
std::string encodePfm(const PfmImage& image);

// Writes encodePfm(image) to `path` (see writeFileAtomic). Throws cs::Error naming the path
// if the image is malformed or the file cannot be written.
void savePfm(const std::string& path, const PfmImage& image);

}  // namespace cs
