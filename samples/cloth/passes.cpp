// The cloth's substeps, every pass written out: bind, dispatch, and the barrier its readers
// need. The default: the explicit springs scattered per spring by graph colouring, or racing
// (README.md, 3 to 6). Off the default path: the explicit springs gathered per point into the
// other buffers (README.md, 4); XPBD: predict, correct every distance constraint once, by
// colour (Gauss-Seidel, in place) or by Jacobi (into the other positions), finalize (README.md,
// 7).
//
// Bind: each pass binds the block Physics at uniform point 0 and the buffers its shader reads
// and writes, at the storage points the shader declares (main.cpp's table), right before its
// dispatch. The shaders skip the overhang of the last work groups themselves (the grid, or a
// colour's extent, from the block).
#include "passes.h"

#include <cstdint>

namespace cloth {

void scatterSubstep(const GpuCloth& cloth, const SpringPasses& springs,
                    const cs::UniformBlock<Physics>& physics, bool byColour,
                    const cs::Buffer* lost) {
    const int columns = cloth.columns();
    const int rows = cloth.rows();
    springs.scatter.use();
    physics.bind(0);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, cloth.positions().id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, cloth.velocities().id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, cloth.restLengths().id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 6, cloth.forces().id());
    if (byColour) {
        for (int c = 0; c < kColours; ++c) {
            // The one uniform a dispatch sets: which colour's springs it takes.
            glUniform1i(springs.scatter.uniform("colour"), c);
            const glm::ivec2 extent = colourExtent(c, columns, rows);
            const glm::uvec3 groups = springs.scatter.groupsFor(extent.x, extent.y);
            glDispatchCompute(groups.x, groups.y, groups.z);
            // The next colour adds to the sums this one wrote (storage reads and writes).
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
    } else {
        // Every spring at once, invocation x = 6 * column + direction (springs_scatter.comp).
        glUniform1i(springs.scatter.uniform("colour"), -1);
        const glm::uvec3 groups = springs.scatter.groupsFor(6 * std::uint64_t(columns), rows);
        glDispatchCompute(groups.x, groups.y, groups.z);
        // The integration reads the sums (whatever the race left of them).
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    }
    if (lost) {
        const GLuint zero[2] = {0, 0};
        lost->upload(zero, sizeof zero);
        springs.raceCheck.use();
        physics.bind(0);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 6, cloth.forces().id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 7, lost->id());
        const glm::uvec3 groups = springs.raceCheck.groupsFor(columns, rows);
        glDispatchCompute(groups.x, groups.y, groups.z);
        // The integration zeroes the sums this pass reads: SHADER_STORAGE orders the two
        // dispatches. main.cpp's measure() copies the counts for the overlay (BUFFER_UPDATE).
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT | GL_BUFFER_UPDATE_BARRIER_BIT);
    }
    springs.integrate.use();
    physics.bind(0);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, cloth.positions().id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, cloth.velocities().id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, cloth.normals().id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 6, cloth.forces().id());
    const glm::uvec3 groups = springs.integrate.groupsFor(columns, rows);
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The next substep reads positions and velocities, and adds to the zeroed sums.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

void gatherSubstep(GpuCloth& cloth, const OtherPasses& passes,
                   const cs::UniformBlock<Physics>& physics) {
    const cs::Program& gather = passes.gather;
    gather.use();
    physics.bind(0);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, cloth.positions().id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, cloth.velocities().id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, cloth.otherPositions().id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, cloth.otherVelocities().id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, cloth.restLengths().id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, cloth.normals().id());
    const glm::uvec3 groups = gather.groupsFor(cloth.columns(), cloth.rows());
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The next substep reads these positions and velocities as storage.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    cloth.swapPositions();
    cloth.swapVelocities();
}

void xpbdSubstep(GpuCloth& cloth, const OtherPasses& xpbd, const cs::UniformBlock<Physics>& physics,
                 bool byColour) {
    const int columns = cloth.columns();
    const int rows = cloth.rows();
    xpbd.predict.use();
    physics.bind(0);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, cloth.positions().id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, cloth.velocities().id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, cloth.normals().id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 7, cloth.starts().id());
    glm::uvec3 groups = xpbd.predict.groupsFor(columns, rows);
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The constraint passes read the predicted positions and the starts.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
    if (byColour) {
        xpbd.coloured.use();
        physics.bind(0);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, cloth.positions().id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, cloth.restLengths().id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 7, cloth.starts().id());
        for (int c = 0; c < kColours; ++c) {
            const glm::ivec2 extent = colourExtent(c, columns, rows);
            glUniform1i(xpbd.coloured.uniform("colour"), c);
            groups = xpbd.coloured.groupsFor(extent.x, extent.y);
            glDispatchCompute(groups.x, groups.y, groups.z);
            // The next colour starts from the positions this one corrected.
            glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        }
    } else {
        xpbd.jacobi.use();
        physics.bind(0);
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, cloth.positions().id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, cloth.otherPositions().id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, cloth.restLengths().id());
        glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 7, cloth.starts().id());
        groups = xpbd.jacobi.groupsFor(columns, rows);
        glDispatchCompute(groups.x, groups.y, groups.z);
        // The finalize pass reads the corrected positions, from the other buffer.
        glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
        cloth.swapPositions();
    }
    xpbd.finalize.use();
    physics.bind(0);
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, cloth.positions().id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, cloth.velocities().id());
    glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 7, cloth.starts().id());
    groups = xpbd.finalize.groupsFor(columns, rows);
    glDispatchCompute(groups.x, groups.y, groups.z);
    // The next substep reads positions and velocities.
    glMemoryBarrier(GL_SHADER_STORAGE_BARRIER_BIT);
}

}  // namespace cloth
