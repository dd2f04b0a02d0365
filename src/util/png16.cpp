#include "util/png16.h"

#include <png.h>

#include <csetjmp>

#include "util/error.h"

namespace cs {

namespace {

void appendBytes(png_structp png, png_bytep data, png_size_t size) {
    static_cast<std::string*>(png_get_io_ptr(png))->append(reinterpret_cast<char*>(data), size);
}

void noFlush(png_structp) {}

// libpng reports errors by longjmp to the setjmp in encodeRows; this keeps its message.
void keepError(png_structp png, png_const_charp message) {
    *static_cast<std::string*>(png_get_error_ptr(png)) = message;
    png_longjmp(png, 1);
}

void ignoreWarning(png_structp, png_const_charp) {}

// The libpng calls, in a function of their own that creates no C++ object after setjmp: a
// longjmp out of libpng skips destructors, so everything it could skip lives in the caller.
// Returns false with `error` set when libpng failed.
bool encodeRows(png_uint_32 width, png_uint_32 height, png_bytepp rows, std::string* out,
                std::string* error) {
    png_structp png =
        png_create_write_struct(PNG_LIBPNG_VER_STRING, error, keepError, ignoreWarning);
    if (!png) return false;
    png_infop info = png_create_info_struct(png);
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        return false;
    }
    png_set_write_fn(png, out, appendBytes, noFlush);
    png_set_IHDR(png, info, width, height, 16, PNG_COLOR_TYPE_GRAY, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    png_write_image(png, rows);
    png_write_end(png, nullptr);
    png_destroy_write_struct(&png, &info);
    return true;
}

}  // namespace

std::string encodePng16(const Gray16Image& image) {
    if (image.width <= 0 || image.height <= 0 ||
        image.values.size() != size_t(image.width) * size_t(image.height))
        throw Error("16-bit PNG: malformed image (" + std::to_string(image.width) + "x" +
                    std::to_string(image.height) + ", " + std::to_string(image.values.size()) +
                    " values)");
    // PNG stores 16-bit samples most significant byte first, whatever the machine's order.
    std::vector<png_byte> bytes(image.values.size() * 2);
    for (size_t i = 0; i < image.values.size(); ++i) {
        bytes[2 * i] = png_byte(image.values[i] >> 8);
        bytes[2 * i + 1] = png_byte(image.values[i] & 0xFF);
    }
    std::vector<png_bytep> rows(size_t(image.height));
    for (size_t y = 0; y < rows.size(); ++y) rows[y] = bytes.data() + y * size_t(image.width) * 2;
    std::string png, error;
    if (!encodeRows(png_uint_32(image.width), png_uint_32(image.height), rows.data(), &png, &error))
        throw Error("16-bit PNG: libpng failed" + (error.empty() ? "" : ": " + error));
    return png;
}

}  // namespace cs
