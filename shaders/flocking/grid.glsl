// The neighbour grid (passes.cpp, bin; grid.comp): cubic cells, hashed into a table of bins
// (Teschner et al., "Optimized Spatial Hashing for Collision Detection of Deformable
// Objects", VMV 2003), so that the grid has no bounds to fit: the flock may go anywhere.

// The cells' size and the table's, mirrored by struct Cells in samples/flocking/boids.h:
// written when they change, bound by each pass that reads them.
layout(std140, binding = 1) uniform Cells {
    float inverseCellEdge;  // 1 / the cells' edge, computed once on the CPU
    uint tableSize;         // bins in the table: a power of two
};

// The cell holding `position`: floor(position / edge), clamped to the cells within 8192 of
// the origin. Beyond them a float cannot tell a cell's border to within the grid's margin
// (main.cpp, bin), and the clamp, which moves far members into the outermost cells, keeps
// neighbours neighbours. floor, not int(): int() rounds towards zero and would merge the
// cells -1 and 0.
ivec3 cellOf(vec3 position) {
    return ivec3(clamp(floor(position * inverseCellEdge), -8192.0, 8191.0));
}

// The cell's bin: three products that wrap modulo 2^32, their exclusive or, and its low bits.
// A negative coordinate becomes a uint with the same bits, as C++ converts it.
uint binOf(ivec3 cell) {
    uvec3 c = uvec3(cell);
    return ((c.x * 73856093u) ^ (c.y * 19349663u) ^ (c.z * 83492791u)) & (tableSize - 1u);
}
