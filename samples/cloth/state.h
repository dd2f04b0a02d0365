#pragma once
// The cloth sample's state on the GPU, whose buffers each pass binds (main.cpp, passes.cpp). Also
// the state's two sides (compute=gpu|cpu), and the edits made between steps: a point moved by the
// pins or the mouse.
#include <glm/glm.hpp>
#include <string>
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
    // After a pass that wrote the other buffer: it is the current one now.
    void swapPositions() { currentPositions_ = 1 - currentPositions_; }
    void swapVelocities() { currentVelocities_ = 1 - currentVelocities_; }
    int columns() const { return columns_; }
    int rows() const { return rows_; }

    const cs::Buffer& positions() const { return positions_[currentPositions_]; }
    const cs::Buffer& velocities() const { return velocities_[currentVelocities_]; }
    const cs::Buffer& otherPositions() const { return positions_[1 - currentPositions_]; }
    const cs::Buffer& otherVelocities() const { return velocities_[1 - currentVelocities_]; }
    const cs::Buffer& restLengths() const { return restLengths_; }
    const cs::Buffer& normals() const { return normals_; }
    const cs::Buffer& forces() const { return forces_; }  // the scatter's sums, w = springs
    const cs::Buffer& starts() const { return starts_; }  // XPBD's substep starts
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

// The cloth on both sides, and the side that steps: the GPU's passes (compute=gpu), or the
// same solver on one CPU thread (compute=cpu, whose state goes to the GPU's buffers after
// every step, for the draw). The edits between steps, the pins and the mouse, go to the side
// that steps, and the positions are read from it.
struct Sides {
    GpuCloth gpu;
    CpuCloth cpu;
    bool cpuSteps = false;

    // Both sides from `points`, columns x rows, at rest; `cpuSide`: the CPU steps them. Throws
    // cs::Error first where the largest buffer, the rest lengths, is too large for this GL.
    void load(int columns, int rows, const std::vector<Point>& points, bool cpuSide);
    // Moves the state to the CPU (`cpuSide`) or back to the GPU.
    void stepOn(bool cpuSide);
    // One step on the CPU; returns its milliseconds. The draw needs gpu.upload(cpu) after it.
    double cpuStep(const Physics& p, const Method& m);
    void setPoint(int i, glm::vec4 point);
    std::vector<Point> readPositions() const;
    // Whether a point of the side that steps is no longer a finite number: the springs blew
    // up, and no solver brings such a point back. A read-back, for a change, not every frame.
    bool blownUp() const;
    // The corners `pins` holds still ("two": the last row's, "four": all four) get inverse
    // mass 0, the others the inverse mass they have in `initial`, each where it is now; not
    // the point the mouse holds.
    // Returns whether any corner is pinned now.
    bool pin(const std::string& pins, const std::vector<Point>& initial, int held);
};

}  // namespace cloth
