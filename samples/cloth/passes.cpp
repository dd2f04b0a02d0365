// The cloth's substeps on the GPU, every pass written out: bind, dispatch, and the barrier its
// readers need. Explicit springs, gathered per point into the other buffers, or scattered per
// spring by graph colouring or racing (README.md, 3 to 6); XPBD: predict, correct every
// distance constraint once, by colour (Gauss-Seidel, in place) or by Jacobi (into the other
// positions), finalize (README.md, 7).
//
// Bind: main.cpp's gpuStep() binds the state once a step at the bindings every shader declares
// (GpuCloth::bind, state.h: 0, 1 the current positions and velocities, 2, 3 the other ones,
// 4 rest lengths, 5 normals, 6 force sums, 7 substep starts), and sets the numbers of
// cloth.glsl. A pass that swaps the current and the other buffer binds them again. `size` is
// the extent a dispatch covers, whose overhang the shader skips.
#include "passes.h"

#include <cstdint>

namespace cloth {

void gatherSubstep(GpuCloth& cloth, const SpringPasses& springs) {
    const int columns = cloth.columns(), rows = cloth.rows();
    springs.gather.use();
    glUniform2i(springs.gather.uniform("size"), columns, rows);
    const glm::uvec3 groups = springs.gather.groupsFor(columns, rows);
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The next substep reads these positions and velocities as storage.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    cloth.swapPositions();
    cloth.swapVelocities();
    cloth.bind();  // the next pass reads the new positions and velocities at 0 and 1
}

void scatterSubstep(GpuCloth& cloth, const SpringPasses& springs, bool byColour,
                    const cs::Buffer* lost) {
    const int columns = cloth.columns(), rows = cloth.rows();
    springs.scatter.use();
    if (byColour) {
        for (int c = 0; c < kColours; ++c) {
            const glm::ivec2 extent = colourExtent(c, columns, rows);
            glUniform1i(springs.scatter.uniform("colour"), c);
            glUniform2i(springs.scatter.uniform("size"), extent.x, extent.y);
            const glm::uvec3 groups = springs.scatter.groupsFor(extent.x, extent.y);
            glDispatchCompute(groups.x, groups.y, groups.z);
            // The next colour adds to the sums this one wrote (storage reads and writes).
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
    } else {
        // Every spring at once, invocation x = 6 * column + direction (springs_scatter.comp).
        glUniform1i(springs.scatter.uniform("colour"), -1);
        glUniform2i(springs.scatter.uniform("size"), 6 * columns, rows);
        const glm::uvec3 groups = springs.scatter.groupsFor(6 * std::uint64_t(columns), rows);
        glDispatchCompute(groups.x, groups.y, groups.z);
        // The integration reads the sums (whatever the race left of them).
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    if (lost) {
        const GLuint zero[2] = {0, 0};
        lost->upload(zero, sizeof zero);
        // Binding 7, the starts, which no pass of a springs step reads (race_check.comp).
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 7, lost->id());
        springs.raceCheck.use();
        glUniform2i(springs.raceCheck.uniform("size"), columns, rows);
        const glm::uvec3 groups = springs.raceCheck.groupsFor(columns, rows);
        glDispatchCompute(groups.x, groups.y, groups.z);
        // The integration zeroes the sums this pass reads: SHADER_STORAGE orders the two
        // dispatches. main.cpp's measure() copies the counts for the overlay (BUFFER_UPDATE).
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    }
    springs.integrate.use();
    glUniform2i(springs.integrate.uniform("size"), columns, rows);
    const glm::uvec3 groups = springs.integrate.groupsFor(columns, rows);
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The next substep reads positions and velocities, and adds to the zeroed sums.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void xpbdSubstep(GpuCloth& cloth, const XpbdPasses& xpbd, bool byColour) {
    const int columns = cloth.columns(), rows = cloth.rows();
    xpbd.predict.use();
    glUniform2i(xpbd.predict.uniform("size"), columns, rows);
    glm::uvec3 groups = xpbd.predict.groupsFor(columns, rows);
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The constraint passes read the predicted positions and the starts.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    if (byColour) {
        xpbd.coloured.use();
        for (int c = 0; c < kColours; ++c) {
            const glm::ivec2 extent = colourExtent(c, columns, rows);
            glUniform1i(xpbd.coloured.uniform("colour"), c);
            glUniform2i(xpbd.coloured.uniform("size"), extent.x, extent.y);
            groups = xpbd.coloured.groupsFor(extent.x, extent.y);
            glDispatchCompute(groups.x, groups.y, groups.z);
            // The next colour starts from the positions this one corrected.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
    } else {
        xpbd.jacobi.use();
        glUniform2i(xpbd.jacobi.uniform("size"), columns, rows);
        groups = xpbd.jacobi.groupsFor(columns, rows);
        glDispatchCompute(groups.x, groups.y, groups.z);
        // The finalize pass reads the corrected positions, from the other buffer.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        cloth.swapPositions();
        cloth.bind();  // finalize and the next passes read the corrected positions at 0
    }
    xpbd.finalize.use();
    glUniform2i(xpbd.finalize.uniform("size"), columns, rows);
    groups = xpbd.finalize.groupsFor(columns, rows);
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The next substep reads positions and velocities.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

}  // namespace cloth
