// Explicit mass-spring substeps on the GPU: gathered per point, double-buffered, or scattered
// per spring, by graph colouring or racing (README.md, 3 to 6).
#include "solvers.h"

namespace cloth {

void gatherSubstep(GpuCloth& cloth, const SpringPasses& springs) {
    cloth.bind();
    springs.gather.use();
    cloth.overGrid(springs.gather);
    // The next substep reads these positions and velocities as storage.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    cloth.swapPositions();
    cloth.swapVelocities();
}

void scatterSubstep(GpuCloth& cloth, const SpringPasses& springs, bool byColour,
                    const cs::Buffer* lost) {
    const int columns = cloth.columns(), rows = cloth.rows();
    cloth.bind();
    springs.scatter.use();
    if (byColour) {
        for (int c = 0; c < kColours; ++c) {
            const glm::ivec2 extent = colourExtent(c, columns, rows);
            glUniform1i(springs.scatter.uniform("colour"), c);
            dispatch(springs.scatter, extent);
            // The next colour adds to the sums this one wrote (storage reads and writes).
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
    } else {
        glUniform1i(springs.scatter.uniform("colour"), -1);
        dispatch(springs.scatter, {6 * columns, rows});
        // The integration reads the sums (whatever the race left of them).
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    if (lost) {
        const GLuint zero[2] = {0, 0};
        lost->upload(zero, sizeof zero);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 7, lost->id());  // see race_check.comp
        springs.raceCheck.use();
        cloth.overGrid(springs.raceCheck);
        // The integration zeroes the sums this pass reads: SHADER_STORAGE orders the two
        // dispatches. main.cpp's measure() downloads the counts (BUFFER_UPDATE).
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    }
    springs.integrate.use();
    cloth.overGrid(springs.integrate);
    // The next substep reads positions and velocities, and adds to the zeroed sums.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

}  // namespace cloth
