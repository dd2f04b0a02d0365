#pragma once
// The overdraw sample's scene, made on the CPU: opaque axis-aligned quads whose edges lie on
// integer pixel boundaries, each at a depth of its own, in the order they are drawn. The
// tests rasterise the same quads on the CPU to check the GPU's counts.
#include <cstdint>
#include <string>
#include <vector>

namespace overdraw {

// One quad as the vertex shader reads it (one instance, attributes 0 to 2 of quads.vert).
struct Quad {
    float x0, y0, x1, y1;  // pixels, origin at the bottom left; integers, x0 < x1, y0 < y1
    float depth;           // window depth in (0, 1): smaller is nearer; distinct per quad
    std::uint8_t rgba[4];  // colour
};
static_assert(sizeof(Quad) == 24, "Quad is read as a vertex buffer with a 24-byte stride");

// The draw orders of the `order` parameter.
inline const std::vector<std::string> kOrders = {"front_to_back", "back_to_front", "shuffled"};

// `count` quads for a `width` x `height` frame, in the draw order `order` (one of kOrders).
// The rectangles and depths depend on the seed and the frame alone, so every order draws the
// same picture and only the number of fragments shaded changes. Each side is between 1/16
// and 1/3 of the frame's (at least one pixel).
std::vector<Quad> makeQuads(int count, int width, int height, const std::string& order,
                            std::uint32_t seed);

}  // namespace overdraw
