#include "output.h"

#include <cmath>
#include <nlohmann/json.hpp>

#include "app/paths.h"
#include "gl/info.h"
#include "util/image.h"

namespace line_space {

OutputFlags::OutputFlags(cs::Params& flags)
    : edges(flags.output("edges-output", "FILE.png",
                         "also write the edge image the transforms read")),
      space(flags.output("space-output", "FILE",
                         "also write the space's entries, raw (README.md)")) {}

cs::Image readInput(const std::string& path) {
    return cs::flipRows(cs::loadImage(path.empty() ? cs::assetPath("building.png") : path,
                                      cs::glInteger(GL_MAX_TEXTURE_SIZE)));
}

std::string linesJson(const std::vector<Line>& lines, int height) {
    // + 0.0 turns a -0.0 into 0.0.
    auto rounded = [](double v) { return std::round(v * 100.0) / 100.0 + 0.0; };
    nlohmann::ordered_json array = nlohmann::ordered_json::array();
    for (const Line& line : lines)
        // The file's rows count down from the top; ours count up from the bottom.
        array.push_back({{"x0", rounded(line.a.x)},
                         {"y0", rounded(height - 1 - double(line.a.y))},
                         {"x1", rounded(line.b.x)},
                         {"y1", rounded(height - 1 - double(line.b.y))},
                         {"score", line.score}});
    return array.dump(1) + "\n";
}

std::string edgesPng(const cs::Texture2D& edges) {
    cs::Image image{edges.width(), edges.height(), {}};
    image.rgba.resize(std::size_t(image.width) * image.height * 4);
    edges.download(GL_RGBA, GL_UNSIGNED_BYTE, image.rgba.data(), image.rgba.size());
    return cs::encodePng(cs::flipRows(image));
}

std::string spaceBytes(const cs::Texture2D& entries) {
    std::string bytes(std::size_t(entries.width()) * entries.height() * sizeof(Entry), '\0');
    entries.download(GL_RGBA_INTEGER, GL_UNSIGNED_INT, bytes.data(), bytes.size());
    return bytes;
}

}  // namespace line_space
