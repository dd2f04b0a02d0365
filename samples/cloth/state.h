#pragma once
// The cloth sample's state on the GPU, and what every pass does with it the same way: bind its
// buffers, dispatch over the grid, set the numbers of cloth.glsl. Also the edits made between
// steps: a point moved by the pins or the mouse, and the copies to and from compute=cpu.
#include <glm/glm.hpp>
#include <string>
#include <utility>
#include <vector>

#include "cloth.h"
#include "gl/objects.h"
#include "gl/program.h"

namespace cloth {

// The state. Gather and Jacobi read [current] and write [1 - current]; the other passes
// update [current] in place, each point only its own entries.
class GpuCloth {
public:
    // New buffers for `cpu`'s grid: its points, rest lengths and normals, the velocities and
    // the force sums zero.
    void load(const CpuCloth& cpu);
    // The bindings every pass declares the same way (the GL offers at least 8): 0, 1 the
    // current positions and velocities, 2, 3 the other ones, 4 the rest lengths, 5 the normals,
    // 6 the force sums, 7 the substep starts.
    void bind() const;
    // After a pass that wrote the other buffer: it is the current one now.
    void swapPositions() { currentPositions_ = 1 - currentPositions_; }
    void swapVelocities() { currentVelocities_ = 1 - currentVelocities_; }
    // Runs `program`, already in use, once per point.
    void overGrid(const cs::Program& program) const;
    int columns() const { return columns_; }
    int rows() const { return rows_; }

    const cs::Buffer& positions() const { return positions_[currentPositions_]; }
    const cs::Buffer& normals() const { return normals_; }
    // One point's position and inverse mass, at rest (the pins and the mouse). Ordered after
    // the last pass's writes by its GL_BUFFER_UPDATE_BARRIER_BIT.
    void setPoint(int i, glm::vec4 point);
    std::vector<Point> readPositions() const;
    // The state of compute=cpu: copied in before the GPU steps again, out before the CPU does.
    void upload(const CpuCloth& cpu);
    void download(CpuCloth& cpu) const;

private:
    cs::Buffer positions_[2], velocities_[2];
    int currentPositions_ = 0, currentVelocities_ = 0;
    cs::Buffer restLengths_, normals_, forces_, starts_;
    int columns_ = 0, rows_ = 0;
};

// Runs `program`, already in use, over `extent` invocations, which it learns as `size`.
void dispatch(const cs::Program& program, glm::ivec2 extent);

// The numbers of cloth.glsl: the grid, the substep and the physics.
void setUniforms(const cs::Program& program, const Physics& p, int columns, int rows);

// The corners `pins` holds still ("two": the last row's, "four": all four) with inverse mass 0,
// the others with the inverse mass they have in `initial`, each where `now` has it; not the
// point the mouse holds.
std::vector<std::pair<int, Point>> pinnedCorners(const std::string& pins,
                                                 const std::vector<Point>& initial,
                                                 const std::vector<Point>& now, int columns,
                                                 int held);

}  // namespace cloth
