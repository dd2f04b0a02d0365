#pragma once
// The cloth overlay's figures: what the diagnostics pass summed (diagnostics.comp, then
// cs::GpuReduce) and what the race check counted (race_check.comp), copied behind fences and
// read a frame or more late (cs::FencedRead), so the CPU never waits for the GPU; and the
// overlay's lines (ImGui calls). main.cpp runs the passes that fill the buffers and requests
// the copies.
#include <cstddef>
#include <glm/glm.hpp>
#include <string>

#include "gl/fenced_read.h"
#include "gl/objects.h"

namespace cloth {

class Figures {
public:
    // Per point, kinetic energy, squared stretch, springs, not finite (diagnostics.comp).
    cs::Buffer perPoint;
    // Their sums, one vec4 (cs::GpuReduce); the race's losses, points and spring ends.
    cs::Buffer totals, lost;

    void setup();
    // For a new grid of `points`: its per-point buffer, and no figures of the one before.
    void resize(std::size_t points);
    // The totals' and the losses' copies, requested by main.cpp's measure().
    cs::FencedRead totalsRead, lostRead;

    // Forgets the race's counts: the race has changed.
    void forgetLost() { lostRead.reset(); }

    // What the overlay shows below the parameters.
    struct Lines {
        int columns = 0, rows = 0;
        long long steps = 0;
        double seconds = 0.0;
        double cpuStepMs = -1.0;        // compute=cpu: one CPU thread's step; < 0: none
        const char* scatter = nullptr;  // "coloured" or "naive": the race to show, if any
        bool mouse = false;             // in a window, the mouse drags the cloth
    };
    // The grid, the step, the energy and the RMS stretch or the blow-up (once known), the CPU's
    // step, what the scatter lost in the first substep (once known), and the reset button.
    // Returns whether reset was pressed.
    bool draw(const Lines& lines) const;
    // Once the sums say the springs blew up: one line of why, for the overlay's notes, where
    // the learner looks first (draw()'s lines may be below the window's edge). Else empty.
    std::string blowUpNote(const char* scatter) const;
    // The pins changed after the cloth started: they hold the corners where they lie, which
    // looks like nothing happened until a reset hangs the cloth from them. Said on screen
    // until the next reset (resize).
    bool pinnedInPlace = false;
};

}  // namespace cloth
