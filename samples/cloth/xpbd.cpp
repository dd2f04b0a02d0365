// XPBD substeps on the GPU: predict, correct every distance constraint once, by colour
// (Gauss-Seidel, in place) or by Jacobi (into the other positions), finalize (README.md, 7).
#include "solvers.h"

namespace cloth {

void xpbdSubstep(GpuCloth& cloth, const XpbdPasses& xpbd, bool byColour) {
    cloth.bind();
    xpbd.predict.use();
    cloth.overGrid(xpbd.predict);
    // The constraint passes read the predicted positions and the starts.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    if (byColour) {
        xpbd.coloured.use();
        for (int c = 0; c < kColours; ++c) {
            glUniform1i(xpbd.coloured.uniform("colour"), c);
            dispatch(xpbd.coloured, colourExtent(c, cloth.columns(), cloth.rows()));
            // The next colour starts from the positions this one corrected.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
    } else {
        xpbd.jacobi.use();
        cloth.overGrid(xpbd.jacobi);
        // The finalize pass reads the corrected positions, from the other buffer.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        cloth.swapPositions();
        cloth.bind();
    }
    xpbd.finalize.use();
    cloth.overGrid(xpbd.finalize);
    // The next substep reads positions and velocities.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

}  // namespace cloth
