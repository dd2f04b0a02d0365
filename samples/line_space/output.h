#pragma once
// What the sample reads and writes: --input, --output's lines as JSON, and --edges-output and
// --space-output.
#include <string>
#include <vector>

#include "app/params.h"
#include "geometry.h"
#include "gl/objects.h"
#include "util/image.h"

namespace line_space {

// --edges-output and --space-output, declared among the sample's flags.
struct OutputFlags {
    explicit OutputFlags(cs::Params& flags);
    std::string& edges;  // FILE.png
    std::string& space;  // FILE
};

// --input's image, or the building (assets/building.png) without one, bottom row first as
// every texture here. Refused before decoding if a side passes GL_MAX_TEXTURE_SIZE.
cs::Image readInput(const std::string& path);

// --output: a JSON array of {"x0", "y0", "x1", "y1", "score"}, in the order given (best first),
// in pixels with the origin at the top-left pixel's centre, rows counting down as in image
// files, rounded to 1/100 pixel.
std::string linesJson(const std::vector<Line>& lines, int height);

// --edges-output: the edge texture (RGBA8, bottom row first) as a PNG, top row first.
std::string edgesPng(const cs::Texture2D& edges);

// --space-output: the entries (RGBA32UI) as raw little-endian uint32, four per entry (score,
// position, run start, run end), rows bottom first, as the texture holds them.
std::string spaceBytes(const cs::Texture2D& entries);

}  // namespace line_space
